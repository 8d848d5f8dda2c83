import { can } from '@wattle/domain/auth/permissions';
import { effectiveTeamRole, type TeamRole } from '@wattle/domain/auth/roles';
import {
  ndisNumberLength,
  type ParticipantListItem,
  type ParticipantListQuery,
} from '@wattle/domain/participants/schemas';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { participantPlans, participants, participantTallies } from '../../db/schema/participants';
import { teams } from '../../db/schema/teams';
import type { TenantContext } from '../../http/tenant-scope';
import { writeReadAudit } from '../audit/write-audit';
import { tenantToday } from '../cards/card-values';
import { myTeamMemberships } from '../teams/my-team-memberships';
import { reachOf } from './participant-access';
import { isMainPlan } from './plan-status-sql';

/** Which participants the caller lists: every one, or those of some teams; some as summaries only. */
interface ListScope {
  /** 'all': every participant of the tenant, with or without a team. */
  teamIds: 'all' | string[];
  /** Teams whose participant the caller reads as a summary (a family guardian's): no NDIS number. */
  summaryTeamIds: string[];
}

/**
 * `GET /api/participants`: the participants the caller may see, searched, filtered, sorted and
 * paged, in one query (team name and the end date of their plan joined in: the current one, or
 * before the first starts the first upcoming one, plan-status-sql.ts) plus a count when the page
 * does not already tell the total. `q` matches the name anywhere (any case); a `q` of digits
 * only matches the start of the NDIS number instead; archived participants are left out unless `archived=true`, which lists only them.
 * Audited once per request (entity 'participant-list') with the query, not once per row.
 */
export async function listParticipants(
  ctx: TenantContext,
  query: ParticipantListQuery,
): Promise<{ data: ParticipantListItem[]; total: number }> {
  const scope = await listScope(ctx);
  await writeReadAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'participant-list',
    entityId: '*',
    action: 'viewed',
    metadata: { query },
  });
  if (!scope) return { data: [], total: 0 };

  const isSummary =
    scope.summaryTeamIds.length > 0 ? inArray(participants.teamId, scope.summaryTeamIds) : undefined;
  const where = conditions(ctx, query, scope, isSummary);
  const planEnd = participantPlans.endDate;
  const alertCount = sql<number>`jsonb_array_length(${participants.alerts})`.mapWith(Number);
  const rows = await ctx.tx
    .select({
      id: participants.id,
      name: participants.name,
      ndisNumber: isSummary
        ? sql<string | null>`case when ${isSummary} then null else ${participants.ndisNumber} end`
        : participants.ndisNumber,
      status: participants.status,
      teamId: participants.teamId,
      teamName: teams.name,
      teamSlug: teams.slug,
      planEndDate: planEnd,
      alertCount,
      archivedAt: participants.archivedAt,
      lastActivityAt: participants.lastActivityAt,
    })
    .from(participants)
    .leftJoin(teams, and(eq(teams.tenantId, participants.tenantId), eq(teams.id, participants.teamId)))
    .leftJoin(
      participantPlans,
      and(
        eq(participantPlans.tenantId, participants.tenantId),
        eq(participantPlans.participantId, participants.id),
        isMainPlan(ctx.tx, await tenantToday(ctx)),
      ),
    )
    .where(and(...where))
    .orderBy(...ordering(query, { planEnd, alertCount }))
    .limit(query.limit)
    .offset(query.offset);

  // A first page shorter than the limit is every match: the total is known without counting.
  const total =
    query.offset === 0 && rows.length < query.limit
      ? rows.length
      : ((await tallied(ctx, query, scope)) ??
        (
          await ctx.tx
            .select({ n: count() })
            .from(participants)
            .where(and(...where))
        )[0]?.n ??
        0);

  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      ndisNumber: row.ndisNumber,
      status: row.status,
      teamId: row.teamId,
      teamName: row.teamId ? row.teamName : null,
      teamSlug: row.teamId ? row.teamSlug : null,
      planEndDate: row.planEndDate,
      alertCount: row.alertCount,
      archivedAt: row.archivedAt?.toISOString() ?? null,
      lastActivity: row.lastActivityAt.toISOString(),
    })),
    total,
  };
}

/**
 * The total from the tenant's tallies (migration 0015) when the list is a tenant-wide reader's,
 * unsearched and not narrowed to a team: a dozen rows summed instead of every participant counted.
 * Null when the tallies cannot answer (a search, a team filter, a reader of some teams only).
 */
