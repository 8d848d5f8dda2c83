import { randomUUID } from 'node:crypto';
import type { DeadlineKind, DeadlineSubjectType } from '@wattle/domain/deadlines/schemas';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { notifications } from '../db/schema/notifications';
import { participants } from '../db/schema/participants';
import { teams } from '../db/schema/teams';
import { users } from '../db/schema/users';
import { keepDeadline } from '../features/deadlines/keep-deadlines';
import { runDeadlineJobs } from './deadline-jobs';

/**
 * The commission deadline job against the real database: who is told, at which stage, and that a run
 * again (as after a restart) tells nobody twice while a moved deadline is told afresh. Jordan's Care
 * Team: Lee leads, Priya practises, Sophie supports, Fiona is family; the Community Access Team: Lee.
 * Sunrise's owner is Olivia, its admin Adam.
 */
let t: TestApp;
let sunrise: string;
const hour = 60 * 60 * 1000;
const day = 24 * hour;
const now = new Date();
const team: Record<'jordan' | 'community', { teamId: string; participantId: string }> = {} as never;
const nameOf = new Map<string, string>();

async function keep(
  on: keyof typeof team,
  kind: DeadlineKind,
  subjectType: DeadlineSubjectType,
  dueAt: Date,
  subjectId = randomUUID(),
) {
  return t.readInTenant(sunrise, (tx) =>
    keepDeadline(tx, sunrise, { kind, subjectType, subjectId, ...team[on], dueAt, metAt: null }),
  );
}

