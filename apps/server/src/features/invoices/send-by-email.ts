import type { Invoice } from '@wattle/domain/invoices/schemas';
import type { Config } from '../../config';
import type { TenantContext } from '../../http/tenant-scope';
import { mailerFor } from '../../mail/mailer';
import { writeAudit } from '../audit/write-audit';
import { emailInvoice, invoiceGoesByEmail } from '../invoice-pdf/email-invoice';
import { readTaxInvoiceProvider } from '../invoice-pdf/read-tax-invoice-provider';
import { renderTaxInvoicePdf } from '../invoice-pdf/render-tax-invoice';

/**
 * A sent invoice whose payer is a plan manager, self-managed participant or nominee with an e-mail
 * address goes to them as a PDF, inside the transaction that marks it sent: a refused or failed
 * send rolls the sending back (the error says why) so it can be retried. Without SMTP on the server,
 * or without an address, the invoice is sent with nothing e-mailed (its PDF is there to download).
 * Answers to whom it went, or null.
 */
export async function emailSentInvoice(
  ctx: TenantContext,
  config: Config,
  invoice: Invoice,
): Promise<string | null> {
  const mailer = mailerFor(config);
  if (!mailer || !invoiceGoesByEmail(invoice)) return null;
  const provider = await readTaxInvoiceProvider(ctx);
  const pdf = await renderTaxInvoicePdf(invoice, provider);
  const { to } = await emailInvoice(mailer, invoice, provider, pdf);
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'invoice',
    entityId: invoice.id,
    action: 'emailed',
    metadata: { to, invoiceNumber: invoice.invoiceNumber },
  });
  return to;
}
