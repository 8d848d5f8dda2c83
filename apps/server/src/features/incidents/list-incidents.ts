import type { IncidentListQuery, IncidentSummary } from '@wattle/domain/incidents/schemas';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { cards } from '../../db/schema/cards';
import { deadlines } from '../../db/schema/deadlines';
import { incidents } from '../../db/schema/incidents';
import { participants } from '../../db/schema/participants';
import { tenants } from '../../db/schema/tenants';
import type { TenantContext } from '../../http/tenant-scope';
import { incidentTeams } from './incident-access';
import { deadlinesByIncident, selectIncidentRows, toIncidentSummary } from './incident-records';

type Filters = Omit<IncidentListQuery, 'sort' | 'order' | 'limit' | 'offset' | 'tenantId'>;

/** A reportable incident with a Commission deadline past due and not met. */
const overdueCondition = sql`exists (select 1 from ${deadlines}
  where ${deadlines.tenantId} = ${incidents.tenantId}
    and ${deadlines.subjectId} = ${incidents.id}
    and ${deadlines.metAt} is null
    and ${deadlines.dueAt} < now())`;

/** The register's WHERE: the caller's teams and the query's filters; null when they reach no team. */
async function listConditions(ctx: TenantContext, query: Filters): Promise<SQL | null> {
  const teams = await incidentTeams(ctx, query.teamId);
  if (teams !== 'all' && teams.length === 0) return null;
  const conditions: (SQL | undefined)[] = [eq(incidents.tenantId, ctx.tenantId)];
  if (teams !== 'all') conditions.push(inArray(incidents.teamId, teams));
  if (query.status) conditions.push(eq(incidents.status, query.status));
  if (query.reportable !== undefined) conditions.push(eq(incidents.reportable, query.reportable));
  if (query.category) conditions.push(eq(incidents.category, query.category));
  if (query.severity === 'not-assessed') conditions.push(isNull(incidents.severity));
  else if (query.severity) conditions.push(eq(incidents.severity, query.severity));
  if (query.participantId) conditions.push(eq(incidents.participantId, query.participantId));
  if (query.from || query.to) {
    // The period is the tenant's calendar days, read in its time zone.
    const local = sql`(${incidents.occurredAt} at time zone (select ${tenants.timeZone} from ${tenants} where ${tenants.id} = ${ctx.tenantId}))::date`;
    if (query.from) conditions.push(sql`${local} >= ${query.from}::date`);
    if (query.to) conditions.push(sql`${local} <= ${query.to}::date`);
  }
  if (query.overdue === true) conditions.push(overdueCondition);
  if (query.overdue === false) conditions.push(sql`not ${overdueCondition}`);
  return and(...conditions)!;
}

// Not assessed ranks above Critical: it may be any of them and keeps the strictest clocks, so the
// register sorted by severity shows it among the first to look at.
const severityRank = sql`case ${incidents.severity} when 'low' then 1 when 'medium' then 2 when 'high' then 3 when 'critical' then 4 else 5 end`;

function orderBy(query: Pick<IncidentListQuery, 'sort' | 'order'>): SQL[] {
  const dir = query.order === 'asc' ? asc : desc;
  const by: Record<IncidentListQuery['sort'], SQL> = {
    occurredAt: dir(incidents.occurredAt),
    number: dir(cards.number),
    severity: dir(severityRank),
    category: dir(incidents.category),
    participant:
      query.order === 'asc'
        ? sql`${participants.name} asc nulls last`
        : sql`${participants.name} desc nulls last`,
    awareAt:
      query.order === 'asc'
        ? sql`${incidents.awareAt} asc nulls last`
        : sql`${incidents.awareAt} desc nulls last`,
    status: dir(incidents.status),
  };
  // Ties: the most recent first, then the id, so pages never overlap.
  return [by[query.sort], desc(incidents.occurredAt), asc(incidents.id)];
}

/** `GET /api/incidents`: a page of the register the caller may read, with each one's deadlines. */
export async function listIncidents(
  ctx: TenantContext,
  query: IncidentListQuery,
): Promise<{ data: IncidentSummary[]; total: number }> {
  const where = await listConditions(ctx, query);
  if (!where) return { data: [], total: 0 };
  const rows = await selectIncidentRows(ctx.tx)
    .where(where)
    .orderBy(...orderBy(query))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await ctx.tx
    .select({ n: count() })
    .from(incidents)
    .innerJoin(
      cards,
      and(
        eq(cards.tenantId, incidents.tenantId),
        eq(cards.id, incidents.cardId),
        sql`${cards.deletedAt} is null`,
      ),
    )
    .where(where);
  const byIncident = await deadlinesByIncident(
    ctx,
    rows.map((row) => row.incident.id),
  );
  return {
    data: rows.map((row) => toIncidentSummary(row, byIncident.get(row.incident.id) ?? [])),
    total: counted?.n ?? 0,
  };
}

/** The most rows one CSV export holds. */
export const maxExportRows = 50_000;

/** Every incident of the register the query selects (for the CSV), in its order. */
export async function allIncidents(ctx: TenantContext, query: IncidentListQuery): Promise<IncidentSummary[]> {
  const where = await listConditions(ctx, query);
  if (!where) return [];
  const rows = await selectIncidentRows(ctx.tx)
    .where(where)
    .orderBy(...orderBy(query))
    .limit(maxExportRows);
  const byIncident = await deadlinesByIncident(
    ctx,
    rows.map((row) => row.incident.id),
  );
  return rows.map((row) => toIncidentSummary(row, byIncident.get(row.incident.id) ?? []));
}
