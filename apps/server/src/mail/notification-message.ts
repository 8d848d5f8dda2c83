import { type NotificationType, notificationToastTitles } from '@wattle/domain/notifications/rules';
import { escapeHtml } from './invitation-message';
import type { MailMessage } from './mailer';

export interface NotificationMailItem {
  type: NotificationType;
  message: string;
  /** An in-app path ('/card/…', '/inbox'). */
  link: string | null;
  createdAt: Date;
}

interface Common {
  to: string;
  recipientName: string;
  organisationName: string;
  /** Where Wattle is reached ('https://wattle.example.org'), for the links. */
  baseUrl: string;
  timeZone: string;
}

const settingsPath = '/settings/notifications';

/** One notification as its own e-mail: its title as the subject, the message and a link to it. */
export function notificationMessage(input: Common & { item: NotificationMailItem }): MailMessage {
  const title = notificationToastTitles[input.item.type];
  const link = `${input.baseUrl}${input.item.link ?? '/inbox'}`;
  const subject = `${title}: ${truncate(input.item.message, 120)}`;
  const text = [
    `Hello ${input.recipientName},`,
    '',
    input.item.message,
    '',
    `Open it in Wattle: ${link}`,
    '',
    footerText(input),
  ].join('\n');
  const html = wrapHtml([
    `<p>Hello ${escapeHtml(input.recipientName)},</p>`,
    `<p>${escapeHtml(input.item.message)}</p>`,
    `<p><a href="${escapeHtml(link)}">Open it in Wattle</a></p>`,
    footerHtml(input),
  ]);
  return { to: input.to, subject, text, html };
}

/** The daily digest: every notification still unread, oldest first, each with its link. */
export function digestMessage(input: Common & { items: readonly NotificationMailItem[] }): MailMessage {
  const count = input.items.length;
  const subject = `Your Wattle digest for ${input.organisationName}: ${count} unread notification${count === 1 ? '' : 's'}`;
  const when = (d: Date) =>
    new Intl.DateTimeFormat('en-AU', {
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: input.timeZone,
    }).format(d);
  const text = [
    `Hello ${input.recipientName},`,
    '',
    `You have ${count} unread notification${count === 1 ? '' : 's'} in ${input.organisationName}:`,
    '',
    ...input.items.map(
      (item) =>
        `- ${notificationToastTitles[item.type]} (${when(item.createdAt)}): ${item.message}\n  ${input.baseUrl}${item.link ?? '/inbox'}`,
    ),
    '',
    `Your inbox: ${input.baseUrl}/inbox`,
    '',
    footerText(input),
  ].join('\n');
  const html = wrapHtml([
    `<p>Hello ${escapeHtml(input.recipientName)},</p>`,
    `<p>You have ${count} unread notification${count === 1 ? '' : 's'} in <strong>${escapeHtml(input.organisationName)}</strong>:</p>`,
    '<ul>',
    ...input.items.map(
      (item) =>
        `<li><strong>${escapeHtml(notificationToastTitles[item.type])}</strong> <span style="color: #4b5563">(${escapeHtml(when(item.createdAt))})</span>: <a href="${escapeHtml(`${input.baseUrl}${item.link ?? '/inbox'}`)}">${escapeHtml(item.message)}</a></li>`,
    ),
    '</ul>',
    `<p><a href="${escapeHtml(`${input.baseUrl}/inbox`)}">Open your inbox</a></p>`,
    footerHtml(input),
  ]);
  return { to: input.to, subject, text, html };
}

function footerText(input: Common): string {
  return `You get this e-mail from ${input.organisationName} on Wattle. Choose which notifications are e-mailed: ${input.baseUrl}${settingsPath}`;
}

function footerHtml(input: Common): string {
  return `<p style="font-size: 0.9em; color: #4b5563">You get this e-mail from ${escapeHtml(input.organisationName)} on Wattle. <a href="${escapeHtml(`${input.baseUrl}${settingsPath}`)}">Choose which notifications are e-mailed</a>.</p>`;
}

function wrapHtml(body: string[]): string {
  return [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2937">',
    ...body,
    '</body></html>',
  ].join('\n');
}

function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
