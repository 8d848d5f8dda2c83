import type { LineCatalogueFacts } from '@wattle/domain/invoices/line-checks';
import { lineCategory } from '@wattle/domain/invoices/line-checks';
import type { ClaimType, GstCode, LineProblem } from '@wattle/domain/invoices/schemas';
import { invoiceTotals, priceLine } from '@wattle/domain/invoices/totals';
import type { invoiceLines } from '../../db/schema/invoices';

/** A line before it is stored: where it comes from, what it claims and its amount before GST. */
export interface DraftLine {
  id?: string;
  timeEntryId: string | null;
  cardId: string | null;
  serviceDateFrom: string;
  serviceDateTo: string;
  supportItemNumber: string;
  /** The name to keep when the catalogue no longer knows the item (a time entry's own). */
  fallbackName: string;
  description: string;
  quantity: number;
  minutes: number | null;
  unitPriceCents: number;
  amountCents: number;
  gstCode: GstCode;
  claimType: ClaimType;
}

/**
 * The rows of an invoice's lines, numbered in order, with the catalogue's name, unit and category of
 * each item, GST at the invoice's rate, and the problems the checks found; and the invoice's totals.
 */
export function lineRows(
  tenantId: string,
  invoiceId: string,
  lines: readonly DraftLine[],
  facts: readonly LineCatalogueFacts[],
  problems: readonly LineProblem[][],
  gstRate: number,
) {
  const rows = lines.map((line, i): typeof invoiceLines.$inferInsert => {
    const fact = facts[i]!;
    const item = fact.itemInForce ?? fact.knownItem;
    const priced = priceLine(line.amountCents, line.gstCode, gstRate);
    return {
      tenantId,
      ...(line.id ? { id: line.id } : {}),
      invoiceId,
      lineNumber: i + 1,
      timeEntryId: line.timeEntryId,
      cardId: line.cardId,
      serviceDateFrom: line.serviceDateFrom,
      serviceDateTo: line.serviceDateTo,
      supportItemNumber: line.supportItemNumber,
      supportItemName: item?.name ?? line.fallbackName,
      supportCategory: lineCategory(line, fact),
      description: line.description,
      quantity: line.quantity,
      minutes: line.minutes,
      unit: item?.unit ?? 'H',
      unitPriceCents: line.unitPriceCents,
      gstCode: line.gstCode,
      ...priced,
      claimType: line.claimType,
      problems: problems[i] ?? [],
    };
  });
  const totals = invoiceTotals(
    rows.map((r) => ({ amountCents: r.amountCents, gstCents: r.gstCents ?? 0, totalCents: r.totalCents })),
  );
  return { rows, totals };
}
