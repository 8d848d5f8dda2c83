import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../test/harness';
import { notifications } from '../db/schema/notifications';
import { participantPlans, participants, planBudgets } from '../db/schema/participants';
import { staffProfiles } from '../db/schema/staff';
import { users } from '../db/schema/users';
import { addDays } from '../features/cards/card-values';
import { listenForChanges } from '../features/events/change-feed';
import type { PlanBudgetUsage } from '../features/participants/budget-usage';
import type { BudgetUsageSource } from './budget-alert-job';
import { runDeadlineJobs } from './deadline-jobs';
import { formatLongDate } from './deadline-notices';

let t: TestApp;
let sunrise: string;
let bluegum: string;
const people = {
  olivia: 'olivia.owner@sunrise.example',
  adam: 'adam.admin@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  priya: 'priya.practitioner@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
  fiona: 'fiona.family@sunrise.example',
  theo: 'theo.therapist@sunrise.example',
  gus: 'gus.guest@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
  ben: 'ben.owner@bluegum.example',
} as const;
type Person = keyof typeof people;
const userIds = {} as Record<Person, string>;
const participantIds: Record<string, string> = {};
const planIds: Record<string, string> = {};

/** Today in Sydney, the demo tenants' time zone, as the jobs reckon it. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
const inDays = (days: number) => addDays(today, days);

const as = async (person: Person, tenant = sunrise) => (await t.as(people[person])).inTenant(tenant);
const put = (client: TestClient, userId: string, payload: unknown) =>
  client.request({ method: 'PUT', url: `/api/staff/${userId}`, payload: payload as never });

/** The person's notifications of a type, as their inbox lists them. */
async function inbox(person: Person, type: string, tenant = sunrise) {
  const res = await (await as(person, tenant)).get('/api/notifications?limit=200');
  expect(res.status).toBe(200);
  return (res.body.data as { type: string; message: string }[]).filter((n) => n.type === type);
}

/**
 * A new plan of the participant ending on `endDate`, a year long, with these budgets (category →
 * cents). Written straight to the database, it may overlap the one before; it starts later, so it is
 * the participant's current and last plan and the one before is earlier (statuses come from dates).
 */
async function givePlan(
  tenantId: string,
  name: string,
  endDate: string,
  budgets: Record<string, number> = {},
) {
  const participantId = participantIds[name]!;
  const [plan] = await t.readInTenant(tenantId, (tx) =>
    tx
      .insert(participantPlans)
      .values({ tenantId, participantId, startDate: addDays(endDate, -365), endDate, managementType: 'ndia' })
      .returning({ id: participantPlans.id }),
  );
  planIds[name] = plan!.id;
  const rows = Object.entries(budgets).map(([category, amountCents]) => ({
    tenantId,
    planId: plan!.id,
    category,
    amountCents,
  }));
  if (rows.length > 0) await t.readInTenant(tenantId, (tx) => tx.insert(planBudgets).values(rows));
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const rows = await t.readAsGlobalAdmin((tx) => tx.select({ id: users.id, email: users.email }).from(users));
  for (const [person, email] of Object.entries(people)) {
    userIds[person as Person] = rows.find((r) => r.email === email)!.id;
  }
  for (const tenantId of [sunrise, bluegum]) {
    // The demo's own plans and profiles are set aside: each test here makes exactly what it counts.
    await t.readInTenant(tenantId, async (tx) => {
      await tx.delete(participantPlans).where(eq(participantPlans.tenantId, tenantId));
      await tx.delete(staffProfiles).where(eq(staffProfiles.tenantId, tenantId));
      const found = await tx
        .select({ id: participants.id, name: participants.name })
        .from(participants)
        .where(eq(participants.tenantId, tenantId));
      for (const p of found) participantIds[p.name] = p.id;
    });
  }
});
afterAll(() => t.close());

