import { randomUUID } from 'node:crypto';
import { type Dashboard, DashboardSchema } from '@wattle/domain/dashboard/schemas';
import { addDays } from '@wattle/domain/time/clock';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { behaviourSupportPlans } from '../../db/schema/behaviour-support';
import { cards } from '../../db/schema/cards';
import { participants } from '../../db/schema/participants';
import { teams } from '../../db/schema/teams';
import { timeEntries } from '../../db/schema/time-entries';
import { keepDeadline } from '../deadlines/keep-deadlines';

/**
 * GET /api/dashboard against the real app (issue 16 item 7): each role's tiles over the demo data,
 * then what this file adds (cards overdue, due soon, done and far off; plan and incident deadlines;
 * plans shared with family and not) shows as the right change for each role, and nothing for those
 * who may not read it. Counts are compared before and after, so they hold whatever the demo seeds.
 */

let t: TestApp;
let sunrise: string;
let bluegum: string;
const team: Record<'jordan' | 'mia', { teamId: string; participantId: string; slug: string }> = {} as never;
const hour = 60 * 60 * 1000;
const day = 24 * hour;

const people = {
  olivia: 'olivia.owner@sunrise.example',
  adam: 'adam.admin@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  priya: 'priya.practitioner@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
  theo: 'theo.therapist@sunrise.example',
  fiona: 'fiona.family@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
} as const;
type Person = keyof typeof people;

async function dashboard(who: Person): Promise<Dashboard> {
  const res = await (await t.as(people[who])).inTenant(sunrise).get('/api/dashboard');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return DashboardSchema.parse(res.body.data);
}

const before = {} as Record<Person, Dashboard>;
const after = {} as Record<Person, Dashboard>;
let today: string;
const made: Record<string, string> = {};

