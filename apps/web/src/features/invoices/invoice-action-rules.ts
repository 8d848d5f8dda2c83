import type { Invoice, InvoiceSummary } from '@wattle/domain/invoices/schemas';
import { invoiceAllows } from '@wattle/domain/invoices/workflow';

/**
 * Which bulk and claim actions the invoice screens offer, on top of the domain's workflow table:
 * plain functions, unit-tested.
 */

/**
 * Whether every selected invoice allows the bulk action, as the server decides it: a submitted draft
 * needs lines and none with an error; a claim is only the NDIA's to pay.
 */
export function bulkAllows(
  selected: readonly InvoiceSummary[],
  action: 'submit' | 'send' | 'claim',
): boolean {
  if (selected.length === 0) return false;
  return selected.every(
    (invoice) =>
      invoiceAllows(invoice.status, action, invoice.paidCents) &&
      (action !== 'submit' || (invoice.lineCount > 0 && !invoice.hasErrors)) &&
      (action !== 'claim' || invoice.payer.kind === 'ndia'),
  );
}

/** Whether an NDIA invoice has lines to claim now: never claimed, or rejected (and, best, corrected). */
export function hasLinesToClaim(invoice: Pick<Invoice, 'payer' | 'lineItems'>): boolean {
  return (
    invoice.payer.kind === 'ndia' &&
    invoice.lineItems.some((line) => line.claimStatus === 'unclaimed' || line.claimStatus === 'rejected')
  );
}