describe('plans ending', () => {
  it("tells the team's leads, or the admins of a team without one, once however often it runs", async () => {
    await givePlan(sunrise, 'Jordan Lee', inDays(21)); // Jordan's Care Team: Lee leads it
    await givePlan(sunrise, 'Mia Thompson', inDays(5)); // Mia's Care Team: no Team Lead
    await givePlan(sunrise, 'Noah Williams', inDays(31)); // not yet within 30 days
    await givePlan(bluegum, 'Harper Nguyen', inDays(0)); // ends today; Bluegum's owner is told

    const first = await runDeadlineJobs(t.database.db);
    expect(first.notified['plan-ending']).toBe(4);
    expect(first.failed).toBe(0);
    const again = await runDeadlineJobs(t.database.db);
    expect(again.notified['plan-ending']).toBe(0);

    expect(await inbox('lee', 'plan-ending')).toEqual([
      expect.objectContaining({
        message: `Jordan Lee's NDIS plan ends on ${formatLongDate(inDays(21))} (21 days)`,
        priority: 'normal',
        participantId: participantIds['Jordan Lee'],
        participantName: 'Jordan Lee',
        read: false,
      }),
    ]);
    for (const person of ['olivia', 'adam'] as const) {
      expect(await inbox(person, 'plan-ending'), person).toEqual([
        expect.objectContaining({
          message: `Mia Thompson's NDIS plan ends on ${formatLongDate(inDays(5))} (5 days)`,
          priority: 'high',
          participantId: participantIds['Mia Thompson'],
        }),
      ]);
    }
    // Nobody else in Sunrise: team members who are not leads, the guest, the auditor.
    for (const person of ['priya', 'sophie', 'fiona', 'theo', 'gus', 'aria'] as const) {
      expect(await inbox(person, 'plan-ending'), person).toEqual([]);
    }
    expect(await inbox('ben', 'plan-ending', bluegum)).toEqual([
      expect.objectContaining({
        message: `Harper Nguyen's NDIS plan ends on ${formatLongDate(today)} (today)`,
        priority: 'high',
      }),
    ]);
    expect(await inbox('priya', 'plan-ending', bluegum)).toEqual([]);
  });

  it('does not bring back a notification its recipient deleted', async () => {
    const lee = await as('lee');
    const [note] = (await lee.get('/api/notifications?limit=200')).body.data.filter(
      (n: { type: string }) => n.type === 'plan-ending',
    );
    expect((await lee.delete(`/api/notifications/${note.id}`)).status).toBe(200);
    expect((await runDeadlineJobs(t.database.db)).notified['plan-ending']).toBe(0);
    expect(await inbox('lee', 'plan-ending')).toEqual([]);
  });

  it('tells of a new plan ending, and nothing of an archived participant or a plan no longer current', async () => {
    await t.readInTenant(sunrise, (tx) =>
      tx
        .update(participants)
        .set({ archivedAt: new Date() })
        .where(
          and(eq(participants.tenantId, sunrise), eq(participants.id, participantIds['Noah Williams']!)),
        ),
    );
    await t.readInTenant(sunrise, (tx) =>
      tx
        .update(participantPlans)
        .set({ endDate: inDays(3) })
        .where(eq(participantPlans.id, planIds['Noah Williams']!)),
    );
    expect((await runDeadlineJobs(t.database.db)).notified['plan-ending']).toBe(0);

    // Jordan's next plan (the first one no longer current) ends soon as well: told again, once.
    await givePlan(sunrise, 'Jordan Lee', inDays(30));
    expect((await runDeadlineJobs(t.database.db)).notified['plan-ending']).toBe(1);
    expect((await inbox('lee', 'plan-ending')).map((n) => n.message)).toEqual([
      `Jordan Lee's NDIS plan ends on ${formatLongDate(inDays(30))} (30 days)`,
    ]);
  });
});

