import { dayIn } from '@wattle/domain/restrictive-practices/rules';
import { and, asc, desc, eq, gte, lt, lte } from 'drizzle-orm';
import { restrictivePracticeUses as uses } from '../../db/schema/restrictive-practices';
import type { TenantContext } from '../../http/tenant-scope';

export type UseRow = typeof uses.$inferSelect;
const dayMs = 24 * 60 * 60 * 1000;

/**
 * The uses of a participant that started on days from..to in the tenant's zone (either end open),
 * newest first. The instants are narrowed with a day's margin either side and the days checked on
 * the tenant's clock, so a use just after local midnight falls on the right day.
 */
export async function useRowsBetween(
  ctx: TenantContext,
  participantId: string,
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
  /** Only uses logged up to this instant (a report counts what was logged when it was generated). */
  loggedBy?: Date,
): Promise<UseRow[]> {
  const rows = await ctx.tx
    .select()
    .from(uses)
    .where(
      and(
        eq(uses.tenantId, ctx.tenantId),
        eq(uses.participantId, participantId),
        from ? gte(uses.startedAt, new Date(Date.parse(`${from}T00:00:00Z`) - dayMs)) : undefined,
        to ? lt(uses.startedAt, new Date(Date.parse(`${to}T00:00:00Z`) + 2 * dayMs)) : undefined,
        loggedBy ? lte(uses.createdAt, loggedBy) : undefined,
      ),
    )
    .orderBy(desc(uses.startedAt), asc(uses.id));
  return rows.filter((row) => {
    const day = dayIn(row.startedAt, timeZone);
    return (!from || day >= from) && (!to || day <= to);
  });
}
