import type { ClaimBatch } from '@wattle/domain/invoices/schemas';
import { formatClaimBatchNumber } from '@wattle/domain/invoices/workflow';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { claimBatches, claimLines } from '../../db/schema/invoices';
import { users } from '../../db/schema/users';
import { notFound } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';

export type ClaimBatchRow = typeof claimBatches.$inferSelect;

/** The batches as the API gives them, with the invoices each claimed and who made it. */
export async function toClaimBatches(
  tx: Queryable,
  tenantId: string,
  rows: readonly ClaimBatchRow[],
): Promise<ClaimBatch[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const invoiceRows = await tx
    .selectDistinct({ batchId: claimLines.batchId, invoiceId: claimLines.invoiceId })
    .from(claimLines)
    .where(and(eq(claimLines.tenantId, tenantId), inArray(claimLines.batchId, ids)));
  const invoicesOf = new Map<string, string[]>();
  for (const r of invoiceRows) invoicesOf.set(r.batchId, [...(invoicesOf.get(r.batchId) ?? []), r.invoiceId]);
  const creators = [...new Set(rows.map((r) => r.createdBy).filter((id): id is string => id !== null))];
  const names = new Map(
    creators.length === 0
      ? []
      : (
          await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, creators))
        ).map((u) => [u.id, u.name]),
  );
  return rows.map((row) => ({
    id: row.id,
    batchNumber: formatClaimBatchNumber(row.number),
    status: row.status,
    lineCount: row.lineCount,
    totalCents: row.totalCents,
    paidLineCount: row.paidLineCount,
    rejectedLineCount: row.rejectedLineCount,
    invoiceIds: (invoicesOf.get(row.id) ?? []).sort(),
    createdBy:
      row.createdBy === null ? null : { id: row.createdBy, name: names.get(row.createdBy) ?? 'Unknown' },
    createdAt: row.createdAt.toISOString(),
    resultsImportedAt: row.resultsImportedAt?.toISOString() ?? null,
  }));
}

/** The batch, locked for the rest of the transaction when `forUpdate`; 404 when there is none. */
export async function loadClaimBatch(
  ctx: TenantContext,
  id: string,
  forUpdate = false,
): Promise<ClaimBatchRow> {
  const query = ctx.tx
    .select()
    .from(claimBatches)
    .where(and(eq(claimBatches.tenantId, ctx.tenantId), eq(claimBatches.id, id)))
    .$dynamic();
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('Claim');
  return row;
}

export async function readClaimBatch(ctx: TenantContext, id: string): Promise<ClaimBatch> {
  const [batch] = await toClaimBatches(ctx.tx, ctx.tenantId, [await loadClaimBatch(ctx, id)]);
  return batch!;
}

export async function listClaimBatches(
  ctx: TenantContext,
  page: { limit: number; offset: number },
): Promise<{ data: ClaimBatch[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    ctx.tx
      .select()
      .from(claimBatches)
      .where(eq(claimBatches.tenantId, ctx.tenantId))
      .orderBy(desc(claimBatches.number))
      .limit(page.limit)
      .offset(page.offset),
    ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(claimBatches)
      .where(eq(claimBatches.tenantId, ctx.tenantId)),
  ]);
  return { data: await toClaimBatches(ctx.tx, ctx.tenantId, rows), total: Number(counted?.n ?? 0) };
}
