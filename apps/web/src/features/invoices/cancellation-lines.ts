import type { CancellationReason } from '@wattle/domain/invoices/bulk-payment-request';
import type { ClaimStatus, Invoice, InvoiceLine } from '@wattle/domain/invoices/schemas';

/**
 * Which lines of the invoices about to be claimed need the portal's cancellation reason (issue 15
 * part 6): a short-notice cancellation (claim type CANC) still to claim on an NDIA-paid invoice. The
 * server refuses a claim with such a line and no reason, so the web asks for each before it claims.
 */
export interface CancellationLine {
  invoiceNumber: string;
  line: InvoiceLine;
}

/** As the server claims them: lines never claimed, or rejected by the portal. */
const claimableStatuses: readonly ClaimStatus[] = ['unclaimed', 'rejected'];

/** The CANC lines still to claim (never claimed, or rejected), in invoice then line order. */
export function cancellationLinesToClaim(
  invoices: readonly Pick<Invoice, 'invoiceNumber' | 'payer' | 'lineItems'>[],
): CancellationLine[] {
  return invoices
    .filter((invoice) => invoice.payer.kind === 'ndia')
    .toSorted((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber, 'en', { numeric: true }))
    .flatMap((invoice) =>
      invoice.lineItems
        .filter((line) => line.claimType === 'CANC' && claimableStatuses.includes(line.claimStatus))
        .toSorted((a, b) => a.lineNumber - b.lineNumber)
        .map((line) => ({ invoiceNumber: invoice.invoiceNumber, line })),
    );
}

/** Chosen reasons so far, by line id; a line without one is not yet chosen. */
export type ChosenReasons = Partial<Record<string, CancellationReason>>;

/**
 * The `cancellationReasons` body of `POST /api/claims` when every line has its reason, keyed by line
 * id; otherwise the ids of the lines still without one (in the order shown).
 */
export function completeReasons(
  lines: readonly CancellationLine[],
  chosen: ChosenReasons,
): { reasons: Record<string, CancellationReason> } | { missing: string[] } {
  const missing = lines.filter(({ line }) => !chosen[line.id]).map(({ line }) => line.id);
  if (missing.length > 0) return { missing };
  return { reasons: Object.fromEntries(lines.map(({ line }) => [line.id, chosen[line.id]!])) };
}
