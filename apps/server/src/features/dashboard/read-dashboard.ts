import { createHash } from 'node:crypto';
import { formatWorkItemId } from '@wattle/domain/cards/work-item-id';
import {
  type Dashboard,
  type DashboardCardItem,
  type DashboardDeadline,
  dashboardDueSoonDays,
  dashboardItemLimit,
} from '@wattle/domain/dashboard/schemas';
import { type DeadlineKind, type DeadlineSubjectType, deadlineLink } from '@wattle/domain/deadlines/schemas';
import { addDays, dayOfWeek } from '@wattle/domain/time/clock';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { runHotStatement } from '../../db/hot-statement';
import { deadlines } from '../../db/schema/deadlines';
import { invoices } from '../../db/schema/invoices';
import { inUuidArray, uuidArray } from '../../db/uuid-array';
import type { TenantContext } from '../../http/tenant-scope';
import { tenantToday } from '../cards/card-values';
import { planDeadlineKinds } from '../deadlines/deadline-reach';
import { toDeadline } from '../deadlines/keep-deadlines';
import { reachCondition } from '../deadlines/list-deadlines';
import { soleApproverCondition } from '../invoices/invoice-access';
import { awaitingCondition } from '../invoices/list-invoices';
import { type DashboardReach, dashboardReach } from './dashboard-reach';

/**
 * `GET /api/dashboard` (issue 16 item 7): every tile the caller reads, counted in ONE statement of
 * scalar subqueries (each a JSON object, null for a tile the caller may not read), over the indexes
 * made for it: open cards by due date (migration 0024, cards_tenant_open_due_idx and
 * cards_team_open_due_idx), open deadlines (deadlines_open_idx), plans by team, incidents by team, time
 * by person and day (or the teams' day tallies), invoices by status. With the reach (dashboard-reach.ts)
 * an owner's dashboard is one round trip; anyone else's adds the read of their teams.
 */
