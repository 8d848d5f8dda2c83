import { randomUUID } from 'node:crypto';
import { planStatusOf, usedPercent } from '@wattle/domain/participants/plans';
import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { invoiceLines, invoices } from '../../db/schema/invoices';
import { participantPlans } from '../../db/schema/participants';
import { timeEntries } from '../../db/schema/time-entries';
import { addDays, todayIn } from '../cards/card-values';

let t: TestApp;
let sunrise: string;
let bluegum: string;
const ids = { jordan: '', mia: '', noah: '', charlotte: '' };
/** Today where Sunrise is (its time zone is the default, Australia/Sydney). */
let today: string;

const as = async (email: string, tenant = sunrise) => (await t.as(email)).inTenant(tenant);
const put = (client: TestClient, url: string, payload: unknown) =>
  client.request({ method: 'PUT', url, payload: payload as never });

function auditOf(entity: string, entityId: string) {
  return t.readInTenant(sunrise, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.at), asc(auditLog.id)),
  );
}

/** The statuses of a participant's plan rows in the database, oldest first, as today makes them. */
async function planStatuses(participantId: string) {
  const rows = await t.readInTenant(sunrise, (tx) =>
    tx
      .select()
      .from(participantPlans)
      .where(eq(participantPlans.participantId, participantId))
      .orderBy(asc(participantPlans.startDate)),
  );
  return rows.map((row) => planStatusOf(row, rows, today));
}

const budget = (category: string, amountCents: number) => ({ category, amountCents });
/** yyyy-mm-dd as the messages write it: dd/mm/yyyy. */
const dmy = (date: string) => date.split('-').reverse().join('/');

/** A participant's approved, uninvoiced time in a plan's dates and one category, summed in cents. */
async function committedTime(participantId: string, from: string, to: string, category: string) {
  const rows = await t.readInTenant(sunrise, (tx) =>
    tx
      .select({ amountCents: timeEntries.amountCents, item: timeEntries.supportItemNumber })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.participantId, participantId),
          eq(timeEntries.status, 'approved'),
          eq(timeEntries.isInvoiced, false),
          gte(timeEntries.date, from),
          lte(timeEntries.date, to),
        ),
      ),
  );
  return rows
    .filter((row) => row.item.startsWith(`${category}_`))
    .reduce((sum, row) => sum + row.amountCents, 0);
}

/** What a participant's invoices that are not void charge in one category, served from a date on, in cents. */
async function invoicedTime(participantId: string, from: string, category: string) {
  const rows = await t.readInTenant(sunrise, (tx) =>
    tx
      .select({ amountCents: invoiceLines.amountCents, item: invoiceLines.supportItemNumber })
      .from(invoiceLines)
      .innerJoin(
        invoices,
        and(eq(invoices.tenantId, invoiceLines.tenantId), eq(invoices.id, invoiceLines.invoiceId)),
      )
      .where(
        and(
          eq(invoices.participantId, participantId),
          ne(invoices.status, 'void'),
          gte(invoiceLines.serviceDateFrom, from),
        ),
      ),
  );
  return rows
    .filter((row) => row.item.startsWith(`${category}_`))
    .reduce((sum, row) => sum + row.amountCents, 0);
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  today = todayIn('Australia/Sydney');
  const list = (await (await as('olivia.owner@sunrise.example')).get('/api/participants')).body.data as {
    id: string;
    name: string;
  }[];
  const idOf = (name: string) => list.find((p) => p.name === name)!.id;
  ids.jordan = idOf('Jordan Lee');
  ids.mia = idOf('Mia Thompson');
  ids.noah = idOf('Noah Williams');
  ids.charlotte = idOf('Charlotte Davies');
});
afterAll(() => t.close());

