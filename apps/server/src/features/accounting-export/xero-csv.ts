import {
  type XeroInvoice,
  xeroInvoiceColumns,
  xeroInvoiceRows,
  xeroPaymentColumns,
  xeroPaymentRows,
} from '@wattle/domain/invoices/xero-export';
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, eq, gte, inArray, lte } from 'drizzle-orm';
import { invoiceLines, invoicePayments, invoices } from '../../db/schema/invoices';
import { participants } from '../../db/schema/participants';
import { AppError } from '../../http/app-error';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { neutraliseFormula } from '../time-entries/export-time-entries';

/** The most rows one export holds; a longer period is exported in parts. */
export const maxExportRows = 50_000;

/** Issued invoices: a void one was cancelled and is left out (Xero would need it voided too). */
const exportedStatuses = ['sent', 'part-paid', 'paid', 'overdue'] as const;

export interface ExportPeriod {
  from: string;
  to: string;
}

function toCsv(header: readonly string[], rows: readonly string[][]): string {
  // Names, descriptions and references are typed by people: none may run as a spreadsheet formula.
  return stringify([[...header], ...rows.map((row) => row.map(neutraliseFormula))], {
    record_delimiter: 'windows',
  });
}

function tooMany(): AppError {
  return new AppError(
    'BAD_REQUEST',
    `An export holds at most ${maxExportRows.toLocaleString('en-AU')} rows; choose a shorter period`,
  );
}

/**
 * `GET /api/invoices/export/xero.csv`: the invoices issued from..to (by issue date), one row per line in
 * Xero's sales invoice import template, by invoice number and line number.
 */
export async function xeroInvoicesCsv(ctx: TenantContext, period: ExportPeriod): Promise<string> {
  requireTenantPermission(ctx, 'read:invoices');
  const inPeriod = and(
    eq(invoices.tenantId, ctx.tenantId),
    inArray(invoices.status, [...exportedStatuses]),
    gte(invoices.issueDate, period.from),
    lte(invoices.issueDate, period.to),
  );
  const [counted] = await ctx.tx
    .select({ n: count() })
    .from(invoiceLines)
    .innerJoin(
      invoices,
      and(eq(invoices.tenantId, invoiceLines.tenantId), eq(invoices.id, invoiceLines.invoiceId)),
    )
    .where(inPeriod);
  if ((counted?.n ?? 0) > maxExportRows) throw tooMany();
  const heads = await ctx.tx
    .select({ invoice: invoices, participantName: participants.name, ndisNumber: participants.ndisNumber })
    .from(invoices)
    .innerJoin(
      participants,
      and(eq(participants.tenantId, invoices.tenantId), eq(participants.id, invoices.participantId)),
    )
    .where(inPeriod)
    .orderBy(asc(invoices.number));
  const lines =
    heads.length === 0
      ? []
      : await ctx.tx
          .select()
          .from(invoiceLines)
          .where(
            and(
              eq(invoiceLines.tenantId, ctx.tenantId),
              inArray(
                invoiceLines.invoiceId,
                heads.map((h) => h.invoice.id),
              ),
            ),
          )
          .orderBy(asc(invoiceLines.lineNumber));
  const linesOf = new Map<string, typeof lines>();
  for (const line of lines) linesOf.set(line.invoiceId, [...(linesOf.get(line.invoiceId) ?? []), line]);
  const rows = heads.flatMap(({ invoice, participantName, ndisNumber }) => {
    const xero: XeroInvoice = {
      invoiceNumber: invoice.invoiceNumber,
      payer: invoice.payer,
      participantName,
      ndisNumber,
      issueDate: invoice.issueDate!,
      dueDate: invoice.dueDate ?? invoice.issueDate!,
      totalCents: invoice.totalCents,
      lines: (linesOf.get(invoice.id) ?? []).map((l) => ({
        supportItemNumber: l.supportItemNumber,
        supportItemName: l.supportItemName,
        description: l.description,
        serviceDateFrom: l.serviceDateFrom,
        serviceDateTo: l.serviceDateTo,
        quantity: Number(l.quantity),
        unitPriceCents: l.unitPriceCents,
        gstCode: l.gstCode,
        gstCents: l.gstCents,
      })),
    };
    return xeroInvoiceRows(xero);
  });
  return toCsv(xeroInvoiceColumns, rows);
}

/**
 * `GET /api/invoices/export/payments.csv`: the payments dated from..to (by hand and from NDIA claim
 * results), by date, as statement lines naming the invoice each pays.
 */
export async function xeroPaymentsCsv(ctx: TenantContext, period: ExportPeriod): Promise<string> {
  requireTenantPermission(ctx, 'read:invoices');
  const inPeriod = and(
    eq(invoicePayments.tenantId, ctx.tenantId),
    gte(invoicePayments.date, period.from),
    lte(invoicePayments.date, period.to),
  );
  const [counted] = await ctx.tx.select({ n: count() }).from(invoicePayments).where(inPeriod);
  if ((counted?.n ?? 0) > maxExportRows) throw tooMany();
  const payments = await ctx.tx
    .select({
      date: invoicePayments.date,
      amountCents: invoicePayments.amountCents,
      reference: invoicePayments.reference,
      source: invoicePayments.source,
      invoiceNumber: invoices.invoiceNumber,
      payer: invoices.payer,
    })
    .from(invoicePayments)
    .innerJoin(
      invoices,
      and(eq(invoices.tenantId, invoicePayments.tenantId), eq(invoices.id, invoicePayments.invoiceId)),
    )
    .where(inPeriod)
    .orderBy(asc(invoicePayments.date), asc(invoices.number), asc(invoicePayments.createdAt));
  return toCsv(xeroPaymentColumns, xeroPaymentRows(payments.map((p) => ({ ...p, payerName: p.payer.name }))));
}
