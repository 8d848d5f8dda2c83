import type { TimeEntry, TimeEntryListQuery } from '@wattle/domain/time/entries';
import { and, asc, count, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import { timeEntries } from '../../db/schema/time-entries';
import type { TenantContext } from '../../http/tenant-scope';
import { requireTimeReader, type TimeReach, timeReach } from './time-entry-access';
import { selectTimeEntries, toTimeEntry } from './time-entry-records';

export type TimeEntryFilter = Pick<
  TimeEntryListQuery,
  'from' | 'to' | 'userId' | 'teamId' | 'participantId' | 'status'
>;

/**
 * The condition of every read of many entries (list, export): the filters asked for, within what the
 * caller may see (their own; their teams' as a lead; everything as a tenant admin). Filters never
 * widen that: asking for a team one does not lead answers one's own entries on it, or none.
 */
export function entryListCondition(ctx: TenantContext, reach: TimeReach, filter: TimeEntryFilter): SQL {
  const userId = filter.userId === 'me' ? ctx.actor.id : filter.userId;
  const visible = reach.isTenantWide
    ? undefined
    : reach.approverTeamIds.length > 0
      ? or(eq(timeEntries.userId, ctx.actor.id), inArray(timeEntries.teamId, reach.approverTeamIds))
      : eq(timeEntries.userId, ctx.actor.id);
  return and(
    eq(timeEntries.tenantId, ctx.tenantId),
    visible,
    filter.from ? gte(timeEntries.date, filter.from) : undefined,
    filter.to ? lte(timeEntries.date, filter.to) : undefined,
    userId ? eq(timeEntries.userId, userId) : undefined,
    filter.teamId ? eq(timeEntries.teamId, filter.teamId) : undefined,
    filter.participantId ? eq(timeEntries.participantId, filter.participantId) : undefined,
    filter.status ? eq(timeEntries.status, filter.status) : undefined,
  )!;
}

export const entryOrder = [asc(timeEntries.date), asc(timeEntries.startTime), asc(timeEntries.id)];

/** `GET /api/time-entries`: the entries the caller may see, by date and start time. */
export async function listTimeEntries(
  ctx: TenantContext,
  query: TimeEntryListQuery,
): Promise<{ data: TimeEntry[]; total: number }> {
  const reach = await timeReach(ctx);
  requireTimeReader(reach);
  const where = entryListCondition(ctx, reach, query);
  const rows = await selectTimeEntries(ctx.tx)
    .where(where)
    .orderBy(...entryOrder)
    .limit(query.limit)
    .offset(query.offset);
  const total =
    rows.length < query.limit && (query.offset === 0 || rows.length > 0)
      ? query.offset + rows.length
      : ((await ctx.tx.select({ n: count() }).from(timeEntries).where(where))[0]?.n ?? 0);
  return { data: rows.map(toTimeEntry), total };
}