describe('GET /api/participants/{id}/plan', () => {
  it("gives the current plan with each budget's category, use so far and the days left", async () => {
    const lee = await as('lee.lead@sunrise.example');
    const res = await lee.get(`/api/participants/${ids.jordan}/plan`);
    expect(res.status).toBe(200);
    // Committed: the demo's approved, uninvoiced time for Jordan in the plan's dates, category 01.
    const committed01 = await committedTime(ids.jordan, addDays(today, -300), addDays(today, 65), '01');
    // Spent: the demo's invoices for Jordan that are not void (apps/server/src/seed/demo-invoices.ts).
    const spent01 = await invoicedTime(ids.jordan, addDays(today, -300), '01');
    expect(spent01).toBeGreaterThan(0);
    expect(committed01).toBeGreaterThan(0);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      participantId: ids.jordan,
      startDate: addDays(today, -300),
      endDate: addDays(today, 65),
      managementType: 'ndia',
      planManager: null,
      budgets: [
        {
          category: '01',
          categoryName: 'Assistance with Daily Life',
          amountCents: 2_850_000,
          committedCents: committed01,
          spentCents: spent01,
          usedPercent: usedPercent(2_850_000, committed01 + spent01),
        },
        expect.objectContaining({ category: '04', amountCents: 240_000 }),
        expect.objectContaining({ category: '07', categoryName: 'Support Coordination' }),
        expect.objectContaining({ category: '15', categoryName: 'Improved Daily Living Skills' }),
      ],
      totalCents: 2_850_000 + 240_000 + 480_000 + 960_000,
      status: 'current',
      isCurrent: true,
      daysLeft: 65,
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const viewed = (await auditOf('participant', ids.jordan)).filter((e) => e.action === 'viewed').at(-1);
    expect(viewed).toMatchObject({ actorName: 'Lee Lead', metadata: { view: 'full', part: 'plan' } });
  });

  it('counts approved time not yet invoiced as committed in its category, not drafts or submitted time', async () => {
    const sophie = await as('sophie.support@sunrise.example');
    const lee = await as('lee.lead@sunrise.example');
    const committedNow = async () =>
      (
        (await lee.get(`/api/participants/${ids.jordan}/plan`)).body.data.budgets as {
          category: string;
          committedCents: number;
        }[]
      ).find((b) => b.category === '01')!.committedCents;
    const before = await committedNow();
    const codes = (await sophie.get('/api/time-codes')).body.data as { id: string; code: string }[];
    const selfCare = codes.find((code) => code.code === '01_011_0107_1_1')!;
    // Early on a weekday long ago, clear of the demo's entries: a weekday night support.
    const date = addDays(today, -200);
    const created = await sophie.post('/api/time-entries', {
      date,
      startTime: '02:00',
      endTime: '03:00',
      timeCodeId: selfCare.id,
      participantId: ids.jordan,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.supportItemNumber).toMatch(/^01_/);
    expect(await committedNow()).toBe(before);
    expect((await sophie.post(`/api/time-entries/${created.body.data.id}/submit`, {})).status).toBe(200);
    expect(await committedNow()).toBe(before);
    expect((await lee.post(`/api/time-entries/${created.body.data.id}/approve`, {})).status).toBe(200);
    expect(await committedNow()).toBe(before + created.body.data.amountCents);
  });

  it('shows the demo’s mix: a plan ending within 30 days (plan-managed), a self-managed one without a plan manager', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const mia = (await olivia.get(`/api/participants/${ids.mia}/plan`)).body.data;
    expect(mia).toMatchObject({
      managementType: 'plan',
      planManager: { name: 'Leap Plan Management', email: 'invoices@leapplan.example' },
      daysLeft: 21,
    });
    const noah = (await olivia.get(`/api/participants/${ids.noah}/plan`)).body.data;
    expect(noah).toMatchObject({ managementType: 'self', planManager: null });
    expect(noah.budgets.length).toBeGreaterThan(1);
    const charlotte = await olivia.get(`/api/participants/${ids.charlotte}/plan`);
    expect(charlotte.status).toBe(200);
    expect(charlotte.body).toEqual({ success: true, data: null });
  });

  it("reads for support workers of the team; a family guardian gets the plan's dates only in the summary", async () => {
    const sophie = await as('sophie.support@sunrise.example');
    const plan = (await sophie.get(`/api/participants/${ids.jordan}/plan`)).body.data;
    expect(plan.isCurrent).toBe(true);
    const fiona = await as('fiona.family@sunrise.example');
    for (const url of [`/api/participants/${ids.jordan}/plan`, `/api/participants/${ids.jordan}/plans`]) {
      const res = await fiona.get(url);
      expect(res.status, url).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('Leap');
    }
    const summary = (await fiona.get(`/api/participants/${ids.jordan}`)).body.data;
    expect(summary).toMatchObject({
      view: 'summary',
      planStartDate: plan.startDate,
      planEndDate: plan.endDate,
    });
  });

  it('answers 404 to those not on the team, for unknown participants, and to another tenant', async () => {
    const cases: [TestClient, string][] = [
      [await as('theo.therapist@sunrise.example'), ids.jordan],
      [await as('olivia.owner@sunrise.example'), randomUUID()],
      [await as('ben.owner@bluegum.example', bluegum), ids.jordan],
    ];
    for (const [client, id] of cases) {
      for (const url of [`/api/participants/${id}/plan`, `/api/participants/${id}/plans`]) {
        const res = await client.get(url);
        expect(res.status, `${client.userEmail} ${url}`).toBe(404);
        expect(res.body.error.message).toBe('Participant not found');
      }
    }
  });
});

