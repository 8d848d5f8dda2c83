import type { FieldChange } from '@wattle/domain/audit/schemas';
import type { CorrectClaimLine, Invoice } from '@wattle/domain/invoices/schemas';
import { invoiceTotals, lineAmountCents, priceLine } from '@wattle/domain/invoices/totals';
import { and, eq } from 'drizzle-orm';
import { invoiceLines, invoices } from '../../db/schema/invoices';
import { AppError, notFound } from '../../http/app-error';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { catalogueFacts, lineProblems } from '../invoices/check-lines';
import { invoiceReach } from '../invoices/invoice-access';
import { publishInvoiceChanges } from '../invoices/invoice-events';
import { checkInvoiceVersion, loadInvoiceRow, readInvoice } from '../invoices/invoice-records';
import { settleInvoice } from '../invoices/settle-invoice';

export const notRejectedMessage = 'Only a line the NDIA rejected can be corrected';

/**
 * `PATCH /api/invoices/{id}/lines/{lineId}`: corrects a line the NDIA rejected (support item,
 * quantity, unit price, dates, claim type) so it can be claimed again, checked like any invoice line. A sent invoice is otherwise
 * never edited; this is the one change its lines take. The amount, GST and the invoice's totals are
 * worked out again, the line stays 'rejected' (claimable) until the next claim, and the invoice's
 * settlement follows its new total. Version checked, audited with old and new values.
 */
export async function correctClaimLine(
  ctx: TenantContext,
  invoiceId: string,
  lineId: string,
  body: CorrectClaimLine,
): Promise<Invoice> {
  requireTenantPermission(ctx, 'manage:invoices');
  const invoice = await loadInvoiceRow(ctx, await invoiceReach(ctx), invoiceId, true);
  await checkInvoiceVersion(ctx, invoice, body.version);
  const all = await ctx.tx
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.tenantId, ctx.tenantId), eq(invoiceLines.invoiceId, invoice.id)))
    .for('update');
  const line = all.find((l) => l.id === lineId);
  if (!line) throw notFound('Invoice line');
  if (line.claimStatus !== 'rejected') throw new AppError('WORKFLOW_REFUSED', notRejectedMessage);

  const next = {
    supportItemNumber: body.supportItemNumber ?? line.supportItemNumber,
    quantity: body.quantity ?? Number(line.quantity),
    unitPriceCents: body.unitPriceCents ?? line.unitPriceCents,
    serviceDateFrom: body.serviceDateFrom ?? line.serviceDateFrom,
    serviceDateTo: body.serviceDateTo ?? line.serviceDateTo,
    claimType: body.claimType ?? line.claimType,
  };
  if (next.serviceDateTo < next.serviceDateFrom) {
    throw new AppError('VALIDATION_FAILED', 'The support must end on or after its start', {
      field: 'serviceDateTo',
    });
  }
  const amountCents = lineAmountCents(next.quantity, next.unitPriceCents);
  const priced = priceLine(amountCents, line.gstCode, Number(invoice.gstRate));
  // A time entry's minutes stay the billable time only while the hours do.
  const minutes =
    body.quantity === undefined
      ? line.minutes
      : Number.isInteger(Math.round(next.quantity * 6000) / 100)
        ? Math.round(next.quantity * 60)
        : null;
  // The corrected line is checked as the invoice's lines are (catalogue, price limit where the
  // participant lives, plan dates and budget), among the invoice's other lines; an error refuses it.
  const checked = all.map((l) =>
    l.id === line.id
      ? { ...next, amountCents: priced.amountCents }
      : {
          serviceDateFrom: l.serviceDateFrom,
          serviceDateTo: l.serviceDateTo,
          supportItemNumber: l.supportItemNumber,
          unitPriceCents: l.unitPriceCents,
          amountCents: l.amountCents,
        },
  );
  const at = all.indexOf(line);
  const facts = await catalogueFacts(ctx, checked);
  const problems = (await lineProblems(ctx, invoice, checked, facts))[at] ?? [];
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    throw new AppError('PRICING_REFUSED', errors.map((p) => p.message).join(' '), { problems });
  }
  const item = facts[at]?.itemInForce ?? null;
  const updated = {
    ...next,
    quantity: next.quantity,
    supportItemName: item?.name ?? line.supportItemName,
    unit: item?.unit ?? line.unit,
    supportCategory: (item?.categoryNumber as string | undefined) ?? line.supportCategory,
    minutes,
    amountCents: priced.amountCents,
    gstCents: priced.gstCents,
    totalCents: priced.totalCents,
    problems,
  };
  const changes: FieldChange[] = [];
  for (const [field, value] of Object.entries(updated)) {
    if (field === 'problems') continue;
    const old = field === 'quantity' ? Number(line.quantity) : line[field as keyof typeof line];
    if (old !== value) changes.push({ field, oldValue: old, newValue: value });
  }
  if (changes.length === 0) return readInvoice(ctx, invoice.id);

  await ctx.tx
    .update(invoiceLines)
    .set(updated)
    .where(and(eq(invoiceLines.tenantId, ctx.tenantId), eq(invoiceLines.id, line.id)));
  const totals = invoiceTotals(all.map((l) => (l.id === line.id ? priced : l)));
  const version = invoice.version + 1;
  await ctx.tx
    .update(invoices)
    .set({ ...totals, version, updatedAt: new Date() })
    .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, invoice.id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'invoice',
    entityId: invoice.id,
    action: 'claim-line-corrected',
    changes: [
      ...changes.map((c) => ({ ...c, field: `line ${line.lineNumber} ${c.field}` })),
      ...(totals.totalCents === invoice.totalCents
        ? []
        : [{ field: 'totalCents', oldValue: invoice.totalCents, newValue: totals.totalCents }]),
    ],
    metadata: { version, lineId: line.id, lineNumber: line.lineNumber, claimReference: line.claimReference },
  });
  await publishInvoiceChanges(ctx, 'updated', [{ id: invoice.id, version }]);
  // A new total may settle the invoice differently (a lower price may leave it paid).
  await settleInvoice(ctx, invoice.id);
  return readInvoice(ctx, invoice.id);
}
