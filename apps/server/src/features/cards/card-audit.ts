import type { CardAuditEntry } from '@wattle/domain/cards/schemas';
import { and, count, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit';
import type { TenantContext } from '../../http/tenant-scope';
import { loadCard } from './card-records';

/**
 * `GET /api/cards/{id}/audit`: the card's own trail, newest first; `before` (the timestamp of the
 * last entry seen) pages back. Timestamps keep the database's microseconds so paging never skips
 * or repeats an entry.
 */
export async function listCardAudit(
  ctx: TenantContext,
  id: string,
  query: { limit: number; before?: string | undefined },
): Promise<{ data: CardAuditEntry[]; total: number }> {
  await loadCard(ctx, id);
  const ofCard: SQL[] = [
    eq(auditLog.tenantId, ctx.tenantId),
    eq(auditLog.entity, 'card'),
    eq(auditLog.entityId, id),
  ];
  const where = query.before ? [...ofCard, lt(auditLog.at, sql`${query.before}::timestamptz`)] : ofCard;
  const rows = await ctx.tx
    .select({
      id: auditLog.id,
      action: auditLog.action,
      userId: auditLog.actorId,
      userName: auditLog.actorName,
      timestamp: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      ipAddress: auditLog.ip,
      userAgent: auditLog.userAgent,
      metadata: auditLog.metadata,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.limit);
  const [total] = await ctx.tx
    .select({ n: count() })
    .from(auditLog)
    .where(and(...ofCard));
  return { data: rows, total: total?.n ?? 0 };
}
