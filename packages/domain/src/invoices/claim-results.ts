/**
 * The myplace portal's bulk payment request results (issue 15 part 6): after an upload is processed
 * the portal gives back, row by row, what it paid and what it refused and why. The server reads the
 * CSV into records (csv-parse); this module reads those records by the header's names, since the NDIA
 * has added and moved columns over the years (docs/decisions/0023-ndia-bulk-payment-request.md).
 */

import { formatCents } from '../participants/plans';

export const resultColumns = {
  reference: 'ClaimReference',
  status: 'Payment Request Status',
  paid: 'PaidTotalAmount',
  error: 'Error Message',
} as const;

/** What a row's status means for the line it answers. */
export type ClaimOutcome = 'paid' | 'rejected' | 'pending';

const statusOutcomes: Record<string, ClaimOutcome> = {
  SUCCESSFUL: 'paid',
  SUCCESS: 'paid',
  PAID: 'paid',
  APPROVED: 'paid',
  COMPLETED: 'paid',
  ERROR: 'rejected',
  REJECTED: 'rejected',
  FAILED: 'rejected',
  CANCELLED: 'rejected',
  PENDING: 'pending',
  'PENDING PAYMENT': 'pending',
  OPEN: 'pending',
  'AWAITING APPROVAL': 'pending',
};

export interface ClaimResultRow {
  /** The file's row number as a spreadsheet shows it (the header is row 1). */
  row: number;
  claimReference: string;
  outcome: ClaimOutcome;
  /** For a paid row: what the NDIA paid (it may be less than claimed when it caps the price). */
  paidCents: number;
  /** For a rejected row: the portal's error text. */
  error: string | null;
}

/** A file that is not a results file, or a row that cannot be read: nothing is imported. */
export class MalformedResultsError extends Error {
  constructor(
    message: string,
    readonly row: number | null,
    readonly column: string | null,
  ) {
    super(message);
    this.name = 'MalformedResultsError';
  }
}

function normaliseStatus(value: string): string {
  return value
    .trim()
    .toUpperCase()
    .replace(/[_\s]+/g, ' ');
}

/** `123.45`, `$1,234.50`, `0`: dollars to cents; null when it is not an amount of money. */
export function parseDollars(value: string): number | null {
  const cleaned = value.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * Reads the records of a results file (the first is its header). Every problem that makes the file
 * unusable throws `MalformedResultsError` naming the row and column; blank lines are skipped.
 */
export function readClaimResults(records: readonly (readonly string[])[]): ClaimResultRow[] {
  const [header, ...body] = records;
  if (!header || header.every((cell) => cell.trim() === '')) {
    throw new MalformedResultsError('The file is empty: it has no header row', 1, null);
  }
  const names = header.map((cell) => cell.replace(/^\uFEFF/, '').trim());
  const index = (column: string): number => {
    const at = names.findIndex((name) => name.toLowerCase() === column.toLowerCase());
    if (at < 0) {
      throw new MalformedResultsError(
        `This is not a bulk payment request results file: it has no "${column}" column`,
        1,
        column,
      );
    }
    return at;
  };
  const at = {
    reference: index(resultColumns.reference),
    status: index(resultColumns.status),
    paid: index(resultColumns.paid),
    error: index(resultColumns.error),
  };

  const results: ClaimResultRow[] = [];
  const seen = new Map<string, number>();
  body.forEach((record, i) => {
    const row = i + 2;
    if (record.every((cell) => cell.trim() === '')) return;
    const cell = (n: number) => (record[n] ?? '').trim();
    const claimReference = cell(at.reference);
    if (!claimReference) {
      throw new MalformedResultsError(
        `Row ${row}: the ClaimReference is empty`,
        row,
        resultColumns.reference,
      );
    }
    const earlier = seen.get(claimReference);
    if (earlier !== undefined) {
      throw new MalformedResultsError(
        `Row ${row}: the ClaimReference "${claimReference}" is also on row ${earlier}`,
        row,
        resultColumns.reference,
      );
    }
    seen.set(claimReference, row);
    const status = cell(at.status);
    const outcome = statusOutcomes[normaliseStatus(status)];
    if (!outcome) {
      throw new MalformedResultsError(
        `Row ${row}: "${status}" is not a payment request status the portal uses (e.g. SUCCESSFUL, ERROR, PENDING)`,
        row,
        resultColumns.status,
      );
    }
    let paidCents = 0;
    if (outcome === 'paid') {
      const paid = parseDollars(cell(at.paid));
      if (paid === null) {
        throw new MalformedResultsError(
          `Row ${row}: the PaidTotalAmount "${cell(at.paid)}" is not an amount of money`,
          row,
          resultColumns.paid,
        );
      }
      paidCents = paid;
    }
    const errorText = cell(at.error);
    results.push({
      row,
      claimReference,
      outcome,
      paidCents,
      error: outcome === 'rejected' ? errorText || `The NDIA refused the claim (${status})` : null,
    });
  });
  if (results.length === 0) {
    throw new MalformedResultsError('The file has a header but no result rows', null, null);
  }
  return results;
}

/** The results split by whether their reference belongs to the batch being imported. */
export function matchClaimResults<T>(
  results: readonly ClaimResultRow[],
  claimed: ReadonlyMap<string, T>,
): { matched: { result: ClaimResultRow; claim: T }[]; unknownReferences: string[] } {
  const matched: { result: ClaimResultRow; claim: T }[] = [];
  const unknownReferences: string[] = [];
  for (const result of results) {
    const claim = claimed.get(result.claimReference);
    if (claim === undefined) unknownReferences.push(result.claimReference);
    else matched.push({ result, claim });
  }
  return { matched, unknownReferences };
}

/**
 * The NDIA pays a claimed line at most what was claimed (less when it caps the price), never more: a
 * paid row above its line's claimed amount means the file is not this batch's results as claimed,
 * and nothing of it is imported. Throws `MalformedResultsError` naming the first such row.
 */
export function checkPaidWithinClaimed(
  matched: readonly { result: ClaimResultRow; claim: { amountCents: number } }[],
): void {
  for (const { result, claim } of matched) {
    if (result.outcome === 'paid' && result.paidCents > claim.amountCents) {
      throw new MalformedResultsError(
        `Row ${result.row}: the PaidTotalAmount ${formatCents(result.paidCents)} is more than the ${formatCents(claim.amountCents)} claimed for ${result.claimReference}`,
        result.row,
        resultColumns.paid,
      );
    }
  }
}
