import type { InvoiceLine, InvoiceStatus, InvoiceSummary } from '@wattle/domain/invoices/schemas';

/**
 * My invoices (issue 15 part 4), grouped: drafts an approver sent back (a draft with a rejection
 * reason) first, then the rest as they stand. Pure, unit-tested.
 */
export interface MyInvoiceGroups {
  sentBack: InvoiceSummary[];
  others: InvoiceSummary[];
}

export function isSentBack(invoice: Pick<InvoiceSummary, 'status' | 'rejectionReason'>): boolean {
  return invoice.status === 'draft' && Boolean(invoice.rejectionReason);
}

export function groupMyInvoices(invoices: readonly InvoiceSummary[]): MyInvoiceGroups {
  const sentBack: InvoiceSummary[] = [];
  const others: InvoiceSummary[] = [];
  for (const invoice of invoices) (isSentBack(invoice) ? sentBack : others).push(invoice);
  return { sentBack, others };
}

/**
 * Issued NDIA invoices, whose lines may have been claimed and so may hold a rejected claim line
 * (others are never claimed: their details are not read for nothing).
 */
const claimableStatuses: readonly InvoiceStatus[] = ['sent', 'part-paid', 'overdue', 'approved'];

export function mayHaveClaimResults(invoice: Pick<InvoiceSummary, 'status' | 'payer'>): boolean {
  return invoice.payer.kind === 'ndia' && claimableStatuses.includes(invoice.status);
}

/** The lines the NDIA rejected, with the portal's words, to be corrected and claimed again. */
export function rejectedClaimLines(lines: readonly InvoiceLine[]): InvoiceLine[] {
  return lines.filter((line) => line.claimStatus === 'rejected');
}