describe('budgets over 80%', () => {
  /**
   * Usage as budget-usage.ts will report it once time entries and invoices exist (today it reports
   * nothing used): committed and spent by plan and category.
   */
  const usage = (byPlan: Record<string, Record<string, [number, number]>>): BudgetUsageSource => {
    return async (_tx, options) => {
      const result: PlanBudgetUsage = new Map();
      for (const planId of options.planIds) {
        const categories = byPlan[planId];
        if (!categories) continue;
        result.set(
          planId,
          new Map(
            Object.entries(categories).map(([c, [committedCents, spentCents]]) => [
              c,
              { committedCents, spentCents },
            ]),
          ),
        );
      }
      return result;
    };
  };

  it('tells the team lead once of each budget over 80% used', async () => {
    await givePlan(sunrise, 'Jordan Lee', inDays(200), { '01': 100_000, '02': 100_000, '03': 0 });
    const jordanPlan = planIds['Jordan Lee']!;
    const asked: string[][] = [];
    const source = usage({ [jordanPlan]: { '01': [50_000, 35_050], '02': [80_000, 0], '03': [500, 0] } });
    const spying: BudgetUsageSource = (tx, options) => {
      asked.push([...options.planIds]);
      return source(tx, options);
    };
    expect((await runDeadlineJobs(t.database.db, { budgetUsage: spying })).notified.budget).toBe(1);
    expect((await runDeadlineJobs(t.database.db, { budgetUsage: spying })).notified.budget).toBe(0);
    expect(asked.flat()).toContain(jordanPlan);
    expect(await inbox('lee', 'budget')).toEqual([
      expect.objectContaining({
        message: "Jordan Lee's Assistance with Daily Life budget is 85% used ($850.50 of $1,000.00)",
        priority: 'normal',
        participantId: participantIds['Jordan Lee'],
        participantName: 'Jordan Lee',
      }),
    ]);
    for (const person of ['olivia', 'adam', 'priya', 'sophie', 'fiona'] as const) {
      expect(await inbox(person, 'budget'), person).toEqual([]);
    }

    // Transport passes 80% later: that budget is told of, once, and Daily Living not again.
    const later = usage({ [jordanPlan]: { '01': [100_000, 0], '02': [80_001, 0] } });
    expect((await runDeadlineJobs(t.database.db, { budgetUsage: later })).notified.budget).toBe(1);
    expect((await inbox('lee', 'budget')).map((n) => n.message)).toEqual([
      "Jordan Lee's Transport budget is 80% used ($800.01 of $1,000.00)",
      "Jordan Lee's Assistance with Daily Life budget is 85% used ($850.50 of $1,000.00)",
    ]);
  });

  it("reads the real usage: a participant's approved, uninvoiced time past 80% of a budget, once", async () => {
    // The demo's approved time for Oliver is in category 01; nothing of it in 15.
    await givePlan(bluegum, 'Oliver Smith', inDays(300), { '01': 1, '15': 100_000_000 });
    expect((await runDeadlineJobs(t.database.db)).notified.budget).toBe(1);
    expect((await runDeadlineJobs(t.database.db)).notified.budget).toBe(0);
  });
});