/** Who was told about a deadline, and with which type and message: first names, sorted. */
async function told(deadlineId: string) {
  const rows = await t.readInTenant(sunrise, (tx) =>
    tx
      .select({
        userId: notifications.userId,
        type: notifications.type,
        message: notifications.message,
        key: notifications.dedupeKey,
        link: notifications.link,
      })
      .from(notifications)
      .where(
        and(eq(notifications.tenantId, sunrise), like(notifications.dedupeKey, `deadline:${deadlineId}:%`)),
      ),
  );
  return rows
    .map((r) => ({ ...r, who: nameOf.get(r.userId) ?? r.userId }))
    .sort((a, b) => a.who.localeCompare(b.who) || (a.key ?? '').localeCompare(b.key ?? ''));
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  await t.readInTenant(sunrise, async (tx) => {
    const rows = await tx
      .select({ teamId: teams.id, teamName: teams.name, participantId: participants.id })
      .from(teams)
      .innerJoin(
        participants,
        and(eq(participants.tenantId, teams.tenantId), eq(participants.teamId, teams.id)),
      )
      .where(eq(teams.tenantId, sunrise));
    const byName = (name: string) => {
      const row = rows.find((r) => r.teamName === name);
      if (!row) throw new Error(`no team ${name}`);
      return { teamId: row.teamId, participantId: row.participantId };
    };
    team.jordan = byName("Jordan's Care Team");
    team.community = byName('Community Access Team');
  });
  const people = await t.readAsGlobalAdmin((tx) => tx.select({ id: users.id, name: users.name }).from(users));
  for (const person of people) nameOf.set(person.id, person.name.split(' ')[0] ?? person.name);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('commission deadline job', () => {
  it("tells the team's leads and practitioners 7 days before, and owners and admins too for an incident, once", async () => {
    const interim = await keep('jordan', 'bsp-interim', 'engagement', new Date(now.getTime() + 5 * day));
    const incident = await keep(
      'jordan',
      'incident-notification',
      'incident',
      new Date(now.getTime() + 5 * hour),
    );
    const report = await keep('community', 'rp-monthly-report', 'rp-report', new Date(now.getTime() - day));
    const later = await keep('jordan', 'bsp-comprehensive', 'engagement', new Date(now.getTime() + 30 * day));

    await runDeadlineJobs(t.database.db, { now });

    const interimTold = await told(interim.id);
    expect(interimTold.map((n) => n.who)).toEqual(['Lee', 'Priya']);
    expect(interimTold[0]).toMatchObject({
      type: 'deadline',
      message: expect.stringMatching(
        /^Jordan Lee: Interim behaviour support plan is due \d\d\/\d\d\/\d{4} at \d{1,2}:\d\d [ap]m \(Due in 5 days\)$/,
      ),
    });
    expect((await told(incident.id)).map((n) => n.who)).toEqual(['Adam', 'Lee', 'Olivia', 'Priya']);
    expect((await told(incident.id))[0]!.message).toMatch(
      /Reportable incident notification is due .* at .*\(Due in 5 h\)$/,
    );
    const reportTold = await told(report.id);
    expect(reportTold.map((n) => [n.who, n.type])).toEqual([['Lee', 'deadline-overdue']]);
    // Each notice links to its item's page.
    expect(reportTold[0]!.link).toMatch(/^\/my-teams\/[^/]+\/restrictive-practices$/);
    expect(interimTold[0]!.link).toMatch(/^\/my-teams\/[^/]+\/bsp$/);
    expect((await told(incident.id))[0]!.link).toBe(`/incidents?incident=${incident.subjectId}`);
    expect(reportTold[0]!.message).toMatch(
      /^Noah Williams: Monthly restrictive practice report was due .* and is overdue \(Overdue by 1 day\)$/,
    );
    expect(await told(later.id)).toEqual([]);

    // Run again, as after a restart: nobody is told twice.
    const again = await runDeadlineJobs(t.database.db, { now });
    expect(again.failed).toBe(0);
    expect(again.notified.commission).toBe(0);
    expect((await told(interim.id)).length).toBe(2);
  });

  it('tells the 1-day stage and then overdue, each once, and a moved deadline afresh', async () => {
    const subjectId = randomUUID();
    const first = await keep('jordan', 'bsp-review', 'plan', new Date(now.getTime() + 6 * day), subjectId);
    await runDeadlineJobs(t.database.db, { now });
    expect((await told(first.id)).map((n) => n.key?.split(':')[2])).toEqual(['week', 'week']);

    const dayBefore = new Date(now.getTime() + 5.5 * day);
    await runDeadlineJobs(t.database.db, { now: dayBefore });
    await runDeadlineJobs(t.database.db, { now: dayBefore });
    const afterDay = await told(first.id);
    expect(afterDay.filter((n) => n.key?.includes(':day:')).map((n) => n.who)).toEqual(['Lee', 'Priya']);

    const pastDue = new Date(now.getTime() + 7 * day);
    await runDeadlineJobs(t.database.db, { now: pastDue });
    await runDeadlineJobs(t.database.db, { now: pastDue });
    const overdue = (await told(first.id)).filter((n) => n.type === 'deadline-overdue');
    expect(overdue.map((n) => n.who)).toEqual(['Lee', 'Priya']);

    // The review is moved (needs changed): the same deadline row, a new due instant, told again.
    const moved = await keep('jordan', 'bsp-review', 'plan', new Date(now.getTime() + 3 * day), subjectId);
    expect(moved.id).toBe(first.id);
    await runDeadlineJobs(t.database.db, { now });
    const all = await told(first.id);
    expect(
      all.filter((n) => n.key?.endsWith(moved.dueAt) && n.key.includes(':week:')).map((n) => n.who),
    ).toEqual(['Lee', 'Priya']);
  });

  it("answers each notice's link through GET /api/notifications, to its recipient", async () => {
    const incident = await keep(
      'jordan',
      'incident-notification',
      'incident',
      new Date(now.getTime() + 2 * hour),
    );
    await runDeadlineJobs(t.database.db, { now });
    const olivia = await (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const res = await olivia.get('/api/notifications?limit=200');
    expect(res.status).toBe(200);
    const notice = res.body.data.find(
      (n: { link: string | null }) => n.link === `/incidents?incident=${incident.subjectId}`,
    );
    expect(notice).toMatchObject({ type: 'deadline', participantId: team.jordan.participantId });
    // A notification without a page answers null, never a missing field.
    expect(
      res.body.data.every((n: { link?: unknown }) => n.link === null || typeof n.link === 'string'),
    ).toBe(true);
  });

  it('tells nobody about a deadline that is met', async () => {
    const met = await t.readInTenant(sunrise, (tx) =>
      keepDeadline(tx, sunrise, {
        kind: 'incident-five-day-report',
        subjectType: 'incident',
        subjectId: randomUUID(),
        ...team.jordan,
        dueAt: new Date(now.getTime() - day),
        metAt: new Date(now.getTime() - 2 * day),
      }),
    );
    await runDeadlineJobs(t.database.db, { now });
    expect(await told(met.id)).toEqual([]);
  });
});
