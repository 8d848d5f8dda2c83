import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { readsTeamTime, requireTimeWriter, timeReach } from './time-entry-access';
import type { Timesheet, TimesheetQuery } from './time-entry-schemas';

type Person = Timesheet['people'][number];

interface DayRow {
  userId: string;
  date: string;
  minutes: number;
  amountCents: number;
  draft: number;
  submitted: number;
  approved: number;
  rejected: number;
}

/**
 * `GET /api/timesheet`: minutes, dollars and how many entries in each status, per person and day.
 * With `teamId` it is the team's (its leads and tenant admins): every member who records time, with
 * or without entries, plus anyone with entries on the team, read from the team's day tallies
 * (about one row per person-day; a team of fifty's month is ~1,100 rows for ~6,000 entries);
 * without, the caller's own, summed from their entries.
 */
export async function readTimesheet(ctx: TenantContext, query: TimesheetQuery): Promise<Timesheet> {
  const reach = await timeReach(ctx);
  const teamId = query.teamId ?? null;
  const people = new Map<string, Person>();
  const person = (userId: string, userName: string): Person => ({
    userId,
    userName,
    days: {},
    totalMinutes: 0,
    totalAmountCents: 0,
    counts: { draft: 0, submitted: 0, approved: 0, rejected: 0 },
  });

  if (teamId) {
    const [team] = await ctx.tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.tenantId, ctx.tenantId), eq(teams.id, teamId)));
    const isMember = reach.writerTeamIds.includes(teamId) || reach.approverTeamIds.includes(teamId);
    if (!team || (!reach.isTenantWide && !isMember)) throw new AppError('NOT_FOUND', 'Team not found');
    if (!readsTeamTime(reach, teamId)) throw forbidden();
    // Family guardians record no time and are left out; everyone else on the team is listed.
    const members = await ctx.tx
      .select({ userId: teamMembers.userId, name: users.name })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(
        and(
          eq(teamMembers.tenantId, ctx.tenantId),
          eq(teamMembers.teamId, teamId),
          ne(teamMembers.role, 'Family Guardian'),
        ),
      )
      .orderBy(asc(users.name));
    for (const m of members) people.set(m.userId, person(m.userId, m.name));
  } else {
    requireTimeWriter(reach);
    people.set(ctx.actor.id, person(ctx.actor.id, ctx.actor.name));
  }

  const rows = teamId
    ? await teamDays(ctx, teamId, query)
    : rowsOf<DayRow>(
        await ctx.tx.execute(sql`
          select user_id as "userId", date::text as "date",
                 sum(duration_minutes)::int as "minutes", sum(amount_cents)::int as "amountCents",
                 (count(*) filter (where status = 'draft'))::int as "draft",
                 (count(*) filter (where status = 'submitted'))::int as "submitted",
                 (count(*) filter (where status = 'approved'))::int as "approved",
                 (count(*) filter (where status = 'rejected'))::int as "rejected"
            from time_entries
           where tenant_id = ${ctx.tenantId} and user_id = ${ctx.actor.id}
             and date >= ${query.from}::date and date <= ${query.to}::date
           group by user_id, date`),
      );

  // People with entries on the team who are no longer its members still show, by name.
  const missing = [...new Set(rows.map((r) => r.userId))].filter((id) => !people.has(id));
  if (missing.length > 0) {
    const named = await ctx.tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, missing))
      .orderBy(asc(users.name));
    for (const u of named) people.set(u.id, person(u.id, u.name));
  }

  let totalMinutes = 0;
  let totalAmountCents = 0;
  for (const row of rows) {
    const p = people.get(row.userId)!;
    const { userId: _userId, date, ...day } = row;
    p.days[date] = day;
    p.totalMinutes += day.minutes;
    p.totalAmountCents += day.amountCents;
    for (const status of ['draft', 'submitted', 'approved', 'rejected'] as const)
      p.counts[status] += day[status];
    totalMinutes += day.minutes;
    totalAmountCents += day.amountCents;
  }
  return {
    from: query.from,
    to: query.to,
    teamId,
    people: [...people.values()],
    totalMinutes,
    totalAmountCents,
  };
}

const statuses = ['draft', 'submitted', 'approved', 'rejected'] as const;

/**
 * A team's days from its tallies (migration 0019: per team, day, person and status, kept by
 * triggers), read as plain rows from a raw statement: about one row per person-day of the month,
 * folded here into one per person and day. Mapping rows through the query builder cost more CPU than
 * the database's whole answer.
 */
async function teamDays(ctx: TenantContext, teamId: string, query: TimesheetQuery): Promise<DayRow[]> {
  const tallies = rowsOf<{
    userId: string;
    date: string;
    status: string;
    n: number;
    minutes: number;
    amountCents: number;
  }>(
    await ctx.tx.execute(sql`
      select user_id as "userId", date::text as "date", status, n, minutes, amount_cents::int as "amountCents"
        from time_entry_day_tallies
       where tenant_id = ${ctx.tenantId} and team_id = ${teamId}
         and date >= ${query.from}::date and date <= ${query.to}::date and n <> 0`),
  );
  const days = new Map<string, DayRow>();
  for (const tally of tallies) {
    const key = `${tally.userId} ${tally.date}`;
    let day = days.get(key);
    if (!day) {
      day = {
        userId: tally.userId,
        date: tally.date,
        minutes: 0,
        amountCents: 0,
        draft: 0,
        submitted: 0,
        approved: 0,
        rejected: 0,
      };
      days.set(key, day);
    }
    day.minutes += tally.minutes;
    day.amountCents += tally.amountCents;
    if ((statuses as readonly string[]).includes(tally.status))
      day[tally.status as (typeof statuses)[number]] += tally.n;
  }
  return [...days.values()];
}
