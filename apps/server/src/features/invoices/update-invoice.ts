import type { FieldChange } from '@wattle/domain/audit/schemas';
import { hasLineErrors } from '@wattle/domain/invoices/line-checks';
import { type Invoice, invoiceMessages, type UpdateInvoice } from '@wattle/domain/invoices/schemas';
import { lineAmountCents } from '@wattle/domain/invoices/totals';
import { invoiceAllows } from '@wattle/domain/invoices/workflow';
import { and, asc, eq } from 'drizzle-orm';
import { invoiceLines, invoices } from '../../db/schema/invoices';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { catalogueFacts, lineProblems } from './check-lines';
import { invoiceReach, requireInvoiceManager } from './invoice-access';
import { publishInvoiceChanges } from './invoice-events';
import { type DraftLine, insertLineRows, lineRows } from './invoice-lines';
import { checkInvoiceVersion, type InvoiceLineRow, loadInvoiceRow, readInvoice } from './invoice-records';
import { releaseTimeEntries } from './invoice-workflow';

export const unknownLineMessage = 'This line is not on the invoice';

/**
 * A line as edited. A line of a time entry or card keeps where it came from; its amount stays the
 * entry's own while its quantity and unit price are unchanged, and is quantity × unit price once
 * either changes, as for a hand-added line.
 */
function draftLine(
  input: NonNullable<UpdateInvoice['lineItems']>[number],
  kept: InvoiceLineRow | undefined,
): DraftLine {
  const unchanged =
    kept !== undefined &&
    Number(kept.quantity) === input.quantity &&
    kept.unitPriceCents === input.unitPriceCents;
  return {
    id: input.id,
    timeEntryId: kept?.timeEntryId ?? null,
    cardId: kept?.cardId ?? null,
    serviceDateFrom: input.serviceDateFrom,
    serviceDateTo: input.serviceDateTo,
    supportItemNumber: input.supportItemNumber,
    fallbackName:
      kept && kept.supportItemNumber === input.supportItemNumber
        ? kept.supportItemName
        : input.supportItemNumber,
    description: input.description,
    quantity: input.quantity,
    minutes: unchanged ? (kept?.minutes ?? null) : null,
    unitPriceCents: input.unitPriceCents,
    amountCents: unchanged ? kept!.amountCents : lineAmountCents(input.quantity, input.unitPriceCents),
    gstCode: input.gstCode,
    claimType: input.claimType,
  };
}

/**
 * `PATCH /api/invoices/{id}`: a draft's notes and lines, from its version (stale: 409 with the
 * current invoice). The lines sent replace the invoice's: a line with an id keeps its time entry or
 * card, one without is added by hand, and a time-entry line left out releases its entry. Every line
 * is checked again, and the totals and hasErrors follow.
 */
export async function updateInvoice(ctx: TenantContext, id: string, input: UpdateInvoice): Promise<Invoice> {
  const reach = await invoiceReach(ctx);
  requireInvoiceManager(reach);
  const row = await loadInvoiceRow(ctx, reach, id, true);
  await checkInvoiceVersion(ctx, row, input.version);
  if (!invoiceAllows(row.status, 'edit')) throw new AppError('WORKFLOW_REFUSED', invoiceMessages.notDraft);
  const version = row.version + 1;
  const values: Partial<typeof invoices.$inferInsert> = { version, updatedAt: new Date() };
  const changes: FieldChange[] = [];
  if (input.notes !== undefined && input.notes !== row.notes) {
    values.notes = input.notes;
    changes.push({ field: 'notes', oldValue: row.notes, newValue: input.notes });
  }
  if (input.lineItems) {
    const existing = await ctx.tx
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.tenantId, ctx.tenantId), eq(invoiceLines.invoiceId, id)))
      .orderBy(asc(invoiceLines.lineNumber));
    const byId = new Map(existing.map((l) => [l.id, l]));
    const seen = new Set<string>();
    input.lineItems.forEach((line, i) => {
      if (line.id === undefined) return;
      if (!byId.has(line.id) || seen.has(line.id)) {
        throw new AppError('VALIDATION_FAILED', unknownLineMessage, [
          { path: ['lineItems', i, 'id'], message: unknownLineMessage },
        ]);
      }
      seen.add(line.id);
    });
    const lines = input.lineItems.map((line) => draftLine(line, line.id ? byId.get(line.id) : undefined));
    const removedEntries = existing
      .filter((l) => !seen.has(l.id) && l.timeEntryId !== null)
      .map((l) => l.timeEntryId!);
    await ctx.tx
      .delete(invoiceLines)
      .where(and(eq(invoiceLines.tenantId, ctx.tenantId), eq(invoiceLines.invoiceId, id)));
    if (removedEntries.length > 0) await releaseTimeEntries(ctx, id, removedEntries);
    const facts = await catalogueFacts(ctx, lines);
    const problems = await lineProblems(ctx, row, lines, facts);
    const gstRate = Number(row.gstRate);
    const { rows, totals } = lineRows(ctx.tenantId, id, lines, facts, problems, gstRate);
    await insertLineRows(ctx.tx, rows);
    Object.assign(values, totals, { hasErrors: hasLineErrors(problems), lineCount: rows.length });
    changes.push(
      { field: 'lineCount', oldValue: row.lineCount, newValue: rows.length },
      { field: 'totalCents', oldValue: row.totalCents, newValue: totals.totalCents },
    );
    if (removedEntries.length > 0) {
      changes.push({ field: 'releasedTimeEntries', oldValue: removedEntries, newValue: null });
    }
  }
  await ctx.tx
    .update(invoices)
    .set(values)
    .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'invoice',
    entityId: id,
    action: 'updated',
    changes,
    metadata: { version, invoiceNumber: row.invoiceNumber },
  });
  await publishInvoiceChanges(ctx, 'updated', [{ id, version }]);
  return readInvoice(ctx, id);
}
