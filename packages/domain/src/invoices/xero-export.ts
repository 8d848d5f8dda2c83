import { dollarsCell, quantityCell } from './bulk-payment-request';
import { dayMonthYear } from './dates';
import type { GstCode, Payer } from './schemas';

/**
 * The accounting export (issue 15 part 7): issued invoices in the layout Xero's "Import sales
 * invoices" takes, one row per line, and payments as a statement file Xero's bank statement import
 * reads (Xero has no CSV import of invoice payments). Choices and sources:
 * docs/decisions/0023-ndia-bulk-payment-request.md.
 */

/** Xero's sales invoice template, in its order; `*` marks the columns Xero requires. */
export const xeroInvoiceColumns = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'Total',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
] as const;

/** Xero's Australian tax rates for the NDIA GST codes. */
export const xeroTaxTypes: Record<GstCode, string> = {
  P1: 'GST on Income',
  P2: 'GST Free Income',
  P5: 'BAS Excluded',
};

/** Xero's default Sales account in an Australian chart of accounts. */
export const xeroSalesAccountCode = '200';

export interface XeroInvoiceLine {
  supportItemNumber: string;
  supportItemName: string;
  description: string;
  serviceDateFrom: string;
  serviceDateTo: string;
  quantity: number;
  unitPriceCents: number;
  gstCode: GstCode;
  gstCents: number;
}

export interface XeroInvoice {
  invoiceNumber: string;
  payer: Payer;
  participantName: string;
  ndisNumber: string | null;
  issueDate: string;
  dueDate: string;
  totalCents: number;
  lines: readonly XeroInvoiceLine[];
}

function lineDescription(line: XeroInvoiceLine): string {
  const dates =
    line.serviceDateFrom === line.serviceDateTo
      ? dayMonthYear(line.serviceDateFrom)
      : `${dayMonthYear(line.serviceDateFrom)} to ${dayMonthYear(line.serviceDateTo)}`;
  const extra = line.description.trim();
  return `${line.supportItemNumber} ${line.supportItemName}, ${dates}${extra ? ` (${extra})` : ''}`;
}

/**
 * One row per line of an issued invoice, amounts tax exclusive (the import is made with "Tax
 * exclusive" chosen). The contact is the payer; the reference names the participant, so the
 * bookkeeper sees whose supports each invoice is for.
 */
export function xeroInvoiceRows(invoice: XeroInvoice): string[][] {
  const reference = invoice.ndisNumber
    ? `${invoice.participantName} (NDIS ${invoice.ndisNumber})`
    : invoice.participantName;
  return invoice.lines.map((line) => [
    invoice.payer.name,
    invoice.payer.email ?? '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    invoice.invoiceNumber,
    reference,
    dayMonthYear(invoice.issueDate),
    dayMonthYear(invoice.dueDate),
    dollarsCell(invoice.totalCents),
    '',
    lineDescription(line),
    quantityCell(line.quantity),
    dollarsCell(line.unitPriceCents),
    '',
    xeroSalesAccountCode,
    xeroTaxTypes[line.gstCode],
    dollarsCell(line.gstCents),
    '',
    '',
    '',
    '',
    'AUD',
    '',
  ]);
}

/** A statement line per payment: what Xero's bank statement import maps, plus the invoice it pays. */
export const xeroPaymentColumns = [
  'Date',
  'Amount',
  'Payee',
  'Reference',
  'InvoiceNumber',
  'Description',
] as const;

export interface XeroPayment {
  date: string;
  amountCents: number;
  payerName: string;
  reference: string;
  invoiceNumber: string;
  source: 'manual' | 'ndia';
}

export function xeroPaymentRows(payments: readonly XeroPayment[]): string[][] {
  return payments.map((p) => [
    dayMonthYear(p.date),
    dollarsCell(p.amountCents),
    p.payerName,
    p.reference,
    p.invoiceNumber,
    p.source === 'ndia' ? `NDIA claim payment for ${p.invoiceNumber}` : `Payment for ${p.invoiceNumber}`,
  ]);
}
