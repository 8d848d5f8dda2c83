import { and, eq, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows';
import { teams } from '../../db/schema/teams';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { readsTeamTime, requireTimeWriter, timeReach } from './time-entry-access';
import type { TimesheetQuery } from './time-entry-schemas';

/**
 * `GET /api/timesheet`: minutes, dollars and how many entries in each status, per person and day,
 * with totals per person and overall, answered as the JSON text of `TimesheetSchema`.
 *
 * With `teamId` it is the team's (its leads and tenant admins): every member who records time, with
 * or without entries (family guardians record none), then anyone else with entries on the team, by
 * name. Its days come from the team's day tallies (migration 0019, kept by triggers: about one row
 * per person-day, ~1,300 for a team of fifty's month of ~6,000 entries). Without `teamId` it is the
 * caller's own, summed from their entries.
 *
 * The statement writes each person's days as JSON text (string concatenation of dates and whole
 * numbers only) and answers one row per person; the server wraps them. A month of a team is over a
 * thousand person-days: turning them into objects and back into JSON in the server cost several
 * times the database's work, and Postgres's own JSON builders several times more than
 * concatenation (docs/performance.md, Time).
 */
export async function readTimesheetJson(ctx: TenantContext, query: TimesheetQuery): Promise<string> {
  const reach = await timeReach(ctx);
  const teamId = query.teamId ?? null;
  let days: SQL;
  let members: SQL;
  if (teamId) {
    const [team] = await ctx.tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.tenantId, ctx.tenantId), eq(teams.id, teamId)));
    const isMember = reach.writerTeamIds.includes(teamId) || reach.approverTeamIds.includes(teamId);
    if (!team || (!reach.isTenantWide && !isMember)) throw new AppError('NOT_FOUND', 'Team not found');
    if (!readsTeamTime(reach, teamId)) throw forbidden();
    days = sql`
      select user_id, date, sum(minutes)::bigint as minutes, sum(amount_cents)::bigint as amount,
             coalesce(sum(n) filter (where status = 'draft'), 0)::int as draft,
             coalesce(sum(n) filter (where status = 'submitted'), 0)::int as submitted,
             coalesce(sum(n) filter (where status = 'approved'), 0)::int as approved,
             coalesce(sum(n) filter (where status = 'rejected'), 0)::int as rejected
        from time_entry_day_tallies
       where tenant_id = ${ctx.tenantId} and team_id = ${teamId}
         and date >= ${query.from}::date and date <= ${query.to}::date and n <> 0
       group by user_id, date`;
    members = sql`
      select user_id from team_members
       where tenant_id = ${ctx.tenantId} and team_id = ${teamId} and role <> 'Family Guardian'`;
  } else {
    requireTimeWriter(reach);
    days = sql`
      select user_id, date, sum(duration_minutes)::bigint as minutes, sum(amount_cents)::bigint as amount,
             (count(*) filter (where status = 'draft'))::int as draft,
             (count(*) filter (where status = 'submitted'))::int as submitted,
             (count(*) filter (where status = 'approved'))::int as approved,
             (count(*) filter (where status = 'rejected'))::int as rejected
        from time_entries
       where tenant_id = ${ctx.tenantId} and user_id = ${ctx.actor.id}
         and date >= ${query.from}::date and date <= ${query.to}::date
       group by user_id, date`;
    members = sql`select ${ctx.actor.id}::uuid as user_id`;
  }

  const people = rowsOf<PersonRow>(
    await ctx.tx.execute(sql`
      with days as (${days}),
      per_person as (
        select user_id,
               '{' || string_agg('"' || date::text || '":{"minutes":' || minutes || ',"amountCents":' || amount
                 || ',"draft":' || draft || ',"submitted":' || submitted || ',"approved":' || approved
                 || ',"rejected":' || rejected || '}', ',' order by date) || '}' as days,
               sum(minutes)::bigint as minutes, sum(amount)::bigint as amount, sum(draft)::int as draft,
               sum(submitted)::int as submitted, sum(approved)::int as approved, sum(rejected)::int as rejected
          from days group by user_id
      ),
      listed as (
        select user_id, min(rank) as rank
          from (select user_id, 0 as rank from (${members}) m
                union all select user_id, 1 from per_person) l
         group by user_id
      )
      select l.user_id as "userId", u.name as "userName", coalesce(p.days, '{}') as "days",
             coalesce(p.minutes, 0) as "minutes", coalesce(p.amount, 0) as "amount",
             coalesce(p.draft, 0) as "draft", coalesce(p.submitted, 0) as "submitted",
             coalesce(p.approved, 0) as "approved", coalesce(p.rejected, 0) as "rejected"
        from listed l
        join users u on u.id = l.user_id
        left join per_person p on p.user_id = l.user_id
       order by l.rank, u.name, l.user_id`),
  );
  let totalMinutes = 0;
  let totalAmountCents = 0;
  const parts = people.map((p) => {
    const minutes = Number(p.minutes);
    const amount = Number(p.amount);
    totalMinutes += minutes;
    totalAmountCents += amount;
    return (
      `{"userId":${JSON.stringify(p.userId)},"userName":${JSON.stringify(p.userName)},"days":${p.days},` +
      `"totalMinutes":${minutes},"totalAmountCents":${amount},"counts":{"draft":${p.draft},` +
      `"submitted":${p.submitted},"approved":${p.approved},"rejected":${p.rejected}}}`
    );
  });
  return (
    `{"from":${JSON.stringify(query.from)},"to":${JSON.stringify(query.to)},"teamId":${JSON.stringify(teamId)},` +
    `"people":[${parts.join(',')}],"totalMinutes":${totalMinutes},"totalAmountCents":${totalAmountCents}}`
  );
}

/** One person of the timesheet: their days already as JSON text, written by the statement. */
interface PersonRow {
  userId: string;
  userName: string;
  days: string;
  /** int8 sums arrive as text. */
  minutes: string | number;
  amount: string | number;
  draft: number;
  submitted: number;
  approved: number;
  rejected: number;
}
