import { hasRoomFor, type LimitKind, limitOf, limitReachedMessage } from '@wattle/domain/tenants/limits';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditPacks } from '../../db/schema/audit-packs';
import { cardFiles } from '../../db/schema/comments';
import { teams } from '../../db/schema/teams';
import { memberships, tenants } from '../../db/schema/tenants';
import { AppError } from '../../http/app-error';

/**
 * How much of a limit the organisation uses: its active teams (archived ones free their place), its
 * members (every membership, guests too), or the bytes of its stored files (card attachments not
 * deleted, and built audit packs).
 */
export async function inUse(tx: Tx, tenantId: string, kind: LimitKind): Promise<number> {
  if (kind === 'teams') {
    const [row] = await tx
      .select({ n: count() })
      .from(teams)
      .where(and(eq(teams.tenantId, tenantId), eq(teams.status, 'active')));
    return row?.n ?? 0;
  }
  if (kind === 'users') {
    const [row] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.tenantId, tenantId));
    return row?.n ?? 0;
  }
  const [row] = await tx
    .select({
      bytes: sql<string>`(select coalesce(sum(${cardFiles.size}), 0) from ${cardFiles}
          where ${cardFiles.tenantId} = ${tenantId} and ${isNull(cardFiles.deletedAt)})
        + (select coalesce(sum(${auditPacks.byteSize}), 0) from ${auditPacks}
          where ${auditPacks.tenantId} = ${tenantId})`,
    })
    .from(sql`(select 1) as one`);
  return Number(row?.bytes ?? 0);
}

/**
 * Refuses (403 LIMIT_REACHED, naming the limit and how to raise it) when the organisation's
 * subscription has no room for `adding` more teams, people or bytes (issue 17 item 6). The tenant row
 * is locked until the transaction ends, so two additions at once cannot both take the last place.
 */
export async function requireRoomFor(tx: Tx, tenantId: string, kind: LimitKind, adding = 1): Promise<void> {
  const [tenant] = await tx
    .select({ subscription: tenants.subscription })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .for('no key update');
  if (!tenant) throw new AppError('NOT_FOUND', 'Organisation not found');
  const { subscription } = tenant;
  if (limitOf(subscription, kind) === null) return;
  const used = await inUse(tx, tenantId, kind);
  if (!hasRoomFor(subscription, kind, used, adding)) {
    throw new AppError('LIMIT_REACHED', limitReachedMessage(subscription, kind), {
      limit: kind,
      allowed: limitOf(subscription, kind),
      inUse: used,
    });
  }
}
