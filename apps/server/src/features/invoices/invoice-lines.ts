import type { LineCatalogueFacts } from '@wattle/domain/invoices/line-checks';
import { lineCategory } from '@wattle/domain/invoices/line-checks';
import type { ClaimType, GstCode, LineProblem } from '@wattle/domain/invoices/schemas';
import { invoiceTotals, priceLine } from '@wattle/domain/invoices/totals';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../db/client';
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
      // The id column's own default, given here because the lines are written as one JSON document.
      id: line.id ?? uuidv7(),
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

/**
 * Writes an invoice's lines in one statement with one parameter (the rows as a JSON document read by
 * jsonb_to_recordset): an invoice of 500 time entries would otherwise spend most of its build in the
 * query builder assembling 500 × 23 bind parameters (docs/performance.md, Invoices).
 */
export async function insertLineRows(
  tx: Tx,
  rows: readonly (typeof invoiceLines.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  const document = JSON.stringify(
    rows.map((r) => ({
      tenant_id: r.tenantId,
      id: r.id,
      invoice_id: r.invoiceId,
      line_number: r.lineNumber,
      time_entry_id: r.timeEntryId ?? null,
      card_id: r.cardId ?? null,
      service_date_from: r.serviceDateFrom,
      service_date_to: r.serviceDateTo,
      support_item_number: r.supportItemNumber,
      support_item_name: r.supportItemName,
      support_category: r.supportCategory ?? null,
      description: r.description ?? '',
      quantity: r.quantity,
      minutes: r.minutes ?? null,
      unit: r.unit,
      unit_price_cents: r.unitPriceCents,
      gst_code: r.gstCode ?? 'P2',
      amount_cents: r.amountCents,
      gst_cents: r.gstCents ?? 0,
      total_cents: r.totalCents,
      claim_type: r.claimType ?? '',
      problems: r.problems ?? [],
    })),
  );
  await tx.execute(sql`
    insert into invoice_lines (tenant_id, id, invoice_id, line_number, time_entry_id, card_id,
      service_date_from, service_date_to, support_item_number, support_item_name, support_category,
      description, quantity, minutes, unit, unit_price_cents, gst_code, amount_cents, gst_cents,
      total_cents, claim_type, problems)
    select tenant_id, id, invoice_id, line_number, time_entry_id, card_id,
      service_date_from, service_date_to, support_item_number, support_item_name, support_category,
      description, quantity, minutes, unit, unit_price_cents, gst_code, amount_cents, gst_cents,
      total_cents, claim_type, problems
    from jsonb_to_recordset(${document}::jsonb) as r(tenant_id uuid, id uuid, invoice_id uuid,
      line_number integer, time_entry_id uuid, card_id uuid, service_date_from date,
      service_date_to date, support_item_number text, support_item_name text, support_category text,
      description text, quantity numeric, minutes integer, unit text, unit_price_cents integer,
      gst_code text, amount_cents integer, gst_cents integer, total_cents integer, claim_type text,
      problems jsonb)`);
}