describe('screening checks and registrations expiring', () => {
  it('tells the person and the tenant admins once per check and expiry date', async () => {
    const saved = await put(await as('sophie'), userIds.sophie, {
      workerScreening: { number: 'NWS-1', expiryDate: inDays(12) },
      workingWithChildrenCheck: { number: 'WWC-1', expiryDate: inDays(90) },
      registrations: [{ type: 'AHPRA', number: 'PSY0001', expiryDate: inDays(-1) }],
    });
    expect(saved.status).toBe(200);

    expect((await runDeadlineJobs(t.database.db)).notified.screening).toBe(6);
    expect((await runDeadlineJobs(t.database.db)).notified.screening).toBe(0);

    expect(
      (await inbox('sophie', 'screening')).map((n) => [
        n.message,
        (n as never as { priority: string }).priority,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [`Your NDIS Worker Screening expires on ${formatLongDate(inDays(12))} (12 days)`, 'normal'],
        [`Your AHPRA registration (PSY0001) expired on ${formatLongDate(inDays(-1))}`, 'high'],
      ]),
    );
    expect(await inbox('sophie', 'screening')).toHaveLength(2);
    for (const person of ['olivia', 'adam'] as const) {
      expect((await inbox(person, 'screening')).map((n) => n.message).sort(), person).toEqual([
        `Sophie Support's AHPRA registration (PSY0001) expired on ${formatLongDate(inDays(-1))}`,
        `Sophie Support's NDIS Worker Screening expires on ${formatLongDate(inDays(12))} (12 days)`,
      ]);
    }
    for (const person of ['lee', 'priya', 'aria'] as const) {
      expect(await inbox(person, 'screening'), person).toEqual([]);
    }
  });

  it('tells again of a renewed check once its new date comes near, and not of one renewed far off', async () => {
    const sophie = await as('sophie');
    const current = (await sophie.get(`/api/staff/${userIds.sophie}`)).body.data;
    await put(sophie, userIds.sophie, {
      ...current,
      workerScreening: { number: 'NWS-2', expiryDate: inDays(25) },
      registrations: [{ type: 'AHPRA', number: 'PSY0001', expiryDate: inDays(700) }],
    });
    expect((await runDeadlineJobs(t.database.db)).notified.screening).toBe(3);
    expect((await inbox('sophie', 'screening')).map((n) => n.message)[0]).toBe(
      `Your NDIS Worker Screening expires on ${formatLongDate(inDays(25))} (25 days)`,
    );
    expect(await inbox('sophie', 'screening')).toHaveLength(3);
    expect((await runDeadlineJobs(t.database.db)).notified.screening).toBe(0);
  });

  it('tells an admin of their own check once, as theirs', async () => {
    await put(await as('adam'), userIds.adam, {
      workingWithChildrenCheck: { number: 'WWC-9', expiryDate: inDays(1) },
    });
    expect((await runDeadlineJobs(t.database.db)).notified.screening).toBe(2);
    const adams = await inbox('adam', 'screening');
    expect(adams.filter((n) => n.message.includes('Working with Children'))).toEqual([
      expect.objectContaining({
        message: `Your Working with Children Check expires on ${formatLongDate(inDays(1))} (1 day)`,
        priority: 'high',
      }),
    ]);
    expect((await inbox('olivia', 'screening')).map((n) => n.message)).toContain(
      `Adam Admin's Working with Children Check expires on ${formatLongDate(inDays(1))} (1 day)`,
    );
  });
});

describe('two instances at once', () => {
  it('notifies once when two runs race, and announces each notification to its recipient only', async () => {
    await put(await as('priya'), userIds.priya, {
      workerScreening: { number: 'NWS-P', expiryDate: inDays(2) },
    });
    const messages: { tenantId: string; userId: string | null; event: { entity: string } }[] = [];
    const stop = await listenForChanges(t.database, (p) => messages.push(JSON.parse(p ?? '{}')), {
      warn: () => undefined,
    } as never);
    let results: Awaited<ReturnType<typeof runDeadlineJobs>>[];
    try {
      results = await Promise.all([runDeadlineJobs(t.database.db), runDeadlineJobs(t.database.db)]);
      const until = Date.now() + 5000;
      while (messages.length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await stop();
    }
    expect(results.map((r) => r.notified.screening).sort()).toEqual([0, 3]);
    expect(results.every((r) => r.failed === 0)).toBe(true);
    const told = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ userId: notifications.userId, dedupeKey: notifications.dedupeKey })
        .from(notifications)
        .where(
          and(
            eq(notifications.tenantId, sunrise),
            inArray(notifications.dedupeKey, [`screening:${userIds.priya}:worker-screening:${inDays(2)}`]),
          ),
        ),
    );
    expect(told.map((n) => n.userId).sort()).toEqual([userIds.priya, userIds.olivia, userIds.adam].sort());
    const notified = messages.filter((m) => m.event.entity === 'notification');
    expect(notified.map((m) => m.userId).sort()).toEqual(
      [userIds.priya, userIds.olivia, userIds.adam].sort(),
    );
    expect(notified.every((m) => m.tenantId === sunrise)).toBe(true);
  });
});