export async function readDashboard(ctx: TenantContext, now: Date = new Date()): Promise<Dashboard> {
  const reach = await dashboardReach(ctx);
  const today = await tenantToday(ctx, now);
  const soon = addDays(today, dashboardDueSoonDays);
  const soonAt = new Date(now.getTime() + dashboardDueSoonDays * 24 * 60 * 60 * 1000);
  const weekStart = addDays(today, -((dayOfWeek(today) + 6) % 7));
  const weekEnd = addDays(weekStart, 6);
  const deadlineReach = reachCondition(ctx, reach.deadlines);
  const plansVisible = planCondition(reach, 'p.team_id');
  const planTeams = planCondition(reach, 't.id');
  const incidentTeams = reach.deadlines.incidents;
  const readsIncidents = incidentTeams === 'all' || incidentTeams.length > 0;

  const tiles = {
    cards: reach.cards === 'all' || reach.cards.length > 0 ? cardsTile(ctx, reach.cards, today, soon) : null,
    deadlines: deadlineReach ? deadlinesTile(ctx, deadlineReach, now, soonAt) : null,
    plans:
      plansVisible && planTeams
        ? plansTile(ctx, reach, plansVisible, planTeams, deadlineReach, today, soon)
        : null,
    incidents: readsIncidents ? incidentsTile(ctx, incidentTeams) : null,
    hours: reach.hours ? hoursTile(ctx, reach.hours, weekStart, weekEnd) : null,
    invoices: reach.invoices ? invoicesTile(ctx, reach.invoices) : null,
  };
  const columns = Object.entries(tiles).map(([name, tile]) =>
    tile
      ? sql`(select row_to_json(tile) from (${tile}) as tile) as ${sql.identifier(name)}`
      : sql`null as ${sql.identifier(name)}`,
  );
  const statement = sql`select ${sql.join(columns, sql`, `)}`;
  const row = (await runDashboard(ctx, statement)) as Record<keyof typeof tiles, unknown>;
  const json = <T>(value: unknown): T | null =>
    value === null || value === undefined
      ? null
      : ((typeof value === 'string' ? JSON.parse(value) : value) as T);

  const cards = json<CardsRow>(row.cards);
  const due = json<DeadlinesRow>(row.deadlines);
  const plans = json<PlansRow>(row.plans);
  const incidents = json<IncidentsRow>(row.incidents);
  const hours = json<HoursRow>(row.hours);
  const waiting = json<InvoicesRow>(row.invoices);

  return {
    today,
    timeZone: ctx.timeZone,
    cards: cards && {
      overdue: cards.overdue,
      dueSoon: cards.dueSoon,
      items: (cards.items ?? []).map((item) => toCardItem(item, today)),
      href: cards.items?.[0]
        ? `/my-teams/${cards.items[0].teamSlug}/list${cards.overdue > 0 ? '?overdue=true' : ''}`
        : '/teams',
    },
    deadlines: due && {
      overdue: due.overdue,
      dueSoon: due.dueSoon,
      items: (due.items ?? []).map((item) => toDeadlineItem(item, now)),
      href: deadlinesHref(due, readsIncidents, plans?.teamSlug ?? null),
    },
    plans: plans && {
      total: plans.total,
      draft: plans.draft,
      inReview: plans.inReview,
      approved: plans.approved,
      current: plans.current,
      reviewOverdue: plans.reviewOverdue,
      reviewDueSoon: plans.reviewDueSoon,
      awaitingPlan: due?.awaitingPlan ?? 0,
      awaitingPlanOverdue: due?.awaitingPlanOverdue ?? 0,
      href: plans.teamSlug ? `/my-teams/${plans.teamSlug}/bsp` : null,
    },
    incidents: incidents && {
      open: incidents.open,
      reportableOpen: incidents.reportableOpen,
      highSeverityOpen: incidents.highSeverityOpen,
      awaitingNotification: due?.awaitingNotification ?? 0,
      awaitingFiveDayReport: due?.awaitingFiveDayReport ?? 0,
      overdue: due?.incidentsOverdue ?? 0,
      href: '/incidents?status=open',
      reportableHref:
        (due?.incidentsOverdue ?? 0) > 0
          ? '/incidents?overdue=true'
          : '/incidents?status=open&reportable=true',
    },
    hours: hours &&
      reach.hours && {
        scope: reach.hours.scope,
        weekStart,
        weekEnd,
        minutes: hours.minutes,
        entries: hours.entries,
        submitted: hours.submitted,
        href:
          reach.hours.scope === 'own'
            ? `/timesheet?week=${weekStart}`
            : `/timesheet?week=${weekStart}&tab=approvals`,
      },
    invoices: waiting &&
      reach.invoices && {
        scope: waiting.mine ? 'mine' : 'all',
        awaiting: waiting.awaiting,
        totalCents: Number(waiting.totalCents),
        href: waiting.mine ? '/approvals/invoices' : '/invoices?status=pending-approval',
      },
  };
}

const dialect = new PgDialect();

/**
 * The nearest items' LIMIT, written into the statement rather than bound: with a bound LIMIT Postgres
 * cannot cost a generic plan and plans this large statement afresh on every execution (about 6 ms a
 * request on the bench tenant); with a literal it settles on a generic plan after five.
 */
const itemLimit = sql.raw(String(Math.trunc(dashboardItemLimit)));

/**
 * Runs the dashboard's statement as a named prepared statement of the connection (hot-statement.ts):
 * parsed and planned once, where planning its dozen subqueries costs more than running most of them.
 * Its text has one shape per combination of tiles and reach, never the caller's teams themselves
 * (those are bound as one array each, uuid-array.ts), so there are few statements to keep.
 */
async function runDashboard(ctx: TenantContext, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  const name = `wattle_dashboard_${createHash('sha1').update(query.sql).digest('hex').slice(0, 16)}`;
  const rows = await runHotStatement<Record<string, unknown>>(
    ctx.tx,
    { name, paramTypes: query.params.map(() => 'unknown'), text: query.sql },
    query.params.map(String),
  );
  if (rows) return rows[0]!;
  const result = await ctx.tx.execute(statement);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
}

// ---------------------------------------------------------------------------------------------
// The tiles, each a one-row SELECT.

const openCard = (ctx: TenantContext, teams: 'all' | string[]) =>
  sql`c.tenant_id = ${ctx.tenantId} and c.deleted_at is null and c.state <> 'done' and c.due_date is not null${
    teams === 'all' ? sql`` : sql` and ${inUuidArray(sql`c.team_id`, teams)}`
  }`;

