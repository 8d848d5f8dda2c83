import { parseSupportItemNumber } from '../time/catalogue';
import type { ClaimType, GstCode } from './schemas';
import { gstCodes } from './schemas';
import { isValidAbn } from './tax-invoice-settings';

/**
 * The NDIA bulk payment request (issue 15 part 6): the CSV file the myplace provider portal takes to
 * claim many agency-managed supports at once. The layout, and why each cell is written as it is, is
 * recorded in docs/decisions/0023-ndia-bulk-payment-request.md. Every row is checked here before a
 * file is made, because the portal refuses a whole file for one bad row.
 */

/** The portal's 16 columns, in its order; the header line is exactly these names joined by commas. */
export const bulkPaymentRequestColumns = [
  'RegistrationNumber',
  'NDISNumber',
  'SupportsDeliveredFrom',
  'SupportsDeliveredTo',
  'SupportNumber',
  'ClaimReference',
  'Quantity',
  'Hours',
  'UnitPrice',
  'GSTCode',
  'AuthorisedBy',
  'ParticipantApproved',
  'InKindFundingProgram',
  'ClaimType',
  'CancellationReason',
  'ABN of Support Provider',
] as const;
export type BulkPaymentColumn = (typeof bulkPaymentRequestColumns)[number];

/** The portal's cancellation reasons for a CANC claim: no show due to health, family, transport, other. */
export const cancellationReasons = ['NSDH', 'NSDF', 'NSDT', 'NSDO'] as const;
export type CancellationReason = (typeof cancellationReasons)[number];
export const cancellationReasonLabels: Record<CancellationReason, string> = {
  NSDH: 'No show due to health reasons',
  NSDF: 'No show due to family issues',
  NSDT: 'No show due to unavailability of transport',
  NSDO: 'Other',
};

/** The portal takes a claim reference of at most 50 characters. */
export const claimReferenceMaxLength = 50;
/** Letters, digits and the separators a reference built from an invoice number uses. */
const claimReferencePattern = /^[A-Za-z0-9][A-Za-z0-9/_-]*$/;

/** Who claims: from the tenant's tax-invoice settings. */
export interface BulkProvider {
  registrationNumber: string | null | undefined;
  abn: string | null | undefined;
}

/** One invoice line to claim, with what the row needs from its invoice and participant. */
export interface BulkLine {
  invoiceNumber: string;
  lineNumber: number;
  ndisNumber: string | null;
  serviceDateFrom: string;
  serviceDateTo: string;
  supportItemNumber: string;
  claimReference: string;
  quantity: number;
  /** The catalogue's unit: 'H' is hour-priced, and its row carries Hours instead of Quantity. */
  unit: string;
  /** A time entry's billable minutes, when the line came from one. */
  minutes: number | null;
  unitPriceCents: number;
  gstCode: GstCode;
  claimType: ClaimType;
  cancellationReason: CancellationReason | null;
}

