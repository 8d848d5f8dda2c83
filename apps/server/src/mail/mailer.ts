import type { Transporter } from 'nodemailer';
import type { Config } from '../config';

/** A file sent with an e-mail (an invoice's PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** One e-mail, in plain text and simple HTML, with any attachments. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go when not to SMTP_FROM (an organisation's accounts address on its invoices). */
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Hands the message to the SMTP server; rejects when the server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<void>;
}

const mailers = new WeakMap<Config, Mailer>();

/**
 * The mailer of a configuration: SMTP through nodemailer to `SMTP_URL` (smtp://user:password@host:587,
 * or smtps:// for TLS from the start), from `SMTP_FROM`; null when no SMTP_URL is set, and Wattle then
 * sends no e-mail. Each message opens its own connection (no pool), so nothing is left open to close
 * when the server stops.
 */
export function mailerFor(config: Config): Mailer | null {
  const { smtpUrl, from } = config.mail;
  if (!smtpUrl) return null;
  let mailer = mailers.get(config);
  if (!mailer) {
    // nodemailer is loaded with the first e-mail, not at start-up (idle memory, issue 18).
    let transport: Promise<Transporter> | undefined;
    mailer = {
      async send(message) {
        transport ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport(smtpUrl),
        );
        await (await transport).sendMail({ from, ...message });
      },
    };
    mailers.set(config, mailer);
  }
  return mailer;
}
