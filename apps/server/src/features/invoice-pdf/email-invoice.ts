import type { Invoice } from '@wattle/domain/invoices/schemas';
import { formatCents } from '@wattle/domain/participants/plans';
import { AppError } from '../../http/app-error';
import { escapeHtml } from '../../mail/invitation-message';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { formatDate } from '../cards/pdf-text';
import {
  formatBsb,
  invoicePdfFileName,
  type TaxInvoiceProvider,
  taxInvoiceTitle,
} from './render-tax-invoice';

/**
 * Plan managers and self-managed participants (or their nominees) are sent their invoices by e-mail;
 * the NDIA is claimed through the bulk payment request instead, so its invoices never go by e-mail.
 */
export function invoiceGoesByEmail(invoice: Pick<Invoice, 'payer'>): boolean {
  return invoice.payer.kind !== 'ndia' && Boolean(invoice.payer.email?.trim());
}

export const invoiceEmailMessages = {
  ndia: 'Invoices paid by the NDIA are claimed through the bulk payment request, not sent by e-mail',
  noEmail: "The payer has no e-mail address: add it to the participant's plan and send again",
  noSmtp: 'E-mail is not set up on this server (SMTP_URL), so the invoice could not be e-mailed',
  failed: 'The invoice e-mail could not be sent; try again later',
} as const;

/** The e-mail carrying an invoice's PDF: who it is from, what it is for, what is owed and how to pay. */
export function invoiceEmailMessage(
  invoice: Invoice,
  provider: TaxInvoiceProvider,
  pdf: Buffer,
): MailMessage {
  const title = taxInvoiceTitle(invoice);
  const balance = formatCents(invoice.totalCents - invoice.paidCents);
  const due = invoice.dueDate ? ` by ${formatDate(invoice.dueDate)}` : ` within ${invoice.paymentTerms} days`;
  const period = `${formatDate(invoice.periodFrom)} to ${formatDate(invoice.periodTo)}`;
  const participant = `${invoice.participantName}${invoice.ndisNumber ? ` (NDIS number ${invoice.ndisNumber})` : ''}`;
  const bank = provider.bank;
  const paymentLines = bank
    ? [
        `Account name: ${bank.accountName}`,
        `BSB: ${formatBsb(bank.bsb)}`,
        `Account number: ${bank.accountNumber}`,
        `Reference: ${invoice.invoiceNumber}`,
      ]
    : [`Reference: ${invoice.invoiceNumber}`];
  const text = [
    `Hello ${invoice.payer.name},`,
    '',
    `Please find attached ${title.toLowerCase()} ${invoice.invoiceNumber} from ${provider.legalName} for supports delivered to ${participant} from ${period}.`,
    '',
    `Total: ${formatCents(invoice.totalCents)}`,
    `Balance due: ${balance}${due}`,
    '',
    'Please pay by bank transfer to:',
    ...paymentLines,
    '',
    `${provider.legalName}${provider.email ? `, ${provider.email}` : ''}${provider.phone ? `, ${provider.phone}` : ''}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2937">',
    `<p>Hello ${escapeHtml(invoice.payer.name)},</p>`,
    `<p>Please find attached ${escapeHtml(title.toLowerCase())} <strong>${escapeHtml(invoice.invoiceNumber)}</strong> from ${escapeHtml(provider.legalName)} for supports delivered to ${escapeHtml(participant)} from ${escapeHtml(period)}.</p>`,
    `<p>Total: <strong>${escapeHtml(formatCents(invoice.totalCents))}</strong><br>Balance due: <strong>${escapeHtml(balance)}</strong>${escapeHtml(due)}</p>`,
    `<p>Please pay by bank transfer to:<br>${paymentLines.map(escapeHtml).join('<br>')}</p>`,
    `<p style="font-size: 0.9em; color: #4b5563">${escapeHtml(provider.legalName)}${provider.email ? `, ${escapeHtml(provider.email)}` : ''}${provider.phone ? `, ${escapeHtml(provider.phone)}` : ''}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: invoice.payer.email ?? '',
    subject: `${title} ${invoice.invoiceNumber} from ${provider.legalName}`,
    text,
    html,
    ...(provider.email ? { replyTo: provider.email } : {}),
    attachments: [{ filename: invoicePdfFileName(invoice), content: pdf, contentType: 'application/pdf' }],
  };
}

/**
 * Sends the invoice's PDF to the payer's e-mail through the server's SMTP mailer (`mailerFor(config)`),
 * with replies going to the provider's accounts address. Refuses (AppError, nothing sent) an NDIA
 * payer, a payer without an e-mail address, and a server without SMTP; a send the SMTP server refuses
 * or cannot take is an UNAVAILABLE error. Call it after the transaction that marks the invoice sent
 * has what it needs, so a failed send can be told to the user and retried.
 */
export async function emailInvoice(
  mailer: Mailer | null,
  invoice: Invoice,
  provider: TaxInvoiceProvider,
  pdf: Buffer,
): Promise<{ to: string }> {
  if (invoice.payer.kind === 'ndia') throw new AppError('VALIDATION_FAILED', invoiceEmailMessages.ndia);
  const to = invoice.payer.email?.trim();
  if (!to) throw new AppError('VALIDATION_FAILED', invoiceEmailMessages.noEmail);
  if (!mailer) throw new AppError('UNAVAILABLE', invoiceEmailMessages.noSmtp);
  try {
    await mailer.send({ ...invoiceEmailMessage(invoice, provider, pdf), to });
  } catch (error) {
    // The SMTP server's own words stay in the log (as the cause), not in the answer to the user.
    const refusal = new AppError('UNAVAILABLE', invoiceEmailMessages.failed);
    refusal.cause = error;
    throw refusal;
  }
  return { to };
}
