import {
  type DeadlineKind,
  type DeadlineListItem,
  type DeadlineListQuery,
  dueSoonDays,
  incidentDeadlineKinds,
} from '@wattle/domain/deadlines/schemas';
import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { behaviourSupportPlans } from '../../db/schema/behaviour-support';
import { deadlines } from '../../db/schema/deadlines';
import { participants } from '../../db/schema/participants';
import { teams } from '../../db/schema/teams';
import { inUuidArray } from '../../db/uuid-array';
import type { TenantContext } from '../../http/tenant-scope';
import { type DeadlineReach, deadlineReach, planDeadlineKinds } from './deadline-reach';
import { toDeadline } from './keep-deadlines';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * `GET /api/deadlines`: the deadlines the caller reads (deadline-reach.ts), filtered by participant,
 * team, kind and status at `now`, soonest due first, with the participant's name and the team's name
 * and slug joined in for labels and links. One query for the page, one for the total.
 */
export async function listDeadlines(
  ctx: TenantContext,
  query: DeadlineListQuery,
  now: Date = new Date(),
): Promise<{ data: DeadlineListItem[]; total: number }> {
  const reach = await deadlineReach(ctx);
  const visible = reachCondition(ctx, reach);
  if (!visible) return { data: [], total: 0 };
  const where = and(eq(deadlines.tenantId, ctx.tenantId), visible, ...filters(query, now));
  const rows = await ctx.tx
    .select({
      deadline: deadlines,
      participantName: participants.name,
      teamName: teams.name,
      teamSlug: teams.slug,
    })
    .from(deadlines)
    .leftJoin(
      participants,
      and(eq(participants.tenantId, deadlines.tenantId), eq(participants.id, deadlines.participantId)),
    )
    .leftJoin(teams, and(eq(teams.tenantId, deadlines.tenantId), eq(teams.id, deadlines.teamId)))
    .where(where)
    .orderBy(asc(deadlines.dueAt), asc(deadlines.id))
    .limit(query.limit)
    .offset(query.offset);
  const data = rows.map((row) => ({
    ...toDeadline(row.deadline, now),
    participantName: row.participantName,
    teamName: row.teamName,
    teamSlug: row.teamSlug,
  }));
  const total =
    query.offset === 0 && data.length < query.limit
      ? data.length
      : ((await ctx.tx.select({ n: count() }).from(deadlines).where(where))[0]?.n ?? 0);
  return { data, total };
}

/** The kinds' team condition: every team ('all'), some teams, or none (undefined). */
function onTeams(kinds: readonly DeadlineKind[], teamIds: 'all' | string[]): SQL | undefined {
  const ofKind = inArray(deadlines.kind, [...kinds]);
  if (teamIds === 'all') return ofKind;
  if (teamIds.length === 0) return undefined;
  return and(ofKind, inUuidArray(deadlines.teamId, teamIds));
}

/** The deadlines of `deadlines` the reach reads, as one condition (the list's and the dashboard's); undefined: none. */
export function reachCondition(ctx: TenantContext, reach: DeadlineReach): SQL | undefined {
  // Every kind on every team: no condition at all, so the open-deadline index answers alone.
  if (reach.plans === 'all' && reach.incidents === 'all' && reach.practices === 'all') return sql`true`;
  const sharedPlanReview =
    reach.sharedPlans.length > 0
      ? and(
          eq(deadlines.kind, 'bsp-review'),
          eq(deadlines.subjectType, 'plan'),
          inUuidArray(deadlines.teamId, reach.sharedPlans),
          sql`exists (select 1 from ${behaviourSupportPlans} where ${behaviourSupportPlans.tenantId} = ${ctx.tenantId} and ${behaviourSupportPlans.id} = ${deadlines.subjectId} and ${behaviourSupportPlans.sharedWithFamily})`,
        )
      : undefined;
  const parts = [
    onTeams(planDeadlineKinds, reach.plans),
    sharedPlanReview,
    onTeams(incidentDeadlineKinds, reach.incidents),
    onTeams(['rp-monthly-report'], reach.practices),
  ].filter((part): part is SQL => part !== undefined);
  return parts.length > 0 ? or(...parts) : undefined;
}

function filters(query: DeadlineListQuery, now: Date): SQL[] {
  const where: SQL[] = [];
  if (query.participantId) where.push(eq(deadlines.participantId, query.participantId));
  if (query.teamId) where.push(eq(deadlines.teamId, query.teamId));
  if (query.kind) where.push(eq(deadlines.kind, query.kind));
  switch (query.status) {
    case 'met':
      where.push(isNotNull(deadlines.metAt));
      break;
    case 'open':
      where.push(isNull(deadlines.metAt));
      break;
    case 'overdue':
      where.push(isNull(deadlines.metAt), lt(deadlines.dueAt, now));
      break;
    case 'due-soon':
      where.push(
        isNull(deadlines.metAt),
        gte(deadlines.dueAt, now),
        lte(deadlines.dueAt, new Date(now.getTime() + dueSoonDays * dayMs)),
      );
      break;
  }
  return where;
}
