import { and, asc, eq, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { teamMembers, teams } from '../../db/schema/teams';
import { timeEntries } from '../../db/schema/time-entries';
import { users } from '../../db/schema/users';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { readsTeamTime, requireTimeWriter, timeReach } from './time-entry-access';
import type { Timesheet, TimesheetQuery } from './time-entry-schemas';

type Person = Timesheet['people'][number];

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
    scope = eq(timeEntries.teamId, teamId);
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
    scope = eq(timeEntries.userId, ctx.actor.id);
    people.set(ctx.actor.id, person(ctx.actor.id, ctx.actor.name));
  }

  const statusCount = (status: string) =>
    sql<number>`count(*) filter (where ${timeEntries.status} = ${status})`.mapWith(Number);
  const rows = await ctx.tx
    .select({
      userId: timeEntries.userId,
      date: timeEntries.date,
      minutes: sql<number>`sum(${timeEntries.durationMinutes})`.mapWith(Number),
      amountCents: sql<number>`sum(${timeEntries.amountCents})`.mapWith(Number),
      draft: statusCount('draft'),
      submitted: statusCount('submitted'),
      approved: statusCount('approved'),
      rejected: statusCount('rejected'),
    })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.tenantId, ctx.tenantId),
        scope,
        gte(timeEntries.date, query.from),
        lte(timeEntries.date, query.to),
      ),
    )
    .groupBy(timeEntries.userId, timeEntries.date);

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