interface CardsRow {
  overdue: number;
  dueSoon: number;
  items: CardItemRow[] | null;
}
interface CardItemRow {
  id: string;
  number: number;
  prefix: string;
  title: string;
  dueDate: string;
  priority: DashboardCardItem['priority'];
  teamName: string;
  teamSlug: string;
}

/**
 * Open cards due before today (overdue) and up to 7 days ahead, and the nearest few (the longest
 * overdue first); the tile links to the team of the nearest.
 */
function cardsTile(ctx: TenantContext, teams: 'all' | string[], today: string, soon: string): SQL {
  const open = openCard(ctx, teams);
  // A tenant-wide reader's counts come from the per-day tallies (migration 0026): a row per due date
  // instead of every open card; anyone else's teams are counted card by card (their own index).
  const counts =
    teams === 'all'
      ? sql`(select coalesce(sum(d.n) filter (where d.due_date < ${today}), 0)::int as "overdue",
            coalesce(sum(d.n) filter (where d.due_date >= ${today}), 0)::int as "dueSoon"
          from card_due_tallies d where d.tenant_id = ${ctx.tenantId} and d.due_date <= ${soon})`
      : sql`(select count(*) filter (where c.due_date < ${today})::int as "overdue",
            count(*) filter (where c.due_date >= ${today})::int as "dueSoon"
          from cards c where ${open} and c.due_date <= ${soon})`;
  return sql`select counts."overdue", counts."dueSoon", (select json_agg(i) from (${nearestCards(ctx, teams, soon)}) as i) as "items"
    from ${counts} as counts`;
}

const cardItemColumns = sql`c.id, c.number, c.work_item_prefix as "prefix", c.title, c.due_date as "dueDate", c.priority,
  t.name as "teamName", t.slug as "teamSlug"`;

/**
 * The nearest open cards in due order. Tenant-wide: read in the tenant's open-due index order, the
 * first few stop the scan. On some teams: the nearest few of each team from the team's own open-due
 * index, then the nearest of those; walking the tenant's index for a handful of teams' cards would
 * pass over every other team's.
 */
function nearestCards(ctx: TenantContext, teams: 'all' | string[], soon: string): SQL {
  if (teams === 'all') {
    return sql`select ${cardItemColumns}
      from cards c join teams t on t.tenant_id = c.tenant_id and t.id = c.team_id
      where ${openCard(ctx, 'all')} and c.due_date <= ${soon}
      order by c.due_date, c.number limit ${itemLimit}`;
  }
  return sql`select ${cardItemColumns}
    from unnest(${uuidArray(teams)}) as mine(team_id)
    cross join lateral (
      select c.* from cards c
      where c.tenant_id = ${ctx.tenantId} and c.team_id = mine.team_id and c.deleted_at is null
        and c.state <> 'done' and c.due_date is not null and c.due_date <= ${soon}
      order by c.due_date, c.number limit ${itemLimit}) as c
    join teams t on t.tenant_id = c.tenant_id and t.id = c.team_id
    order by c.due_date, c.number limit ${itemLimit}`;
}

function toCardItem(row: CardItemRow, today: string): DashboardCardItem {
  return {
    id: row.id,
    workItemId: formatWorkItemId(row.prefix, row.number),
    title: row.title,
    dueDate: row.dueDate,
    priority: row.priority,
    teamName: row.teamName,
    overdue: row.dueDate < today,
    href: `/card/${row.id}`,
  };
}

interface DeadlinesRow {
  overdue: number;
  dueSoon: number;
  awaitingPlan: number;
  awaitingPlanOverdue: number;
  awaitingNotification: number;
  awaitingFiveDayReport: number;
  incidentsOverdue: number;
  items: DeadlineItemRow[] | null;
}
interface DeadlineItemRow {
  id: string;
  kind: DeadlineKind;
  subjectType: DeadlineSubjectType;
  subjectId: string;
  participantId: string | null;
  teamId: string | null;
  dueAt: string;
  metAt: null;
  participantName: string | null;
  teamName: string | null;
  teamSlug: string | null;
}

