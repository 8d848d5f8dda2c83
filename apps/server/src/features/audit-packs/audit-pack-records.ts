import { type AuditPack, auditPackFileName } from '@wattle/domain/audit-packs/schemas';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditPacks } from '../../db/schema/audit-packs';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';

type PackRow = typeof auditPacks.$inferSelect;

/**
 * Who may build and download audit packs: read:audit-packs (owners, admins and auditors). Building a
 * pack gathers what these people may read anyway and changes no record of the tenant, so an auditor,
 * who changes nothing, builds one too. Everyone else: 403.
 */
export function requireAuditPackAccess(ctx: TenantContext): void {
  requireTenantPermission(ctx, 'read:audit-packs');
}

export function toAuditPack(row: PackRow, requestedByName: string | null): AuditPack {
  return {
    id: row.id,
    scope: row.scope,
    scopeId: row.scopeId,
    scopeName: row.scopeName,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    status: row.status,
    progress: row.progress,
    fileCount: row.fileCount,
    byteSize: row.byteSize,
    error: row.error,
    requestedBy: row.requestedBy ? { id: row.requestedBy, name: requestedByName ?? 'Former user' } : null,
    fileName: auditPackFileName(row),
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function selectPacks(tx: Tx) {
  return tx
    .select({ pack: auditPacks, requestedByName: users.name })
    .from(auditPacks)
    .leftJoin(users, eq(users.id, auditPacks.requestedBy))
    .$dynamic();
}

/** The tenant's packs, newest first, with who asked for each. */
export async function listAuditPacks(
  ctx: TenantContext,
  page: { limit: number; offset: number },
): Promise<{ data: AuditPack[]; total: number }> {
  requireAuditPackAccess(ctx);
  const where = eq(auditPacks.tenantId, ctx.tenantId);
  const rows = await selectPacks(ctx.tx)
    .where(where)
    .orderBy(desc(auditPacks.createdAt), desc(auditPacks.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total } = { total: 0 }] = await ctx.tx.select({ total: count() }).from(auditPacks).where(where);
  return { data: rows.map((r) => toAuditPack(r.pack, r.requestedByName)), total };
}

/** One pack of the tenant, with its row (its storage key); 404 'Audit pack not found' otherwise. */
export async function findAuditPack(
  ctx: TenantContext,
  id: string,
): Promise<{ pack: AuditPack; row: PackRow }> {
  requireAuditPackAccess(ctx);
  const [found] = await selectPacks(ctx.tx).where(
    and(eq(auditPacks.tenantId, ctx.tenantId), eq(auditPacks.id, id)),
  );
  if (!found) throw new AppError('NOT_FOUND', 'Audit pack not found');
  return { pack: toAuditPack(found.pack, found.requestedByName), row: found.pack };
}
