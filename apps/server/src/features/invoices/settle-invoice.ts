import type { FieldChange } from '@wattle/domain/audit/schemas';
import { owingStatuses, settledStatus } from '@wattle/domain/invoices/workflow';
import { and, eq, sql } from 'drizzle-orm';
import { invoicePayments, invoices } from '../../db/schema/invoices';
import { notFound } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { tenantToday } from '../cards/card-values';
import { publishInvoiceChanges } from './invoice-events';

/** Statuses whose status follows the money: issued invoices, owing or paid. */
const settledStatuses: readonly string[] = [...owingStatuses, 'paid'];

export interface Settlement {
  status: (typeof invoices.$inferSelect)['status'];
  paidCents: number;
  version: number;
}

/**
 * Recomputes an invoice's paid amount from its payments (manual ones and those of NDIA claim results)
 * and, for an issued invoice, its status by `settledStatus`: paid, part paid, overdue or sent. Called
 * after any payment is recorded, by hand or from a claim's results file, in the same transaction.
 * Audited and announced when anything changed; answers the invoice's new state.
 */
export async function settleInvoice(
  ctx: Pick<TenantContext, 'tx' | 'tenantId' | 'actor'>,
  invoiceId: string,
): Promise<Settlement> {
  const [row] = await ctx.tx
    .select({
      status: invoices.status,
      paidCents: invoices.paidCents,
      totalCents: invoices.totalCents,
      dueDate: invoices.dueDate,
      paidAt: invoices.paidAt,
      version: invoices.version,
    })
    .from(invoices)
    .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, invoiceId)))
    .for('update');
  if (!row) throw notFound('Invoice');
  const [sum] = await ctx.tx
    .select({ paid: sql<number>`coalesce(sum(${invoicePayments.amountCents}), 0)::int` })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.tenantId, ctx.tenantId), eq(invoicePayments.invoiceId, invoiceId)));
  const paidCents = Number(sum?.paid ?? 0);
  const status = settledStatuses.includes(row.status)
    ? settledStatus({
        totalCents: row.totalCents,
        paidCents,
        dueDate: row.dueDate,
        today: await tenantToday(ctx),
      })
    : row.status;
  if (status === row.status && paidCents === row.paidCents) {
    return { status: row.status, paidCents, version: row.version };
  }
  const version = row.version + 1;
  await ctx.tx
    .update(invoices)
    .set({
      status,
      paidCents,
      paidAt: status === 'paid' ? (row.paidAt ?? new Date()) : null,
      version,
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.tenantId, ctx.tenantId), eq(invoices.id, invoiceId)));
  const changes: FieldChange[] = [{ field: 'paidCents', oldValue: row.paidCents, newValue: paidCents }];
  if (status !== row.status) changes.push({ field: 'status', oldValue: row.status, newValue: status });
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'invoice',
    entityId: invoiceId,
    action: 'settled',
    changes,
    metadata: { version },
  });
  await publishInvoiceChanges(ctx, 'updated', [{ id: invoiceId, version }]);
  return { status, paidCents, version };
}