const planKinds = sql.join(
  planDeadlineKinds.filter((kind) => kind !== 'bsp-review').map((kind) => sql`${kind}`),
  sql`, `,
);

/**
 * The Commission deadlines not met that the caller reads (deadline-reach.ts): overdue and due within 7
 * days, the participants waiting for a required plan, the reportable incidents' clocks, and the
 * nearest few with their participant and team. Each count reads only its own range of the open
 * deadlines' indexes (past due, the coming week, the kinds counted), never every open deadline: most
 * are plan reviews months away.
 */
function deadlinesTile(ctx: TenantContext, visible: SQL, now: Date, soonAt: Date): SQL {
  const open = sql`${deadlines.tenantId} = ${ctx.tenantId} and ${deadlines.metAt} is null and (${visible})`;
  const nowAt = now.toISOString();
  const soonUntil = soonAt.toISOString();
  const planKind = sql`${deadlines.kind} in (${planKinds})`;
  return sql`select past."overdue", past."awaitingPlanOverdue", past."incidentsOverdue", coming."dueSoon",
      kinds."awaitingPlan", kinds."awaitingNotification", kinds."awaitingFiveDayReport",
      (select json_agg(i) from (
        select ${deadlines.id} as "id", ${deadlines.kind} as "kind", ${deadlines.subjectType} as "subjectType",
               ${deadlines.subjectId} as "subjectId", ${deadlines.participantId} as "participantId",
               ${deadlines.teamId} as "teamId", ${deadlines.dueAt} as "dueAt", ${deadlines.metAt} as "metAt",
               p.name as "participantName", t.name as "teamName", t.slug as "teamSlug"
          from ${deadlines}
          left join participants p on p.tenant_id = ${deadlines.tenantId} and p.id = ${deadlines.participantId}
          left join teams t on t.tenant_id = ${deadlines.tenantId} and t.id = ${deadlines.teamId}
         where ${open} and ${deadlines.dueAt} <= ${soonUntil}
         order by ${deadlines.dueAt}, ${deadlines.id}
         limit ${itemLimit}) as i) as "items"
    from (select count(*)::int as "overdue",
            count(*) filter (where ${planKind})::int as "awaitingPlanOverdue",
            count(distinct ${deadlines.subjectId}) filter (where ${deadlines.subjectType} = 'incident')::int as "incidentsOverdue"
          from ${deadlines} where ${open} and ${deadlines.dueAt} < ${nowAt}) as past,
      (select count(*)::int as "dueSoon"
          from ${deadlines} where ${open} and ${deadlines.dueAt} >= ${nowAt} and ${deadlines.dueAt} <= ${soonUntil}) as coming,
      (select count(*) filter (where ${planKind})::int as "awaitingPlan",
            count(*) filter (where ${deadlines.kind} = 'incident-notification')::int as "awaitingNotification",
            count(*) filter (where ${deadlines.kind} = 'incident-five-day-report')::int as "awaitingFiveDayReport"
          from ${deadlines} where ${open}
            and ${deadlines.kind} in (${planKinds}, 'incident-notification', 'incident-five-day-report')) as kinds`;
}

function toDeadlineItem(row: DeadlineItemRow, now: Date): DashboardDeadline {
  const deadline = toDeadline(
    {
      ...row,
      tenantId: '',
      dueAt: new Date(row.dueAt),
      metAt: null,
      createdAt: now,
      updatedAt: now,
    } as Parameters<typeof toDeadline>[0],
    now,
  );
  return {
    ...deadline,
    participantName: row.participantName,
    teamName: row.teamName,
    teamSlug: row.teamSlug,
    href: deadlineLink(row),
  };
}

/**
 * Where the deadlines tile leads (there is no list of deadlines of its own): the item of the nearest
 * one, else the reportable incidents, else the behaviour support home the plans tile links.
 */
function deadlinesHref(row: DeadlinesRow, readsIncidents: boolean, planTeamSlug: string | null): string {
  const nearest = row.items?.[0];
  const link = nearest ? deadlineLink(nearest) : null;
  if (link) return link;
  if (readsIncidents) return '/incidents?reportable=true';
  return planTeamSlug ? `/my-teams/${planTeamSlug}/bsp` : '/teams';
}