async function card(on: keyof typeof team, title: string, dueDate: string | null) {
  const res = await (await t.as(people.olivia))
    .inTenant(sunrise)
    .post('/api/cards', { teamId: team[on].teamId, title, type: 'task', dueDate });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  made[title] = res.body.data.id;
  return res.body.data.id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  await t.readInTenant(sunrise, async (tx) => {
    const rows = await tx
      .select({ teamId: teams.id, name: teams.name, slug: teams.slug, participantId: participants.id })
      .from(teams)
      .innerJoin(
        participants,
        and(eq(participants.tenantId, teams.tenantId), eq(participants.teamId, teams.id)),
      )
      .where(eq(teams.tenantId, sunrise));
    for (const [key, name] of [
      ['jordan', "Jordan's Care Team"],
      ['mia', "Mia's Care Team"],
    ] as const) {
      const row = rows.find((r) => r.name === name);
      if (!row) throw new Error(`no team ${name}`);
      team[key] = { teamId: row.teamId, participantId: row.participantId, slug: row.slug };
    }
  });
  for (const who of Object.keys(people) as Person[]) before[who] = await dashboard(who);
  today = before.olivia.today;

  // Cards: long overdue on Jordan's team, due soon on Jordan's, overdue on Mia's; a done one, one
  // due in a month and one with no due date, which no tile counts.
  await card('jordan', 'Dashboard test: long overdue', addDays(today, -400));
  await card('jordan', 'Dashboard test: due soon', addDays(today, 3));
  await card('mia', 'Dashboard test: Mia overdue', addDays(today, -2));
  const done = await card('jordan', 'Dashboard test: done', addDays(today, -3));
  await card('jordan', 'Dashboard test: next month', addDays(today, 30));
  await card('jordan', 'Dashboard test: no date', null);
  await t.readInTenant(sunrise, (tx) =>
    tx
      .update(cards)
      .set({ state: 'done' })
      .where(and(eq(cards.tenantId, sunrise), eq(cards.id, done))),
  );

  // Plans on Jordan's team: one shared with family past its review date, one not shared due for
  // review in 3 days; deadlines: an interim plan overdue on Jordan's team, an incident notification
  // due in 5 hours on Mia's.
  await t.readInTenant(sunrise, async (tx) => {
    await tx.insert(behaviourSupportPlans).values([
      {
        tenantId: sunrise,
        teamId: team.jordan.teamId,
        participantId: team.jordan.participantId,
        kind: 'comprehensive',
        title: 'Dashboard test: shared plan',
        status: 'approved',
        approvedVersion: 1,
        approvedAt: new Date(Date.now() - 400 * day),
        sharedWithFamily: true,
        reviewDueOn: addDays(today, -10),
      },
      {
        tenantId: sunrise,
        teamId: team.jordan.teamId,
        participantId: team.jordan.participantId,
        kind: 'interim',
        title: 'Dashboard test: private plan',
        status: 'approved',
        approvedVersion: 1,
        approvedAt: new Date(Date.now() - 300 * day),
        reviewDueOn: addDays(today, 3),
      },
    ]);
    await keepDeadline(tx, sunrise, {
      kind: 'bsp-interim',
      subjectType: 'engagement',
      subjectId: randomUUID(),
      participantId: team.jordan.participantId,
      teamId: team.jordan.teamId,
      dueAt: new Date(Date.now() - 2 * day),
      metAt: null,
    });
    await keepDeadline(tx, sunrise, {
      kind: 'incident-notification',
      subjectType: 'incident',
      subjectId: randomUUID(),
      participantId: team.mia.participantId,
      teamId: team.mia.teamId,
      dueAt: new Date(Date.now() + 5 * hour),
      metAt: null,
    });
  });
  for (const who of Object.keys(people) as Person[]) after[who] = await dashboard(who);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const change = (who: Person, pick: (d: Dashboard) => number | undefined) =>
  (pick(after[who]) ?? 0) - (pick(before[who]) ?? 0);

describe('GET /api/dashboard: which tiles each role gets', () => {
  it('gives owners and admins every tile, with hours and invoices across the tenant', () => {
    for (const who of ['olivia', 'adam'] as const) {
      const d = after[who];
      expect(d.cards && d.deadlines && d.plans && d.incidents).toBeTruthy();
      expect(d.hours?.scope).toBe('tenant');
      expect(d.invoices?.scope).toBe('mine');
      expect(d.invoices?.href).toBe('/approvals/invoices');
    }
  });

  it('gives an auditor every tile but hours (auditors keep no time), and every invoice waiting', () => {
    const d = after.aria;
    expect(d.cards && d.deadlines && d.plans && d.incidents).toBeTruthy();
    expect(d.hours).toBeNull();
    expect(d.invoices?.scope).toBe('all');
    expect(d.invoices?.href).toBe('/invoices?status=pending-approval');
  });

  it("gives a team lead their teams' hours, and a support worker their own and no finance", () => {
    expect(after.lee.hours?.scope).toBe('teams');
    expect(after.lee.hours?.href).toContain('tab=approvals');
    expect(after.sophie.hours?.scope).toBe('own');
    expect(after.sophie.hours?.href).toBe(`/timesheet?week=${after.sophie.hours?.weekStart}`);
    expect(after.sophie.invoices).toBeNull();
    expect(after.sophie.cards && after.sophie.incidents).toBeTruthy();
  });

  it('gives a family guardian only plans and their deadlines: no cards, incidents, hours or finance', () => {
    const d = after.fiona;
    expect(d.cards).toBeNull();
    expect(d.incidents).toBeNull();
    expect(d.hours).toBeNull();
    expect(d.invoices).toBeNull();
    expect(d.plans).not.toBeNull();
    expect(d.deadlines).not.toBeNull();
  });

  it('counts the week from Monday to Sunday in the tenant calendar', () => {
    const { weekStart, weekEnd } = after.olivia.hours!;
    expect(new Date(`${weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weekEnd).toBe(addDays(weekStart, 6));
    expect(weekStart <= today && today <= weekEnd).toBe(true);
  });
});

describe('GET /api/dashboard: cards', () => {
  it('counts open cards overdue and due within 7 days on the teams one reads; done, later and undated ones not', () => {
    expect(change('olivia', (d) => d.cards?.overdue)).toBe(2);
    expect(change('olivia', (d) => d.cards?.dueSoon)).toBe(1);
    expect(change('aria', (d) => d.cards?.overdue)).toBe(2);
    // Jordan's team only.
    expect(change('sophie', (d) => d.cards?.overdue)).toBe(1);
    expect(change('sophie', (d) => d.cards?.dueSoon)).toBe(1);
    // Mia's team only.
    expect(change('theo', (d) => d.cards?.overdue)).toBe(1);
    expect(change('theo', (d) => d.cards?.dueSoon)).toBe(0);
  });

  it("keeps a tenant-wide reader's counts (the per-day tallies) as a card moves, finishes and goes", async () => {
    const olivia = (await t.as(people.olivia)).inTenant(sunrise);
    const start = (await dashboard('olivia')).cards!;
    const counts = async () => {
      const { overdue, dueSoon } = (await dashboard('olivia')).cards!;
      return { overdue: overdue - start.overdue, dueSoon: dueSoon - start.dueSoon };
    };
    const id = await card('jordan', 'Dashboard test: tallied', addDays(today, -5));
    expect(await counts()).toEqual({ overdue: 1, dueSoon: 0 });
    const moved = await olivia.patch(`/api/cards/${id}`, { version: 1, dueDate: addDays(today, 1) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await counts()).toEqual({ overdue: 0, dueSoon: 1 });
    // An edit that keeps the due date and state changes nothing.
    const renamed = await olivia.patch(`/api/cards/${id}`, {
      version: moved.body.data.version,
      title: 'Renamed',
    });
    expect(renamed.status).toBe(200);
    expect(await counts()).toEqual({ overdue: 0, dueSoon: 1 });
    await t.readInTenant(sunrise, (tx) =>
      tx
        .update(cards)
        .set({ state: 'done' })
        .where(and(eq(cards.tenantId, sunrise), eq(cards.id, id))),
    );
    expect(await counts()).toEqual({ overdue: 0, dueSoon: 0 });
    await t.readInTenant(sunrise, (tx) =>
      tx
        .update(cards)
        .set({ state: 'todo' })
        .where(and(eq(cards.tenantId, sunrise), eq(cards.id, id))),
    );
    expect(await counts()).toEqual({ overdue: 0, dueSoon: 1 });
    const latest = (await olivia.get(`/api/cards/${id}`)).body.data;
    expect((await olivia.delete(`/api/cards/${id}?version=${latest.version}`)).status).toBeLessThan(300);
    expect(await counts()).toEqual({ overdue: 0, dueSoon: 0 });
  });

  it("keeps a tenant-wide reader's plan and hours tallies equal to counting the rows, as plans and time change", async () => {
    const sum = (value: unknown) => Number(value ?? 0);
    const tiles = async () => {
      const { plans, hours } = await dashboard('olivia');
      return {
        plans: { ...plans!, href: undefined, awaitingPlan: 0, awaitingPlanOverdue: 0 },
        hours: hours!,
      };
    };
    // What the tiles would say counting every row, as they did before the tallies (migration 0032).
    const counted = async () => {
      const { hours } = await dashboard('olivia');
      const soon = addDays(today, 7);
      const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
      const [p] = rows(
        await t.readInTenant(sunrise, (tx) =>
          tx.execute(sql`select count(*) as total,
            count(*) filter (where status = 'draft') as draft,
            count(*) filter (where status = 'in-review') as "inReview",
            count(*) filter (where status = 'approved') as approved,
            count(*) filter (where approved_version is not null and (review_due_on is null or review_due_on >= ${today})) as current,
            count(*) filter (where approved_version is not null and review_due_on < ${today}) as "reviewOverdue",
            count(*) filter (where approved_version is not null and review_due_on >= ${today} and review_due_on <= ${soon}) as "reviewDueSoon"
          from behaviour_support_plans where tenant_id = ${sunrise} and status not in ('superseded', 'archived')`),
        ),
      );
      const [h] = rows(
        await t.readInTenant(sunrise, (tx) =>
          tx.execute(sql`select sum(duration_minutes) as minutes, count(*) as entries,
            count(*) filter (where status = 'submitted') as submitted
          from time_entries where tenant_id = ${sunrise} and date >= ${hours!.weekStart} and date <= ${hours!.weekEnd}`),
        ),
      );
      return {
        plans: Object.fromEntries(Object.entries(p!).map(([k, v]) => [k, sum(v)])),
        hours: { minutes: sum(h!.minutes), entries: sum(h!.entries), submitted: sum(h!.submitted) },
      };
    };
    const agree = async () => {
      const [shown, rows] = await Promise.all([tiles(), counted()]);
      expect(shown.plans).toMatchObject(rows.plans);
      expect(shown.hours).toMatchObject(rows.hours);
    };
    await agree();

    // A plan written, approved with a review date past, its review date cleared, archived, deleted.
    const planId = randomUUID();
    const plan = and(eq(behaviourSupportPlans.tenantId, sunrise), eq(behaviourSupportPlans.id, planId));
    await t.readInTenant(sunrise, (tx) =>
      tx.insert(behaviourSupportPlans).values({
        tenantId: sunrise,
        id: planId,
        participantId: team.jordan.participantId,
        teamId: team.jordan.teamId,
        kind: 'interim',
        title: 'Dashboard test: tallied plan',
      }),
    );
    await agree();
    const steps: Partial<typeof behaviourSupportPlans.$inferInsert>[] = [
      { status: 'in-review' },
      { status: 'approved', approvedVersion: 1, reviewDueOn: addDays(today, -2) },
      { reviewDueOn: addDays(today, 3) },
      { reviewDueOn: null },
      { title: 'Renamed: no tally changes' },
      { status: 'archived' },
      { status: 'draft', approvedVersion: null },
    ];
    for (const step of steps) {
      await t.readInTenant(sunrise, (tx) => tx.update(behaviourSupportPlans).set(step).where(plan));
      await agree();
    }
    await t.readInTenant(sunrise, (tx) => tx.delete(behaviourSupportPlans).where(plan));
    await agree();

    // A copy of one of Sunrise's entries dated today, changed, moved out of the week and deleted.
    const [model] = await t.readInTenant(sunrise, (tx) =>
      tx.select().from(timeEntries).where(eq(timeEntries.tenantId, sunrise)).limit(1),
    );
    const entryId = randomUUID();
    const entry = and(eq(timeEntries.tenantId, sunrise), eq(timeEntries.id, entryId));
    await t.readInTenant(sunrise, (tx) =>
      tx.insert(timeEntries).values({ ...model!, id: entryId, date: today, endDate: today, status: 'draft' }),
    );
    await agree();
    for (const step of [
      { durationMinutes: model!.durationMinutes + 45 },
      { status: 'submitted' as const },
      { description: 'No tally changes' },
      { date: addDays(today, -30), endDate: addDays(today, -30) },
    ]) {
      await t.readInTenant(sunrise, (tx) => tx.update(timeEntries).set(step).where(entry));
      await agree();
    }
    await t.readInTenant(sunrise, (tx) => tx.delete(timeEntries).where(entry));
    await agree();
  });

  it('lists the longest overdue first, with its id, team and link, and links the tile to that team’s overdue list', () => {
    const [first] = after.olivia.cards!.items;
    expect(first).toMatchObject({
      id: made['Dashboard test: long overdue'],
      title: 'Dashboard test: long overdue',
      dueDate: addDays(today, -400),
      teamName: "Jordan's Care Team",
      overdue: true,
      href: `/card/${made['Dashboard test: long overdue']}`,
    });
    expect(first!.workItemId).toMatch(/^[A-Z]{3}-\d{5,}$/);
    expect(after.olivia.cards!.items.length).toBeLessThanOrEqual(5);
    expect(after.olivia.cards!.href).toBe(`/my-teams/${team.jordan.slug}/list?overdue=true`);
    expect(after.theo.cards!.items.map((i) => i.id)).not.toContain(made['Dashboard test: long overdue']);
  });
});

describe('GET /api/dashboard: deadlines, plans and incidents', () => {
  it('counts the Commission deadlines each reads: the interim plan for the team, the notification for incident readers', () => {
    expect(change('olivia', (d) => d.deadlines?.overdue)).toBe(1);
    expect(change('olivia', (d) => d.deadlines?.dueSoon)).toBe(1);
    expect(change('sophie', (d) => d.deadlines?.overdue)).toBe(1);
    expect(change('sophie', (d) => d.deadlines?.dueSoon)).toBe(0);
    expect(change('theo', (d) => d.deadlines?.overdue)).toBe(0);
    expect(change('theo', (d) => d.deadlines?.dueSoon)).toBe(1);
    // A family guardian reads neither an engagement's deadline nor an incident's.
    expect(change('fiona', (d) => d.deadlines?.overdue)).toBe(0);
    expect(change('fiona', (d) => d.deadlines?.dueSoon)).toBe(0);
    const nearest = after.olivia.deadlines!.items[0]!;
    expect(nearest.status).toBe('overdue');
    expect(after.olivia.deadlines!.items.map((d) => d.kind)).toContain('incident-notification');
    const interim = after.sophie.deadlines!.items.find((d) => d.kind === 'bsp-interim');
    expect(interim).toMatchObject({
      participantName: 'Jordan Lee',
      href: `/my-teams/${team.jordan.slug}/bsp`,
    });
  });

  it('counts plans current, past and near review, and the participants waiting for a plan', () => {
    expect(change('sophie', (d) => d.plans?.total)).toBe(2);
    expect(change('sophie', (d) => d.plans?.approved)).toBe(2);
    expect(change('sophie', (d) => d.plans?.reviewOverdue)).toBe(1);
    expect(change('sophie', (d) => d.plans?.reviewDueSoon)).toBe(1);
    expect(change('sophie', (d) => d.plans?.current)).toBe(1);
    expect(change('sophie', (d) => d.plans?.awaitingPlan)).toBe(1);
    expect(change('sophie', (d) => d.plans?.awaitingPlanOverdue)).toBe(1);
    expect(after.sophie.plans?.href).toBe(`/my-teams/${team.jordan.slug}/bsp`);
    expect(change('olivia', (d) => d.plans?.total)).toBe(2);
    expect(change('theo', (d) => d.plans?.total)).toBe(0);
  });

  it('gives a family guardian only the plan shared with family, and no waiting plan', () => {
    expect(change('fiona', (d) => d.plans?.total)).toBe(1);
    expect(change('fiona', (d) => d.plans?.reviewOverdue)).toBe(1);
    expect(change('fiona', (d) => d.plans?.reviewDueSoon)).toBe(0);
    expect(after.fiona.plans?.awaitingPlan).toBe(0);
    expect(after.fiona.plans?.href).toBe(`/my-teams/${team.jordan.slug}/bsp`);
  });

  it("counts the reportable incidents' clocks for incident readers of the team", () => {
    expect(change('olivia', (d) => d.incidents?.awaitingNotification)).toBe(1);
    expect(change('theo', (d) => d.incidents?.awaitingNotification)).toBe(1);
    expect(change('sophie', (d) => d.incidents?.awaitingNotification)).toBe(0);
    expect(after.olivia.incidents?.href).toBe('/incidents?status=open');
  });

  it('counts the open incidents as the register lists them', async () => {
    for (const who of ['olivia', 'sophie', 'aria'] as const) {
      const res = await (await t.as(people[who])).inTenant(sunrise).get('/api/incidents?status=open&limit=1');
      expect(after[who].incidents?.open).toBe(res.body.meta.total);
      const reportable = await (await t.as(people[who]))
        .inTenant(sunrise)
        .get('/api/incidents?status=open&reportable=true&limit=1');
      expect(after[who].incidents?.reportableOpen).toBe(reportable.body.meta.total);
    }
  });
});

describe('GET /api/dashboard: hours and invoices', () => {
  it('sums this week’s time as the timesheet does: one’s own entries', async () => {
    const { weekStart, weekEnd, minutes, entries } = after.sophie.hours!;
    const res = await (await t.as(people.sophie))
      .inTenant(sunrise)
      .get(`/api/time-entries?from=${weekStart}&to=${weekEnd}&userId=me`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = res.body.data as { duration: number }[];
    expect(entries).toBe(mine.length);
    expect(minutes).toBe(mine.reduce((sum, e) => sum + e.duration, 0));
  });

  it('counts the invoices waiting as /approvals/invoices lists them, and every one waiting for an auditor', async () => {
    const awaiting = await (await t.as(people.olivia))
      .inTenant(sunrise)
      .get('/api/invoices?scope=awaiting-me&limit=1');
    expect(after.olivia.invoices?.awaiting).toBe(awaiting.body.meta.total);
    const pending = await (await t.as(people.aria))
      .inTenant(sunrise)
      .get('/api/invoices?status=pending-approval&limit=1');
    expect(after.aria.invoices?.awaiting).toBe(pending.body.meta.total);
  });
});

describe('GET /api/dashboard: tenants', () => {
  it("answers another tenant's owner 404 in this tenant, and counts none of this tenant's in their own", async () => {
    const ben = await t.as('ben.owner@bluegum.example');
    expect((await ben.inTenant(sunrise).get('/api/dashboard')).status).toBe(404);
    const own = await ben.inTenant(bluegum).get('/api/dashboard');
    expect(own.status).toBe(200);
    const ids = JSON.stringify(own.body.data);
    for (const id of Object.values(made)) expect(ids).not.toContain(id);
    expect(ids).not.toContain(team.jordan.teamId);
  });

  it('answers 401 without a session', async () => {
    const res = await t.anonymous().inTenant(sunrise).get('/api/dashboard');
    expect(res.status).toBe(401);
  });
});