async function tallied(
  ctx: TenantContext,
  query: ParticipantListQuery,
  scope: ListScope,
): Promise<number | null> {
  if (query.q?.trim() || query.teamId) return null;
  if (scope.teamIds !== 'all' && scope.teamIds.length > 0) return null;
  const where: SQL[] = [
    eq(participantTallies.tenantId, ctx.tenantId),
    eq(participantTallies.isArchived, query.archived === 'true'),
  ];
  if (scope.teamIds !== 'all') where.push(eq(participantTallies.hasTeam, true));
  if (query.status) where.push(eq(participantTallies.status, query.status));
  const [row] = await ctx.tx
    .select({ n: sql<number>`coalesce(sum(${participantTallies.n}), 0)`.mapWith(Number) })
    .from(participantTallies)
    .where(and(...where));
  return row?.n ?? 0;
}

/**
 * Tenant-wide roles list every participant (those without a team only with read:all-participants);
 * everyone else the participants of their teams (a guest: of the teams shared with them), in full
 * with read:participants, as summaries with read:participant-summary. Null: nothing to list.
 */
async function listScope(ctx: TenantContext): Promise<ListScope | null> {
  if (ctx.tenantRole) {
    const reach = reachOf(ctx.tenantRole);
    if (!reach) return null;
    return { teamIds: can(ctx.tenantRole, 'read:all-participants') ? 'all' : [], summaryTeamIds: [] };
  }
  const mine = await myTeamMemberships(ctx);
  const roleByTeam = new Map(mine.map((m) => [m.teamId, m.role as TeamRole]));
  const candidates = new Set([...roleByTeam.keys(), ...ctx.sharedTeamIds]);
  const teamIds: string[] = [];
  const summaryTeamIds: string[] = [];
  for (const teamId of candidates) {
    const role = effectiveTeamRole(ctx.access, {
      teamRole: roleByTeam.get(teamId) ?? null,
      isSharedWithGuest: ctx.sharedTeamIds.includes(teamId),
    });
    const reach = reachOf(role);
    if (reach) teamIds.push(teamId);
    if (reach === 'summary') summaryTeamIds.push(teamId);
  }
  return teamIds.length > 0 ? { teamIds, summaryTeamIds } : null;
}

function conditions(
  ctx: TenantContext,
  query: ParticipantListQuery,
  scope: ListScope,
  isSummary: SQL | undefined,
): SQL[] {
  const where: SQL[] = [eq(participants.tenantId, ctx.tenantId)];
  if (scope.teamIds !== 'all') {
    if (scope.teamIds.length === 0) where.push(isNotNull(participants.teamId));
    else where.push(inArray(participants.teamId, scope.teamIds));
  }
  if (query.teamId) where.push(eq(participants.teamId, query.teamId));
  if (query.status) where.push(eq(participants.status, query.status));
  where.push(
    query.archived === 'true' ? isNotNull(participants.archivedAt) : isNull(participants.archivedAt),
  );
  const q = query.q?.trim();
  if (q) {
    const byName = sql`lower(${participants.name}) like ${`%${escapeLike(q.toLowerCase())}%`}`;
    if (!/^\d+$/.test(q)) where.push(byName);
    else if (!isSummary) where.push(byNumberPrefix(q));
    // A summary reader never sees the NDIS number, so it cannot search by one either: on the
    // teams they read as summaries, digits are looked for in the name.
    else where.push(or(and(byNumberPrefix(q), sql`not (${isSummary})`), and(isSummary, byName))!);
  }
  return where;
}

/**
 * The sort key in the order asked (empty values last either way), then name and id so equal keys
 * keep one order from page to page. By name it is the order of participants_name_idx.
 */
function ordering(
  query: ParticipantListQuery,
  columns: { planEnd: typeof participantPlans.endDate; alertCount: SQL },
) {
  const direction = query.order === 'desc' ? desc : asc;
  const nameKey = sql`lower(${participants.name})`;
  if (query.sort === 'name') return [direction(nameKey), direction(participants.id)];
  const key = {
    status: sql`${participants.status}`,
    team: sql`${teams.name}`,
    planEnd: sql`${columns.planEnd}`,
    alerts: columns.alertCount,
    lastActivity: sql`${participants.lastActivityAt}`,
  }[query.sort];
  const keyOrder = query.order === 'desc' ? sql`${key} desc nulls last` : sql`${key} asc nulls last`;
  return [keyOrder, asc(nameKey), asc(participants.id)];
}

/**
 * Digits look up NDIS numbers from their start. Every number has nine digits, so a prefix is the
 * range from it padded with zeros to it padded with nines: comparisons Postgres may run through the
 * tenant's number index under row-level security (they are leakproof; `like` is not), where a
 * pattern would read every participant of the tenant (docs/performance.md, Participants).
 */
function byNumberPrefix(digits: string): SQL {
  if (digits.length > ndisNumberLength) return sql`false`;
  return and(
    gte(participants.ndisNumber, digits.padEnd(ndisNumberLength, '0')),
    lte(participants.ndisNumber, digits.padEnd(ndisNumberLength, '9')),
  )!;
}

/** `%`, `_` and `\` typed into the search box match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