interface PlansRow {
  total: number;
  draft: number;
  inReview: number;
  approved: number;
  current: number;
  reviewOverdue: number;
  reviewDueSoon: number;
  teamSlug: string | null;
}

/**
 * The plans the caller reads: every plan of their read:cards teams, plans shared with family on the
 * rest; over `p`, or (for 't.id') the teams those are on.
 */
function planCondition(reach: DashboardReach, teamColumn: 'p.team_id' | 't.id'): SQL | null {
  const { plans, sharedPlans } = reach.deadlines;
  const team = sql.raw(teamColumn);
  const parts: SQL[] = [];
  if (plans === 'all') parts.push(sql`true`);
  else if (plans.length > 0) parts.push(inUuidArray(team, plans));
  if (sharedPlans.length > 0) {
    parts.push(
      teamColumn === 't.id'
        ? inUuidArray(team, sharedPlans)
        : sql`(${inUuidArray(team, sharedPlans)} and p.shared_with_family)`,
    );
  }
  return parts.length > 0 ? sql`(${sql.join(parts, sql` or `)})` : null;
}

/**
 * The plans in force or being written (superseded and archived ones left out) by status, how many are
 * current and how many past or near their review; the link goes to the team of the nearest plan
 * deadline the caller reads, else of the plan whose review comes first, else their first team. A
 * reader of every plan sums the tenant's plan tallies (migration 0032) instead of counting plans.
 */
function plansTile(
  ctx: TenantContext,
  reach: DashboardReach,
  visible: SQL,
  visibleTeams: SQL,
  deadlineVisible: SQL | undefined,
  today: string,
  soon: string,
): SQL {
  const live = sql`p.tenant_id = ${ctx.tenantId} and p.status not in ('superseded', 'archived') and ${visible}`;
  // Each candidate team is looked up on its own, in order; coalesce stops at the first found.
  const nearestDeadlineTeam = deadlineVisible
    ? sql`(select t.slug from ${deadlines} join teams t on t.tenant_id = ${deadlines.tenantId} and t.id = ${deadlines.teamId}
          where ${deadlines.tenantId} = ${ctx.tenantId} and ${deadlines.metAt} is null
            and ${deadlines.kind} in ('bsp-interim', 'bsp-comprehensive', 'bsp-review') and (${deadlineVisible})
          order by ${deadlines.dueAt} limit 1)`
    : sql`null::text`;
  const teamSlug = sql`coalesce(
      ${nearestDeadlineTeam},
      (select t.slug from behaviour_support_plans p join teams t on t.tenant_id = p.tenant_id and t.id = p.team_id
        where ${live} order by p.review_due_on nulls last, p.id limit 1),
      (select t.slug from teams t where t.tenant_id = ${ctx.tenantId} and ${visibleTeams} order by t.name, t.id limit 1))`;
  if (reach.deadlines.plans === 'all') {
    // A plan without a review date is tallied under 'infinity': current, never overdue.
    return sql`select
        coalesce(sum(n), 0)::int as "total",
        coalesce(sum(n) filter (where status = 'draft'), 0)::int as "draft",
        coalesce(sum(n) filter (where status = 'in-review'), 0)::int as "inReview",
        coalesce(sum(n) filter (where status = 'approved'), 0)::int as "approved",
        coalesce(sum(n) filter (where approved and review_due_on >= ${today}), 0)::int as "current",
        coalesce(sum(n) filter (where approved and review_due_on < ${today}), 0)::int as "reviewOverdue",
        coalesce(sum(n) filter (where approved and review_due_on >= ${today} and review_due_on <= ${soon}), 0)::int as "reviewDueSoon",
        ${teamSlug} as "teamSlug"
      from behaviour_support_plan_tallies where tenant_id = ${ctx.tenantId}`;
  }
  return sql`select
      count(*)::int as "total",
      count(*) filter (where p.status = 'draft')::int as "draft",
      count(*) filter (where p.status = 'in-review')::int as "inReview",
      count(*) filter (where p.status = 'approved')::int as "approved",
      count(*) filter (where p.approved_version is not null and (p.review_due_on is null or p.review_due_on >= ${today}))::int as "current",
      count(*) filter (where p.approved_version is not null and p.review_due_on < ${today})::int as "reviewOverdue",
      count(*) filter (where p.approved_version is not null and p.review_due_on >= ${today} and p.review_due_on <= ${soon})::int as "reviewDueSoon",
      ${teamSlug} as "teamSlug"
    from behaviour_support_plans p where ${live}`;
}