describe('PUT /api/participants/{id}/plan', () => {
  it('makes the first plan of a participant who has none', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const res = await put(olivia, `/api/participants/${ids.charlotte}/plan`, {
      startDate: addDays(today, -10),
      endDate: addDays(today, 355),
      managementType: 'plan',
      planManager: { name: 'Plan Partners', email: 'claims@planpartners.example' },
      budgets: [budget('10', 500_000), budget('01', 0)],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      isCurrent: true,
      version: 1,
      daysLeft: 355,
      planManager: { name: 'Plan Partners', email: 'claims@planpartners.example' },
      totalCents: 500_000,
    });
    // Budgets come back by category; a budget of $0 is 0% used.
    expect(
      res.body.data.budgets.map((b: { category: string; usedPercent: number }) => [
        b.category,
        b.usedPercent,
      ]),
    ).toEqual([
      ['01', 0],
      ['10', 0],
    ]);
    const participant = (await olivia.get(`/api/participants/${ids.charlotte}`)).body.data;
    expect(participant).toMatchObject({
      planStartDate: addDays(today, -10),
      planEndDate: addDays(today, 355),
    });
    const [created] = await auditOf('participant-plan', res.body.data.id);
    expect(created).toMatchObject({
      action: 'created',
      actorName: 'Olivia Owner',
      metadata: { participantId: ids.charlotte },
    });
    expect(created!.changes).toContainEqual({
      field: 'budgets',
      oldValue: null,
      newValue: [budget('10', 500_000), budget('01', 0)],
    });
  });

  it('edits the current plan from its version, replacing the budgets, and audits old and new values', async () => {
    const priya = await as('priya.practitioner@sunrise.example');
    const before = (await priya.get(`/api/participants/${ids.mia}/plan`)).body.data;
    const input = {
      version: before.version,
      startDate: before.startDate,
      endDate: addDays(today, 40),
      managementType: 'self',
      planManager: null,
      budgets: [budget('01', 4_500_000), budget('05', 650_000), budget('15', 120_000)],
    };
    const res = await put(priya, `/api/participants/${ids.mia}/plan`, input);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: before.id,
      version: before.version + 1,
      endDate: addDays(today, 40),
      daysLeft: 40,
      managementType: 'self',
      totalCents: 4_500_000 + 650_000 + 120_000,
    });
    expect(res.body.data.budgets.map((b: { category: string }) => b.category)).toEqual(['01', '05', '15']);
    const [entry] = (await auditOf('participant-plan', before.id)).filter((e) => e.action === 'updated');
    expect(entry).toMatchObject({
      actorName: 'Priya Practitioner',
      metadata: { participantId: ids.mia, version: before.version + 1, fromVersion: before.version },
    });
    expect(entry!.changes.map((c) => c.field)).toEqual([
      'endDate',
      'managementType',
      'planManager',
      'budgets',
    ]);
    expect(entry!.changes).toContainEqual({
      field: 'endDate',
      oldValue: before.endDate,
      newValue: addDays(today, 40),
    });
    expect(entry!.changes).toContainEqual({
      field: 'budgets',
      oldValue: before.budgets.map((b: { category: string; amountCents: number }) =>
        budget(b.category, b.amountCents),
      ),
      newValue: input.budgets,
    });

    // The same plan again changes nothing: no new version, no new entry.
    const again = await put(priya, `/api/participants/${ids.mia}/plan`, {
      ...input,
      version: before.version + 1,
    });
    expect(again.body.data.version).toBe(before.version + 1);
    expect((await auditOf('participant-plan', before.id)).filter((e) => e.action === 'updated')).toHaveLength(
      1,
    );

    // Back to NDIA-managed: the plan manager goes with it.
    const ndia = await put(priya, `/api/participants/${ids.mia}/plan`, {
      ...input,
      version: before.version + 1,
      managementType: 'ndia',
    });
    expect(ndia.body.data).toMatchObject({
      managementType: 'ndia',
      planManager: null,
      version: before.version + 2,
    });
  });

  it('answers a missing or stale version with 409 and the plan as it is now, writing nothing', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const current = (await olivia.get(`/api/participants/${ids.noah}/plan`)).body.data;
    const input = {
      startDate: current.startDate,
      endDate: current.endDate,
      managementType: 'self',
      budgets: [budget('02', 1)],
    };
    for (const version of [undefined, current.version + 1]) {
      const res = await put(olivia, `/api/participants/${ids.noah}/plan`, { ...input, version });
      expect(res.status, String(version)).toBe(409);
      expect(res.body.error.code).toBe('CONFLICT');
      expect(res.body.error.details.current).toEqual(current);
    }
    expect((await olivia.get(`/api/participants/${ids.noah}/plan`)).body.data).toEqual(current);
  });

  it("refuses bad plans with the plan's messages and writes nothing", async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const current = (await olivia.get(`/api/participants/${ids.noah}/plan`)).body.data;
    const valid = {
      version: current.version,
      startDate: current.startDate,
      endDate: current.endDate,
      managementType: 'self',
      budgets: [],
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ endDate: current.startDate }, 'The plan must end after it starts'],
      [{ managementType: 'plan', planManager: null }, "Please enter the plan manager's name"],
      [{ budgets: [budget('01', 100), budget('01', 200)] }, 'Each support category may have one budget'],
      [{ budgets: [budget('01', -1)] }, 'Enter an amount of $0.00 or more'],
      [{ budgets: [budget('16', 100)] }, 'Choose a support category'],
      [{ startDate: 'soon' }, 'Please enter the plan start date'],
      [{ startDate: '0001-01-01' }, 'A plan cannot start before 01/07/2013, when the NDIS began'],
      [{ endDate: '9999-12-31' }, 'A plan cannot run longer than 10 years'],
    ];
    for (const [change, message] of cases) {
      const res = await put(olivia, `/api/participants/${ids.noah}/plan`, { ...valid, ...change });
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.body.error), message).toContain(message);
    }
    expect((await olivia.get(`/api/participants/${ids.noah}/plan`)).body.data).toEqual(current);
  });

  it('is refused to those who may not write the participant, and for an archived participant', async () => {
    const current = (
      await (await as('olivia.owner@sunrise.example')).get(`/api/participants/${ids.jordan}/plan`)
    ).body.data;
    const input = {
      version: current.version,
      startDate: current.startDate,
      endDate: addDays(today, 500),
      managementType: 'ndia',
      budgets: [],
    };
    for (const [email, status] of [
      ['sophie.support@sunrise.example', 403],
      ['fiona.family@sunrise.example', 403],
      ['aria.auditor@sunrise.example', 403],
      ['theo.therapist@sunrise.example', 404],
    ] as const) {
      const client = await as(email);
      expect((await put(client, `/api/participants/${ids.jordan}/plan`, input)).status, email).toBe(status);
      expect((await client.post(`/api/participants/${ids.jordan}/plans`, input)).status, email).toBe(status);
    }
    expect(
      (await (await as('olivia.owner@sunrise.example')).get(`/api/participants/${ids.jordan}/plan`)).body
        .data,
    ).toEqual(current);
  });
});