/** One problem of one row, named so the person fixing it finds the invoice line. */
export interface BulkRowProblem {
  invoiceNumber: string;
  lineNumber: number;
  claimReference: string;
  column: BulkPaymentColumn;
  message: string;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function hasTwoDecimalsAtMost(n: number): boolean {
  return Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
}

/**
 * An hour-priced line's duration as the portal's Hours cell, hh:mm: a time entry's own minutes, or
 * the quantity in hours when it is a whole number of minutes. Null when it is not (1.33 hours): such a
 * line is claimed by its decimal Quantity instead, which the portal also takes for an hourly item.
 */
export function hoursCell(line: Pick<BulkLine, 'unit' | 'minutes' | 'quantity'>): string | null {
  if (line.unit !== 'H') return null;
  const fromQuantity = Math.round(line.quantity * 60 * 100) / 100;
  const minutes =
    line.minutes !== null && Math.abs(line.minutes - fromQuantity) < 0.5
      ? line.minutes
      : Number.isInteger(fromQuantity)
        ? fromQuantity
        : null;
  if (minutes === null || minutes <= 0) return null;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Dollars with two decimals and no symbol or thousands separator: 1234.50. */
export function dollarsCell(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A quantity with two decimals: 1.00, 2.50. */
export function quantityCell(quantity: number): string {
  return dollarsCell(Math.round(quantity * 100));
}

function digitsOnly(value: string | null | undefined): string {
  return (value ?? '').replace(/\s/g, '');
}

/** The row of one line, in the portal's column order. */
export function bulkPaymentRow(line: BulkLine, provider: BulkProvider): string[] {
  const hours = hoursCell(line);
  return [
    digitsOnly(provider.registrationNumber),
    digitsOnly(line.ndisNumber),
    line.serviceDateFrom,
    line.serviceDateTo,
    line.supportItemNumber.trim(),
    line.claimReference,
    hours === null ? quantityCell(line.quantity) : '',
    hours ?? '',
    dollarsCell(line.unitPriceCents),
    line.gstCode,
    // AuthorisedBy, ParticipantApproved and InKindFundingProgram: the portal no longer uses them.
    '',
    '',
    '',
    line.claimType,
    line.claimType === 'CANC' ? (line.cancellationReason ?? '') : '',
    digitsOnly(provider.abn),
  ];
}

/**
 * Everything wrong with one line's row, each problem named by its column. `seenReferences` holds the
 * references of the rows before it (in this file and already claimed), so a repeat is caught.
 */
export function checkBulkRow(
  line: BulkLine,
  provider: BulkProvider,
  seenReferences: ReadonlySet<string> = new Set(),
): BulkRowProblem[] {
  const problems: BulkRowProblem[] = [];
  const add = (column: BulkPaymentColumn, message: string) =>
    problems.push({
      invoiceNumber: line.invoiceNumber,
      lineNumber: line.lineNumber,
      claimReference: line.claimReference,
      column,
      message,
    });

  const registration = digitsOnly(provider.registrationNumber);
  if (!registration) {
    add(
      'RegistrationNumber',
      "The organisation's NDIS registration number is missing; add it in Settings → Tax invoice",
    );
  } else if (!/^\d{9,12}$/.test(registration)) {
    add('RegistrationNumber', `"${registration}" is not an NDIS registration number (9 to 12 digits)`);
  }
  const abn = digitsOnly(provider.abn);
  if (!abn) {
    add('ABN of Support Provider', "The organisation's ABN is missing; add it in Settings → Tax invoice");
  } else if (!isValidAbn(abn)) {
    add('ABN of Support Provider', `"${abn}" is not a valid ABN`);
  }

  const ndis = digitsOnly(line.ndisNumber);
  if (!ndis) add('NDISNumber', "The participant's NDIS number is missing");
  else if (!/^\d{9}$/.test(ndis)) add('NDISNumber', `"${ndis}" is not an NDIS number (9 digits)`);

  const fromOk = isRealDate(line.serviceDateFrom);
  const toOk = isRealDate(line.serviceDateTo);
  if (!fromOk) add('SupportsDeliveredFrom', `"${line.serviceDateFrom}" is not a date (yyyy-mm-dd)`);
  if (!toOk) add('SupportsDeliveredTo', `"${line.serviceDateTo}" is not a date (yyyy-mm-dd)`);
  if (fromOk && toOk && line.serviceDateTo < line.serviceDateFrom) {
    add('SupportsDeliveredTo', 'The support ends before it starts');
  }

  if (parseSupportItemNumber(line.supportItemNumber) === null) {
    add('SupportNumber', `"${line.supportItemNumber}" is not a support item number (like 01_011_0107_1_1)`);
  }

  const reference = line.claimReference;
  if (!reference) add('ClaimReference', 'The claim reference is missing');
  else if (reference.length > claimReferenceMaxLength) {
    add('ClaimReference', `The claim reference is longer than ${claimReferenceMaxLength} characters`);
  } else if (!claimReferencePattern.test(reference)) {
    add('ClaimReference', `"${reference}" may hold only letters, digits, "-", "_" and "/"`);
  } else if (seenReferences.has(reference)) {
    add('ClaimReference', `The claim reference "${reference}" is used more than once`);
  }

  if (!(line.quantity > 0) || !hasTwoDecimalsAtMost(line.quantity)) {
    add('Quantity', `${line.quantity} is not a quantity (more than 0, at most two decimals)`);
  } else if (line.quantity >= 1_000_000) {
    add('Quantity', 'The quantity has more than 6 digits before the decimal point');
  }
  if (!Number.isInteger(line.unitPriceCents) || line.unitPriceCents <= 0) {
    add('UnitPrice', 'The unit price must be more than $0.00');
  } else if (line.unitPriceCents >= 100_000_000_00) {
    add('UnitPrice', 'The unit price has more than 8 digits before the decimal point');
  }
  if (!(gstCodes as readonly string[]).includes(line.gstCode)) {
    add('GSTCode', `"${line.gstCode}" is not a GST code (P1, P2 or P5)`);
  }

  if (!(['', 'CANC', 'REPW', 'TRAN', 'NF2F'] as const).includes(line.claimType)) {
    add('ClaimType', `"${line.claimType}" is not a claim type (blank, CANC, REPW, TRAN or NF2F)`);
  }
  if (line.claimType === 'CANC') {
    if (!line.cancellationReason) {
      add(
        'CancellationReason',
        'A cancellation claim needs its reason: NSDH (health), NSDF (family), NSDT (transport) or NSDO (other)',
      );
    } else if (!(cancellationReasons as readonly string[]).includes(line.cancellationReason)) {
      add('CancellationReason', `"${line.cancellationReason}" is not a cancellation reason`);
    }
  }
  return problems;
}

/**
 * The rows of a batch and every problem of every row. `claimedReferences` are the tenant's references
 * already sent in earlier batches: the portal refuses a reference it has seen.
 */
export function bulkPaymentRows(
  lines: readonly BulkLine[],
  provider: BulkProvider,
  claimedReferences: ReadonlySet<string> = new Set(),
): { rows: string[][]; problems: BulkRowProblem[] } {
  const seen = new Set(claimedReferences);
  const rows: string[][] = [];
  const problems: BulkRowProblem[] = [];
  for (const line of lines) {
    problems.push(...checkBulkRow(line, provider, seen));
    seen.add(line.claimReference);
    rows.push(bulkPaymentRow(line, provider));
  }
  return { rows, problems };
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The file: the header line, then one line per row, each ended by CRLF (RFC 4180, and what a file
 * saved from the portal's Excel template has). The cells are codes, dates and numbers, so quoting is
 * only a safeguard.
 */
export function toBulkPaymentCsv(rows: readonly (readonly string[])[]): string {
  return [bulkPaymentRequestColumns, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/**
 * A line's claim reference: `<invoiceNumber>-<lineNumber>` the first time, then `-R2`, `-R3` … when a
 * rejected line is claimed again (the portal refuses a reference it has already seen).
 */
export function claimReferenceFor(invoiceNumber: string, lineNumber: number, attempt: number): string {
  const base = `${invoiceNumber}-${lineNumber}`;
  return attempt <= 1 ? base : `${base}-R${attempt}`;
}