interface IncidentsRow {
  open: number;
  reportableOpen: number;
  highSeverityOpen: number;
}

/** Open incidents of the caller's incident teams (their cards not deleted), reportable and severe ones. */
function incidentsTile(ctx: TenantContext, teams: 'all' | string[]): SQL {
  return sql`select
      count(*)::int as "open",
      count(*) filter (where i.reportable)::int as "reportableOpen",
      count(*) filter (where i.severity in ('high', 'critical'))::int as "highSeverityOpen"
    from incidents i
    where i.tenant_id = ${ctx.tenantId} and i.status = 'open'${teams === 'all' ? sql`` : sql` and ${inUuidArray(sql`i.team_id`, teams)}`}
      -- An incident of a deleted card is gone from the register: a probe of cards_deleted_idx.
      and not exists (select 1 from cards c
        where c.tenant_id = i.tenant_id and c.id = i.card_id and c.deleted_at is not null)`;
}

interface HoursRow {
  minutes: number;
  entries: number;
  submitted: number;
}

/** Time recorded this week: the caller's own entries, or their teams' or the tenant's day tallies. */
function hoursTile(
  ctx: TenantContext,
  hours: NonNullable<DashboardReach['hours']>,
  weekStart: string,
  weekEnd: string,
): SQL {
  if (hours.scope === 'teams') {
    return sql`select coalesce(sum(h.minutes), 0)::int as "minutes", coalesce(sum(h.n), 0)::int as "entries",
        coalesce(sum(h.n) filter (where h.status = 'submitted'), 0)::int as "submitted"
      from time_entry_day_tallies h
      where h.tenant_id = ${ctx.tenantId} and ${inUuidArray(sql`h.team_id`, hours.teamIds)}
        and h.date >= ${weekStart} and h.date <= ${weekEnd}`;
  }
  if (hours.scope === 'tenant') {
    return sql`select coalesce(sum(h.minutes), 0)::int as "minutes", coalesce(sum(h.n), 0)::int as "entries",
        coalesce(sum(h.n) filter (where h.status = 'submitted'), 0)::int as "submitted"
      from time_entry_tenant_day_tallies h
      where h.tenant_id = ${ctx.tenantId} and h.date >= ${weekStart} and h.date <= ${weekEnd}`;
  }
  return sql`select coalesce(sum(e.duration_minutes), 0)::int as "minutes", count(*)::int as "entries",
      count(*) filter (where e.status = 'submitted')::int as "submitted"
    from time_entries e
    where e.tenant_id = ${ctx.tenantId} and e.user_id = ${ctx.actor.id} and e.date >= ${weekStart} and e.date <= ${weekEnd}`;
}

interface InvoicesRow {
  mine: boolean;
  awaiting: number;
  totalCents: number | string;
}

/**
 * Invoices waiting for approval: the ones the caller may approve, by the condition /approvals/invoices
 * lists them with (list-invoices.ts awaitingCondition); for a reader who approves none, all of them.
 */
function invoicesTile(ctx: TenantContext, reach: NonNullable<DashboardReach['invoices']>): SQL {
  const approves = reach.approvesAll || reach.leadTeamIds.length > 0;
  const scope = reach.readsAll ? sql`true` : inUuidArray(invoices.teamId, reach.leadTeamIds);
  const waiting = approves
    ? awaitingCondition(reach, soleApproverCondition(ctx, reach))
    : sql`${invoices.status} = 'pending-approval'`;
  return sql`select ${sql.raw(approves ? 'true' : 'false')} as "mine", count(*)::int as "awaiting",
      coalesce(sum(${invoices.totalCents}), 0)::bigint as "totalCents"
    from ${invoices} where ${invoices.tenantId} = ${ctx.tenantId} and ${scope} and ${waiting}`;
}