describe('POST /api/participants/{id}/plans', () => {
  it('records a plan starting later as upcoming: the current plan stays current until it starts', async () => {
    const lee = await as('lee.lead@sunrise.example');
    const old = (await lee.get(`/api/participants/${ids.jordan}/plan`)).body.data;
    expect(old).toMatchObject({ status: 'current', isCurrent: true, endDate: addDays(today, 65) });
    const res = await lee.post(`/api/participants/${ids.jordan}/plans`, {
      startDate: addDays(today, 66),
      endDate: addDays(today, 66 + 365),
      managementType: 'self',
      budgets: [budget('01', 3_000_000), budget('04', 1_000_000)],
    });
    expect(res.status).toBe(201);
    const plan = res.body.data;
    expect(plan).toMatchObject({
      status: 'upcoming',
      isCurrent: false,
      version: 1,
      managementType: 'self',
      daysLeft: 66 + 365,
    });
    expect(plan.id).not.toBe(old.id);

    // The current plan is untouched: still the participant's plan, same version, no audit entry.
    expect((await lee.get(`/api/participants/${ids.jordan}/plan`)).body.data).toEqual(old);
    const history = await lee.get(`/api/participants/${ids.jordan}/plans`);
    expect(history.status).toBe(200);
    expect(history.body.meta).toEqual({ total: 2, limit: 2, offset: 0 });
    expect(history.body.data).toEqual([plan, old]);
    expect(await planStatuses(ids.jordan)).toEqual(['current', 'upcoming']);
    const byStatus = async (status: string) =>
      (await lee.get(`/api/participants/${ids.jordan}/plans?status=${status}`)).body.data.map(
        (p: { id: string }) => p.id,
      );
    expect(await byStatus('upcoming')).toEqual([plan.id]);
    expect(await byStatus('current')).toEqual([old.id]);
    expect(await byStatus('earlier')).toEqual([]);
    expect((await lee.get(`/api/participants/${ids.jordan}/plans?status=soon`)).status).toBe(400);

    // The participant's record and list row still show the current plan's dates.
    const record = (await lee.get(`/api/participants/${ids.jordan}`)).body.data;
    expect(record).toMatchObject({ planStartDate: old.startDate, planEndDate: old.endDate });
    const row = (await lee.get('/api/participants?q=jordan')).body.data[0];
    expect(row.planEndDate).toBe(old.endDate);

    expect((await auditOf('participant-plan', old.id)).filter((e) => e.action !== 'created')).toEqual([]);
    expect((await auditOf('participant-plan', plan.id))[0]).toMatchObject({ action: 'created' });
    const viewed = (await auditOf('participant', ids.jordan)).filter((e) => e.action === 'viewed');
    expect(viewed.some((e) => (e.metadata as { part?: string }).part === 'plans')).toBe(true);
    // A read of some plans is audited with the status asked for.
    expect(viewed.map((e) => e.metadata)).toContainEqual({ view: 'full', part: 'plans', status: 'earlier' });

    // A further plan follows the upcoming one, named as such.
    const next = await lee.post(`/api/participants/${ids.jordan}/plans`, {
      startDate: addDays(today, 66 + 365),
      endDate: addDays(today, 800),
      managementType: 'ndia',
      budgets: [],
    });
    expect(next.status).toBe(400);
    expect(next.body.error.details).toEqual([
      {
        path: ['startDate'],
        message: `The new plan must start after the upcoming plan ends (${dmy(addDays(today, 66 + 365))}). If that plan ends early, change its end date first.`,
      },
    ]);
  });

  it('edits an upcoming plan; dates overlapping another plan are refused, naming it', async () => {
    const lee = await as('lee.lead@sunrise.example');
    const current = (await lee.get(`/api/participants/${ids.jordan}/plan`)).body.data;
    const [upcoming] = (await lee.get(`/api/participants/${ids.jordan}/plans?status=upcoming`)).body.data;
    const url = `/api/participants/${ids.jordan}/plans/${upcoming.id}`;
    const input = {
      version: upcoming.version,
      startDate: upcoming.startDate,
      endDate: upcoming.endDate,
      managementType: 'self',
      budgets: [budget('01', 3_100_000)],
    };
    const saved = await put(lee, url, input);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      id: upcoming.id,
      status: 'upcoming',
      version: 2,
      totalCents: 3_100_000,
    });
    expect((await auditOf('participant-plan', upcoming.id)).at(-1)).toMatchObject({
      action: 'updated',
      metadata: { version: 2, fromVersion: 1 },
    });
    // The current plan is not what PUT /plan changed.
    expect((await lee.get(`/api/participants/${ids.jordan}/plan`)).body.data).toEqual(current);

    const overlaps = [
      // The upcoming plan starting before the current one ends.
      [url, { ...input, version: 2, startDate: current.endDate }, 'startDate', current],
      // The current plan running on into the upcoming one.
      [
        `/api/participants/${ids.jordan}/plan`,
        { ...input, version: current.version, startDate: current.startDate, endDate: upcoming.startDate },
        'endDate',
        saved.body.data,
      ],
    ] as const;
    for (const [target, body, path, other] of overlaps) {
      const res = await put(lee, target, body);
      expect(res.status, target).toBe(400);
      expect(res.body.error.details).toEqual([
        {
          path: [path],
          message: `These dates overlap the plan from ${dmy(other.startDate)} to ${dmy(other.endDate)}. Plans cannot overlap: change that plan's dates first.`,
        },
      ]);
    }
    // Stale, unknown, another participant's: 409, 404, 404.
    expect((await put(lee, url, input)).status).toBe(409);
    expect((await put(lee, `/api/participants/${ids.jordan}/plans/${randomUUID()}`, input)).status).toBe(404);
    const olivia = await as('olivia.owner@sunrise.example');
    expect(
      (await put(olivia, `/api/participants/${ids.mia}/plans/${upcoming.id}`, input)).body.error,
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Plan not found',
    });
    expect((await lee.get(`/api/participants/${ids.jordan}/plans`)).body.data).toEqual([
      saved.body.data,
      current,
    ]);
  });

  it('makes a plan starting today current at once; the one it follows becomes earlier and stays as it was', async () => {
    const adam = await as('adam.admin@sunrise.example');
    const id = (
      await adam.post('/api/participants', {
        name: 'Lapsed Plan',
        ndisNumber: '437770003',
        dateOfBirth: '1991-01-01',
      })
    ).body.data.id;
    const first = (
      await put(adam, `/api/participants/${id}/plan`, {
        startDate: addDays(today, -365),
        endDate: addDays(today, -1),
        managementType: 'ndia',
        budgets: [],
      })
    ).body.data;
    // Ended yesterday with nothing after it: still the current plan, shown as ended.
    expect(first).toMatchObject({ status: 'current', daysLeft: -1 });
    const started = await adam.post(`/api/participants/${id}/plans`, {
      startDate: today,
      endDate: addDays(today, 364),
      managementType: 'ndia',
      budgets: [],
    });
    expect(started.body.data).toMatchObject({ status: 'current', isCurrent: true });
    expect((await adam.get(`/api/participants/${id}/plan`)).body.data.id).toBe(started.body.data.id);
    expect(await planStatuses(id)).toEqual(['earlier', 'current']);
    const earlier = (await adam.get(`/api/participants/${id}/plans?status=earlier`)).body.data;
    expect(earlier).toEqual([{ ...first, status: 'earlier', isCurrent: false }]);
    const refused = await put(adam, `/api/participants/${id}/plans/${first.id}`, {
      version: first.version,
      startDate: first.startDate,
      endDate: first.endDate,
      managementType: 'self',
      budgets: [],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      'An earlier plan cannot be changed: only the current and upcoming plans can.',
    );
  });

  it('starts the first plan too; a new plan starts after the last one ends, one at a time', async () => {
    const adam = await as('adam.admin@sunrise.example');
    const created = await adam.post('/api/participants', {
      name: 'Plan Less',
      ndisNumber: '437770001',
      dateOfBirth: '1990-01-01',
    });
    const id = created.body.data.id;
    const plan = (from: number, to: number) => ({
      startDate: addDays(today, from),
      endDate: addDays(today, to),
      managementType: 'ndia',
      budgets: [],
    });
    expect((await adam.post(`/api/participants/${id}/plans`, plan(0, 365))).status).toBe(201);
    // Overlapping the current plan: refused, naming its end, and nothing written.
    const overlapping = await adam.post(`/api/participants/${id}/plans`, plan(1, 400));
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.error.details).toEqual([
      {
        path: ['startDate'],
        message: `The new plan must start after the current plan ends (${dmy(addDays(today, 365))}). If the current plan ended early, change its end date first.`,
      },
    ]);
    expect((await adam.post(`/api/participants/${id}/plans`, plan(366, 730))).status).toBe(201);
    // Two at once: the second sees the first as the last plan and overlaps it.
    const [first, second] = await Promise.all([
      adam.post(`/api/participants/${id}/plans`, plan(731, 1000)),
      adam.post(`/api/participants/${id}/plans`, plan(731, 1000)),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 400]);
    expect(await planStatuses(id)).toEqual(['current', 'upcoming', 'upcoming']);
  });

  it('is refused for an archived participant until they are restored', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const created = (
      await olivia.post('/api/participants', {
        name: 'Gone Away',
        ndisNumber: '437770002',
        dateOfBirth: '1980-01-01',
      })
    ).body.data;
    const archived = (
      await olivia.post(`/api/participants/${created.id}/archive`, { version: created.version })
    ).body.data;
    const input = { startDate: today, endDate: addDays(today, 30), managementType: 'ndia', budgets: [] };
    const res = await olivia.post(`/api/participants/${created.id}/plans`, input);
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe('This participant is archived. Restore them before making changes.');
    expect((await put(olivia, `/api/participants/${created.id}/plan`, input)).status).toBe(422);
    expect(await planStatuses(created.id)).toEqual([]);
    await olivia.post(`/api/participants/${created.id}/restore`, { version: archived.version });
    expect((await olivia.post(`/api/participants/${created.id}/plans`, input)).status).toBe(201);
  });
});
