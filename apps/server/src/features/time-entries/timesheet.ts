import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
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
 * `GET /api/timesheet`: minutes, dollars and how many entries in each status, per person and day,
 * summed in SQL. With `teamId` it is the team's (its leads and tenant admins): every member who
 * records time, with or without entries, plus anyone with entries on the team; without, the
 * caller's own. A month of a team of fifty (about 6,000 entries) is one grouped scan of the
 * (tenant, team, date) index, which carries the summed columns (migration 0017).
 */
export async function readTimesheet(ctx: TenantContext, query: TimesheetQuery): Promise<Timesheet> {
  const reach = await timeReach(ctx);
  const teamId = query.teamId ?? null;
  let scope: SQL;
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
    scope = sql`team_id = ${teamId}`;
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
    scope = sql`user_id = ${ctx.actor.id}`;
    people.set(ctx.actor.id, person(ctx.actor.id, ctx.actor.name));
  }

  // A raw statement, read as plain rows: a month of a team is about a thousand (person, day) rows,
  // and mapping each through the query builder cost more CPU than the database's whole aggregate.
  const result = await ctx.tx.execute(sql`
    select user_id as "userId", date::text as "date",
           sum(duration_minutes)::int as "minutes", sum(amount_cents)::int as "amountCents",
           (count(*) filter (where status = 'draft'))::int as "draft",
           (count(*) filter (where status = 'submitted'))::int as "submitted",
           (count(*) filter (where status = 'approved'))::int as "approved",
           (count(*) filter (where status = 'rejected'))::int as "rejected"
      from time_entries
     where tenant_id = ${ctx.tenantId} and ${scope}
       and date >= ${query.from}::date and date <= ${query.to}::date
     group by user_id, date`);
  const rows = rowsOf<DayRow>(result);

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
