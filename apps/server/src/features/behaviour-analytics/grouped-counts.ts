import type { GroupedCount, GroupedUseCount } from '@wattle/domain/behaviour-analytics/assemble';
import type { AnalyticsBucket } from '@wattle/domain/behaviour-analytics/schemas';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows';
import type { TenantContext } from '../../http/tenant-scope';

/**
 * The charts' numbers, counted by the database: one query per source (incidents, restrictive-practice
 * uses) with GROUP BY GROUPING SETS, one set per chart and () for the total, over the records of the
 * period's days in the tenant's zone. The period's bounds are instants (the first day's midnight to
 * the day after the last's, in the zone), so the (tenant, team, occurred_at) and (tenant,
 * started_at) indexes serve the range; hour, weekday and step are read from the local wall clock.
 */
export interface CountScope {
  from: string;
  to: string;
  timeZone: string;
  bucket: AnalyticsBucket;
  /** 'all' teams of the tenant, or these. */
  teams: 'all' | string[];
}

/** Free text as one group: trimmed, spaces collapsed, case ignored; blank is not recorded. */
const keyOf = (column: string) =>
  sql.raw(`nullif(lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g')), '')`);
const textOf = (column: string) => sql.raw(`nullif(btrim(${column}), '')`);

function teamCondition(column: string, teams: 'all' | string[]): SQL {
  if (teams === 'all') return sql``;
  return sql`and ${sql.raw(column)} in (${sql.join(
    teams.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/**
 * The grouping sets every source shares, over `scoped` (its columns: local, behaviour_key,
 * behaviour, antecedent_key, antecedent; and practice_type, duration_minutes, authorised for uses).
 */
function groupedSelect(scope: CountScope, scoped: SQL, uses: boolean): SQL {
  const practice = (text: string) => sql.raw(uses ? text : '');
  return sql`with scoped as (${scoped}),
    keyed as (
      select date_trunc(${scope.bucket}, local)::date::text as step,
        extract(hour from local)::int as hour,
        extract(isodow from local)::int as weekday,
        scoped.*
      from scoped
    )
    select
      case
        when grouping(step) = 0 then 'over-time'
        when grouping(behaviour_key) = 0 then 'by-behaviour'
        when grouping(hour) = 0 then 'by-hour'
        when grouping(weekday) = 0 then 'by-day-of-week'
        when grouping(antecedent_key) = 0 then 'by-antecedent'
        ${practice("when grouping(practice_type) = 0 then 'by-practice-kind'")}
        else 'total'
      end as chart,
      coalesce(step, behaviour_key, hour::text, weekday::text, antecedent_key${practice(', practice_type')}) as key,
      case
        when grouping(behaviour_key) = 0 then min(behaviour)
        when grouping(antecedent_key) = 0 then min(antecedent)
      end as label,
      count(*)::int as count
      ${practice(', coalesce(sum(duration_minutes), 0)::int as minutes, (count(*) filter (where not authorised))::int as unauthorised')}
    from keyed
    group by grouping sets ((step), (behaviour_key), (hour), (weekday), (antecedent_key), ${practice('(practice_type), ')}())`;
}

function periodBounds(scope: CountScope, column: string): SQL {
  const col = sql.raw(column);
  return sql`${col} >= (${scope.from}::date)::timestamp at time zone ${scope.timeZone}
    and ${col} < ((${scope.to}::date) + 1)::timestamp at time zone ${scope.timeZone}`;
}

export async function groupedIncidentCounts(ctx: TenantContext, scope: CountScope): Promise<GroupedCount[]> {
  const scoped = sql`select (i.occurred_at at time zone ${scope.timeZone}) as local,
      ${keyOf('i.behaviour')} as behaviour_key, ${textOf('i.behaviour')} as behaviour,
      ${keyOf('i.antecedent')} as antecedent_key, ${textOf('i.antecedent')} as antecedent
    from incidents i
    join cards c on c.tenant_id = i.tenant_id and c.id = i.card_id and c.deleted_at is null
    where i.tenant_id = ${ctx.tenantId} and ${periodBounds(scope, 'i.occurred_at')}
      ${teamCondition('i.team_id', scope.teams)}`;
  const result = await ctx.tx.execute(groupedSelect(scope, scoped, false));
  return rowsOf<GroupedCount>(result).map((row) => ({ ...row, count: Number(row.count) }));
}

export async function groupedUseCounts(ctx: TenantContext, scope: CountScope): Promise<GroupedUseCount[]> {
  // A use belongs to its participant's team, as the restrictive-practice register decides who reads
  // it (practice-access.ts): the team it was logged on does not widen or narrow that.
  const scoped = sql`select (u.started_at at time zone ${scope.timeZone}) as local,
      ${keyOf('u.behaviour')} as behaviour_key, ${textOf('u.behaviour')} as behaviour,
      ${keyOf('u.antecedent')} as antecedent_key, ${textOf('u.antecedent')} as antecedent,
      u.practice_type, u.duration_minutes, u.authorised
    from restrictive_practice_uses u
    join participants p on p.tenant_id = u.tenant_id and p.id = u.participant_id
    where u.tenant_id = ${ctx.tenantId} and ${periodBounds(scope, 'u.started_at')}
      ${teamCondition('p.team_id', scope.teams)}`;
  const result = await ctx.tx.execute(groupedSelect(scope, scoped, true));
  return rowsOf<GroupedUseCount>(result).map((row) => ({
    ...row,
    count: Number(row.count),
    minutes: Number(row.minutes),
    unauthorised: Number(row.unauthorised),
  }));
}
