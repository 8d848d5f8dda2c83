import { addDays } from '@wattle/domain/time/clock';
import { mulDivRoundHalfUp } from '@wattle/domain/time/pricing';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { rowsOf } from '../../db/raw-rows';
import { auditLog } from '../../db/schema/audit';
import { timeCodes } from '../../db/schema/catalogue';
import { timeEntries } from '../../db/schema/time-entries';
import { weekStart } from '../../seed/demo-time';
import { todayIn } from '../cards/card-values';

/**
 * Time entries against the real app (issue 14 part 4 and the timesheet of part 6): every rule a
 * user meets, with nothing written on a refusal. Dates are in 2030, clear of the demo weeks; the
 * sample 2025-26 catalogue (items without an end) is in force then.
 */
let t: TestApp;
let sunrise: string;
let bluegum: string;
const code: Record<string, { id: string; code: string; hourlyRateCents: number; description: string }> = {};
let jordan: string; // participant of Jordan's Care Team (Lee leads, Sophie works)
let mia: string; // participant of Mia's Care Team (Priya and Theo; Lee is not on it)
let jordanTeam: string;
let sophieId: string;

const MON = '2030-03-04';
const TUE = '2030-03-05';
const WED = '2030-03-06';
const SAT = '2030-03-09';

const as = async (email: string, tenant = sunrise): Promise<TestClient> =>
  (await t.as(email)).inTenant(tenant);
const sophie = () => as('sophie.support@sunrise.example');
const lee = () => as('lee.lead@sunrise.example');
const olivia = () => as('olivia.owner@sunrise.example');
const priya = () => as('priya.practitioner@sunrise.example');

async function countEntries(): Promise<number> {
  const [row] = await t.readInTenant(sunrise, (tx) =>
    tx.select({ n: count() }).from(timeEntries).where(eq(timeEntries.tenantId, sunrise)),
  );
  return row?.n ?? 0;
}

function entry(overrides: Record<string, unknown> = {}) {
  return {
    date: MON,
    startTime: '09:00',
    endTime: '11:00',
    timeCodeId: code.selfCare!.id,
    participantId: jordan,
    ...overrides,
  };
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const codes = (await (await olivia()).get('/api/time-codes')).body.data as {
    id: string;
    code: string;
    hourlyRateCents: number;
    description: string;
  }[];
  const byNumber = (n: string) => codes.find((c) => c.code === n)!;
  code.selfCare = byNumber('01_011_0107_1_1');
  code.community = byNumber('04_104_0125_6_1');
  code.cleaning = byNumber('01_020_0120_1_1'); // inactive in the demo data
  code.therapy = byNumber('15_054_0128_6_1');
  const participants = (await (await olivia()).get('/api/participants')).body.data as {
    id: string;
    name: string;
    teamId: string;
  }[];
  const jordanRow = participants.find((p) => p.name === 'Jordan Lee')!;
  jordan = jordanRow.id;
  jordanTeam = jordanRow.teamId;
  mia = participants.find((p) => p.name === 'Mia Thompson')!.id;
  sophieId = (await (await sophie()).get('/api/me')).body.data.id;
});
afterAll(() => t.close());

describe('POST /api/time-entries', () => {
  it('records a weekday draft priced by the rules, on the participant’s team', async () => {
    const res = await (await sophie()).post('/api/time-entries', entry({ description: 'Morning routine' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      userId: sophieId,
      userName: 'Sophie Support',
      teamId: jordanTeam,
      participantName: 'Jordan Lee',
      date: MON,
      endDate: MON,
      startTime: '09:00',
      endTime: '11:00',
      duration: 120,
      status: 'draft',
      ndisTimeCode: '01_011_0107_1_1',
      supportItemNumber: '01_011_0107_1_1',
      band: 'weekday-daytime',
      unitPriceCents: 6845,
      priceLimitCents: 7023,
      billableMinutes: 120,
      amountCents: 13690,
      isInvoiced: false,
      version: 1,
    });
  });

  it("refuses an end before the start with the spec's message, and zero minutes alike, writing nothing", async () => {
    const before = await countEntries();
    const client = await sophie();
    const backwards = await client.post(
      '/api/time-entries',
      entry({ date: TUE, startTime: '11:00', endTime: '10:00' }),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.code).toBe('VALIDATION_FAILED');
    expect(backwards.body.error.message).toContain('End time must be after start time.');
    expect(backwards.body.error.details[0]).toMatchObject({
      path: ['endTime'],
      message: 'End time must be after start time.',
    });
    const zero = await client.post(
      '/api/time-entries',
      entry({ date: TUE, startTime: '10:00', endTime: '10:00' }),
    );
    expect(zero.status).toBe(400);
    expect(zero.body.error.details[0].message).toBe('End time must be after start time.');
    expect(await countEntries()).toBe(before);
  });

  it('refuses an inactive time code (422), writing nothing', async () => {
    const before = await countEntries();
    const res = await (await sophie()).post(
      '/api/time-entries',
      entry({ date: TUE, timeCodeId: code.cleaning!.id }),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('PRICING_REFUSED');
    expect(res.body.error.message).toBe(
      'The time code 01_020_0120_1_1 (House cleaning) is inactive; choose an active time code',
    );
    expect(await countEntries()).toBe(before);
  });

  it('refuses a rate above the NDIS price limit, naming the limit', async () => {
    // A rate set before the price limit fell: the code's rate is now above the item's limit.
    await t.readInTenant(sunrise, (tx) =>
      tx
        .update(timeCodes)
        .set({ hourlyRateCents: 7500 })
        .where(and(eq(timeCodes.tenantId, sunrise), eq(timeCodes.id, code.community!.id))),
    );
    const before = await countEntries();
    const res = await (await sophie()).post(
      '/api/time-entries',
      entry({ date: TUE, timeCodeId: code.community!.id }),
    );
    await t.readInTenant(sunrise, (tx) =>
      tx
        .update(timeCodes)
        .set({ hourlyRateCents: code.community!.hourlyRateCents })
        .where(and(eq(timeCodes.tenantId, sunrise), eq(timeCodes.id, code.community!.id))),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('PRICING_REFUSED');
    expect(res.body.error.message).toContain('$75.00/h is above the NDIS price limit of $70.23/h');
    expect(res.body.error.details[0].path).toEqual(['timeCodeId']);
    expect(await countEntries()).toBe(before);
  });

  it('claims a Saturday under the Saturday item, at the rate scaled by the price limits', async () => {
    const res = await (await sophie()).post(
      '/api/time-entries',
      entry({ date: SAT, startTime: '10:00', endTime: '12:30' }),
    );
    expect(res.status).toBe(201);
    const unit = mulDivRoundHalfUp(6845, 9883, 7023);
    expect(unit).toBe(9633);
    expect(res.body.data).toMatchObject({
      ndisTimeCode: '01_011_0107_1_1',
      supportItemNumber: '01_013_0107_1_1',
      supportItemName: 'Assistance With Self-Care Activities - Standard - Saturday',
      band: 'saturday',
      unitPriceCents: unit,
      priceLimitCents: 9883,
      duration: 150,
      amountCents: mulDivRoundHalfUp(unit, 150, 60),
    });
    expect(res.body.data.notices.join(' ')).toContain('01_013_0107_1_1');
  });

  it('caps provider travel at 30 minutes in a metropolitan area', async () => {
    const res = await (await sophie()).post(
      '/api/time-entries',
      entry({ date: WED, startTime: '08:00', endTime: '09:00', isTravel: true }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      isTravel: true,
      duration: 60,
      billableMinutes: 30,
      amountCents: 3423,
    });
    expect(res.body.data.notices.join(' ')).toContain('up to 30 minutes');
  });

  it('prices by where the participant lives: regional travel capped at 60 minutes, remote limits loaded', async () => {
    const participants = (await (await olivia()).get('/api/participants')).body.data as {
      id: string;
      name: string;
    }[];
    const charlotte = participants.find((p) => p.name === 'Charlotte Davies')!.id; // Mudgee, MMM 4
    const regional = await (await olivia()).post(
      '/api/time-entries',
      entry({ date: WED, startTime: '08:00', endTime: '09:30', isTravel: true, participantId: charlotte }),
    );
    expect(regional.status).toBe(201);
    expect(regional.body.data).toMatchObject({ duration: 90, billableMinutes: 60, teamId: null });

    const ben = await as('ben.owner@bluegum.example', bluegum);
    const bluegumCodes = (await ben.get('/api/time-codes')).body.data as { id: string; code: string }[];
    const bluegumParticipants = (await ben.get('/api/participants')).body.data as {
      id: string;
      name: string;
    }[];
    const oliver = bluegumParticipants.find((p) => p.name === 'Oliver Smith')!.id; // Cobar, MMM 6
    const remote = await ben.post('/api/time-entries', {
      date: MON,
      startTime: '09:00',
      endTime: '10:00',
      timeCodeId: bluegumCodes.find((c) => c.code === '01_011_0107_1_1')!.id,
      participantId: oliver,
    });
    expect(remote.status).toBe(201);
    // The state price scaled by the Remote limit over the NSW limit ($98.32 / $70.23).
    expect(remote.body.data).toMatchObject({
      unitPriceCents: mulDivRoundHalfUp(6845, 9832, 7023),
      priceLimitCents: 9832,
    });
  });

  it('claims a short-notice cancellation, and refuses one with a week’s notice', async () => {
    const client = await sophie();
    const short = await client.post(
      '/api/time-entries',
      entry({
        date: WED,
        startTime: '13:00',
        endTime: '15:00',
        cancellation: { noticeGivenOn: '2030-03-04' },
      }),
    );
    expect(short.status).toBe(201);
    expect(short.body.data).toMatchObject({
      isCancellation: true,
      cancellationNoticeGivenOn: '2030-03-04',
      amountCents: 13690,
    });
    const before = await countEntries();
    const early = await client.post(
      '/api/time-entries',
      entry({
        date: WED,
        startTime: '16:00',
        endTime: '17:00',
        cancellation: { noticeGivenOn: '2030-02-20' },
      }),
    );
    expect(early.status).toBe(422);
    expect(early.body.error.message).toContain('is not a short-notice cancellation');
    expect(await countEntries()).toBe(before);
  });

  it('refuses an overlap naming the other entry; touching entries are fine', async () => {
    const client = await sophie();
    const before = await countEntries();
    const res = await client.post('/api/time-entries', entry({ startTime: '10:30', endTime: '12:00' }));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('OVERLAP');
    expect(res.body.error.message).toBe(
      'This overlaps your entry on Mon 4 Mar 09:00–11:00 (Personal care and daily living)',
    );
    expect(res.body.error.details.other).toMatchObject({ date: MON, startTime: '09:00', endTime: '11:00' });
    expect(await countEntries()).toBe(before);
    const touching = await client.post('/api/time-entries', entry({ startTime: '11:00', endTime: '12:00' }));
    expect(touching.status).toBe(201);
  });

  it('records a shift past midnight with its end date, and refuses an overlap with its early hours', async () => {
    const client = await sophie();
    const night = await client.post(
      '/api/time-entries',
      entry({ date: TUE, startTime: '22:00', endTime: '02:00', endDate: WED }),
    );
    expect(night.status).toBe(201);
    expect(night.body.data).toMatchObject({ date: TUE, endDate: WED, duration: 240, band: 'weekday-night' });
    const early = await client.post(
      '/api/time-entries',
      entry({ date: WED, startTime: '01:00', endTime: '03:00' }),
    );
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(
      'This overlaps your entry on Tue 5 Mar 22:00–Wed 6 Mar 02:00 (Personal care and daily living)',
    );
  });

  it('lets only one of two overlapping entries sent at once through', async () => {
    const client = await sophie();
    const body = entry({ date: '2030-03-07', startTime: '09:00', endTime: '10:00' });
    const answers = await Promise.all([
      client.post('/api/time-entries', body),
      client.post('/api/time-entries', { ...body, startTime: '09:30', endTime: '10:30' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it('honours Idempotency-Key: a repeat answers the same entry and writes no second one', async () => {
    const client = await sophie();
    const body = entry({ date: '2030-03-07', startTime: '14:00', endTime: '15:00' });
    const first = await client.post('/api/time-entries', body, { 'idempotency-key': 'time-entry-key-1' });
    const before = await countEntries();
    const again = await client.post('/api/time-entries', body, { 'idempotency-key': 'time-entry-key-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await countEntries()).toBe(before);
  });

  it('is refused to people who record no time, and finds nothing of another tenant', async () => {
    const fiona = await as('fiona.family@sunrise.example');
    expect((await fiona.post('/api/time-entries', entry({ date: '2030-03-08' }))).status).toBe(403);
    // Ben owns Bluegum: a Sunrise participant is not found there.
    const ben = await as('ben.owner@bluegum.example', bluegum);
    const foreign = await ben.post('/api/time-entries', entry({ date: '2030-03-08' }));
    expect([400, 404]).toContain(foreign.status);
    expect(JSON.stringify(foreign.body)).not.toContain('Jordan');
  });
});

describe('editing, the workflow and approval', () => {
  let draft: { id: string; version: number };
  let second: { id: string; version: number };
  let priyaMia: { id: string; version: number };

  beforeAll(async () => {
    const client = await sophie();
    draft = (
      await client.post(
        '/api/time-entries',
        entry({ date: '2030-03-11', startTime: '09:00', endTime: '10:00' }),
      )
    ).body.data;
    second = (
      await client.post(
        '/api/time-entries',
        entry({ date: '2030-03-12', startTime: '09:00', endTime: '10:00' }),
      )
    ).body.data;
    priyaMia = (
      await (
        await priya()
      ).post(
        '/api/time-entries',
        entry({ date: '2030-03-11', participantId: mia, timeCodeId: code.therapy!.id }),
      )
    ).body.data;
  });

  it('re-prices a draft on every edit and audits old and new values', async () => {
    const res = await (await sophie()).patch(`/api/time-entries/${draft.id}`, {
      version: 1,
      startTime: '18:00',
      endTime: '21:00',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      version: 2,
      band: 'weekday-evening',
      supportItemNumber: '01_015_0107_1_1',
      duration: 180,
    });
    draft = res.body.data;
    const stale = await (await sophie()).patch(`/api/time-entries/${draft.id}`, {
      version: 1,
      description: 'x',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current.version).toBe(2);
    const bad = await (await sophie()).patch(`/api/time-entries/${draft.id}`, {
      version: 2,
      endTime: '17:00',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('End time must be after start time.');
  });

  it('submits, then locks the entry against its worker', async () => {
    const client = await sophie();
    const submitted = await client.post(`/api/time-entries/${draft.id}/submit`, {});
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.status).toBe('submitted');
    const edit = await client.patch(`/api/time-entries/${draft.id}`, { version: 3, description: 'changed' });
    expect(edit.status).toBe(422);
    expect(edit.body.error.code).toBe('WORKFLOW_REFUSED');
    expect(edit.body.error.message).toMatch(/^Submitted entries are locked/);
    expect((await client.delete(`/api/time-entries/${draft.id}?version=3`)).status).toBe(422);
  });

  it('keeps approval from the worker, and from a lead of another team', async () => {
    const own = await (await sophie()).post(`/api/time-entries/${draft.id}/approve`, {});
    expect(own.status).toBe(403);
    await (await priya()).post(`/api/time-entries/${priyaMia.id}/submit`, {});
    // Lee leads Jordan's and Noah's teams, not Mia's: Priya's entry for Mia is not his to see.
    const otherTeam = await (await lee()).post(`/api/time-entries/${priyaMia.id}/approve`, {});
    expect(otherTeam.status).toBe(404);
    const ben = await as('ben.owner@bluegum.example', bluegum);
    expect((await ben.post(`/api/time-entries/${draft.id}/approve`, {})).status).toBe(404);
    expect((await (await as('ben.owner@bluegum.example')).get(`/api/time-entries/${draft.id}`)).status).toBe(
      404,
    );
  });

  it('rejects with a reason the worker reads on the entry and in their inbox', async () => {
    const reject = await (await lee()).post(`/api/time-entries/${draft.id}/reject`, {
      reason: 'Please split the evening into two visits',
    });
    expect(reject.status).toBe(200);
    expect(reject.body.data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Please split the evening into two visits',
    });
    const inbox = (await (await sophie()).get('/api/notifications')).body.data as {
      type: string;
      message: string;
    }[];
    const notice = inbox.find((n) => n.type === 'time-entry-rejected');
    expect(notice?.message).toBe(
      'Lee Lead rejected your time entry of Mon 11 Mar 18:00–21:00 (Personal care and daily living): Please split the evening into two visits',
    );
    // Rejected: editable again, then submitted again with the reason cleared.
    const fixed = await (await sophie()).patch(`/api/time-entries/${draft.id}`, {
      version: reject.body.data.version,
      endTime: '20:00',
    });
    expect(fixed.status).toBe(200);
    const again = await (await sophie()).post(`/api/time-entries/${draft.id}/submit`, {});
    expect(again.body.data).toMatchObject({ status: 'submitted', rejectionReason: null });
  });

  it('approves one by one and in a batch; the lead’s own entry is not theirs to approve', async () => {
    // No body at all, as the timesheet's Approve button sends it: the version is optional.
    const one = await (await lee()).post(`/api/time-entries/${draft.id}/approve`, undefined);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data).toMatchObject({ status: 'approved', approvedBy: expect.any(String) });
    await (await sophie()).post(`/api/time-entries/${second.id}/submit`, {});
    const batch = await (await lee()).post('/api/time-entries/approve', { ids: [second.id, draft.id] });
    expect(batch.status).toBe(200);
    expect(batch.body.data).toEqual({ approved: 1 });
    const leeOwn = (await (await lee()).post('/api/time-entries', entry({ date: '2030-03-13' }))).body.data;
    await (await lee()).post(`/api/time-entries/${leeOwn.id}/submit`, {});
    const self = await (await lee()).post(`/api/time-entries/${leeOwn.id}/approve`, {});
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe('You cannot approve or reject your own time entries');
  });

  it('lets only a tenant admin change an approved entry, audited with old and new values', async () => {
    const sophieEdit = await (await sophie()).patch(`/api/time-entries/${second.id}`, {
      version: 3,
      description: 'x',
    });
    expect(sophieEdit.status).toBe(422);
    expect(sophieEdit.body.error.message).toMatch(/^Approved entries are locked/);
    const leeEdit = await (await lee()).patch(`/api/time-entries/${second.id}`, {
      version: 3,
      description: 'x',
    });
    expect(leeEdit.status).toBe(403);
    const admin = await (await olivia()).patch(`/api/time-entries/${second.id}`, {
      version: 3,
      endTime: '10:30',
    });
    expect(admin.status).toBe(200);
    expect(admin.body.data).toMatchObject({ status: 'approved', duration: 90, version: 4 });
    const trail = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.tenantId, sunrise),
            eq(auditLog.entityId, second.id),
            eq(auditLog.action, 'updated'),
          ),
        ),
    );
    expect(trail).toHaveLength(1);
    expect(trail[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'endTime', oldValue: '10:00', newValue: '10:30' },
        { field: 'durationMinutes', oldValue: 60, newValue: 90 },
      ]),
    );
    expect(trail[0]!.metadata).toMatchObject({ lockedEntryChangedByAdmin: true, status: 'approved' });
  });

  it('lists what each person may see', async () => {
    const period = '?from=2030-03-11&to=2030-03-17';
    const mine = (await (await sophie()).get(`/api/time-entries${period}&userId=me`)).body;
    expect(mine.data.every((e: { userId: string }) => e.userId === sophieId)).toBe(true);
    expect(mine.meta.total).toBe(mine.data.length);
    // Sophie asking for everyone still gets only her own.
    const everyone = (await (await sophie()).get(`/api/time-entries${period}`)).body.data as {
      userId: string;
    }[];
    expect(new Set(everyone.map((e) => e.userId))).toEqual(new Set([sophieId]));
    // Lee sees his team's (Sophie's and his own), never Priya's entry for Mia.
    const leeView = (await (await lee()).get(`/api/time-entries${period}`)).body.data as { id: string }[];
    expect(leeView.map((e) => e.id)).toContain(second.id);
    expect(leeView.map((e) => e.id)).not.toContain(priyaMia.id);
    // Olivia (owner) sees all of them, by date and start time.
    const all = (await (await olivia()).get(`/api/time-entries${period}`)).body.data as {
      id: string;
      date: string;
      startTime: string;
    }[];
    expect(all.map((e) => e.id)).toEqual(expect.arrayContaining([second.id, priyaMia.id]));
    const keys = all.map((e) => `${e.date} ${e.startTime}`);
    expect(keys).toEqual([...keys].sort());
    const submitted = (await (await olivia()).get(`/api/time-entries${period}&status=submitted`)).body.data;
    expect(submitted.every((e: { status: string }) => e.status === 'submitted')).toBe(true);
  });

  it('deletes a draft (its worker), audited', async () => {
    const client = await sophie();
    const doomed = (await client.post('/api/time-entries', entry({ date: '2030-03-14' }))).body.data;
    expect((await client.delete(`/api/time-entries/${doomed.id}?version=9`)).status).toBe(409);
    expect((await (await lee()).delete(`/api/time-entries/${doomed.id}?version=1`)).status).toBe(403);
    expect((await client.delete(`/api/time-entries/${doomed.id}?version=1`)).status).toBe(204);
    expect((await client.get(`/api/time-entries/${doomed.id}`)).status).toBe(404);
  });
});

describe('submitting a week, copying a week', () => {
  const WEEK = '2030-06-03';
  it("submits the caller's drafts of a period at once", async () => {
    const client = await sophie();
    for (const [date, start, end] of [
      ['2030-06-03', '09:00', '12:00'],
      ['2030-06-04', '09:00', '11:00'],
      ['2030-06-08', '10:00', '12:00'],
    ] as const) {
      expect(
        (await client.post('/api/time-entries', entry({ date, startTime: start, endTime: end }))).status,
      ).toBe(201);
    }
    const res = await client.post('/api/time-entries/submit', { from: WEEK, to: '2030-06-09' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ submitted: 3 });
    expect(
      (await client.post('/api/time-entries/submit', { from: WEEK, to: '2030-06-09' })).body.data,
    ).toEqual({
      submitted: 0,
    });
  });

  it('copies a week into the next as drafts on the same weekdays, skipping overlaps', async () => {
    const client = await sophie();
    // Already in the target week: an entry that the Monday copy would overlap.
    await client.post(
      '/api/time-entries',
      entry({ date: '2030-06-10', startTime: '11:00', endTime: '13:00' }),
    );
    const res = await client.post('/api/time-entries/copy-week', {
      fromWeekStart: WEEK,
      toWeekStart: '2030-06-10',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.skipped).toBe(1);
    expect(
      res.body.data.created.map(
        (e: { date: string; startTime: string; status: string; supportItemNumber: string }) => [
          e.date,
          e.startTime,
          e.status,
          e.supportItemNumber,
        ],
      ),
    ).toEqual([
      ['2030-06-11', '09:00', 'draft', '01_011_0107_1_1'],
      ['2030-06-15', '10:00', 'draft', '01_013_0107_1_1'],
    ]);
    const notMonday = await client.post('/api/time-entries/copy-week', {
      fromWeekStart: '2030-06-04',
      toWeekStart: '2030-06-10',
    });
    expect(notMonday.status).toBe(400);
    expect(notMonday.body.error.details[0].message).toBe('A week starts on a Monday');
  });
});

describe('GET /api/timesheet', () => {
  const period = '?from=2030-06-03&to=2030-06-16';
  it("sums a team's minutes, dollars and statuses per person and day", async () => {
    const res = await (await lee()).get(`/api/timesheet${period}&teamId=${jordanTeam}`);
    expect(res.status).toBe(200);
    const sheet = res.body.data;
    const sophieRow = sheet.people.find((p: { userId: string }) => p.userId === sophieId);
    expect(sophieRow.userName).toBe('Sophie Support');
    expect(sophieRow.days['2030-06-03']).toEqual({
      minutes: 180,
      amountCents: 20535,
      draft: 0,
      submitted: 1,
      approved: 0,
      rejected: 0,
    });
    expect(sophieRow.days['2030-06-10']).toMatchObject({ minutes: 120, draft: 1 });
    expect(sophieRow.counts).toEqual({ draft: 3, submitted: 3, approved: 0, rejected: 0 });
    expect(sophieRow.totalMinutes).toBe(180 + 120 + 120 + 120 + 120 + 120);
    // Members without entries are listed too (Priya, Practitioner); the family guardian is not.
    const names = sheet.people.map((p: { userName: string }) => p.userName);
    expect(names).toEqual(expect.arrayContaining(['Lee Lead', 'Priya Practitioner', 'Sophie Support']));
    expect(names).not.toContain('Fiona Family');
    expect(sheet.totalMinutes).toBe(
      sheet.people.reduce((sum: number, p: { totalMinutes: number }) => sum + p.totalMinutes, 0),
    );
  });

  it("keeps each team's day tallies equal to its entries through every create, edit, step and delete", async () => {
    const [fromTallies, fromEntries] = await t.readInTenant(sunrise, async (tx) => [
      rowsOf(
        await tx.execute(sql`
          select team_id, date::text, user_id, status, n, minutes, amount_cents::int as amount
            from time_entry_day_tallies where tenant_id = ${sunrise} and n <> 0 order by 1, 2, 3, 4`),
      ),
      rowsOf(
        await tx.execute(sql`
          select team_id, date::text, user_id, status, count(*)::int as n, sum(duration_minutes)::int as minutes,
                 sum(amount_cents)::int as amount
            from time_entries where tenant_id = ${sunrise} and team_id is not null
           group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
      ),
    ]);
    expect(fromEntries.length).toBeGreaterThan(30);
    expect(fromTallies).toEqual(fromEntries);
  });

  it("answers a worker's own without a team, 403 for a team they only work on, 404 elsewhere", async () => {
    const own = await (await sophie()).get(`/api/timesheet${period}`);
    expect(own.status).toBe(200);
    expect(own.body.data.people).toHaveLength(1);
    expect(own.body.data.people[0].userId).toBe(sophieId);
    expect((await (await sophie()).get(`/api/timesheet${period}&teamId=${jordanTeam}`)).status).toBe(403);
    expect(
      (
        await (
          await as('ben.owner@bluegum.example', bluegum)
        ).get(`/api/timesheet${period}&teamId=${jordanTeam}`)
      ).status,
    ).toBe(404);
    expect((await (await sophie()).get('/api/timesheet?from=2030-01-01&to=2030-12-31')).status).toBe(400);
  });
});

describe('GET /api/time-entries/export.csv', () => {
  it('exports the period as CSV, one row per entry, with formulas neutralised', async () => {
    const client = await sophie();
    await client.post(
      '/api/time-entries',
      entry({ date: '2030-06-19', description: '=HYPERLINK("http://evil.example","x")', location: '@home' }),
    );
    const res = await client.get('/api/time-entries/export.csv?from=2030-06-17&to=2030-06-23&userId=me');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="time-entries-2030-06-17-to-2030-06-23.csv"',
    );
    const lines = (res.body as string).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Start,End,End date,Hours,Worker,Participant,Card,Time code,Time code description,Support item number,Support item,Band,Unit price,Billable minutes,Amount,Status,Travel,Cancellation,Description,Location',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      `2030-06-19,09:00,11:00,2030-06-19,2,Sophie Support,Jordan Lee,,01_011_0107_1_1,Personal care and daily living,01_011_0107_1_1,Assistance With Self-Care Activities - Standard - Weekday Daytime,Weekday Daytime,68.45,120,136.90,Draft,No,No,"'=HYPERLINK(""http://evil.example"",""x"")",'@home`,
    );
    // A plain link may name the tenant in the query.
    const byQuery = await (await t.as('sophie.support@sunrise.example')).get(
      `/api/time-entries/export.csv?from=2030-06-17&to=2030-06-23&tenantId=${sunrise}`,
    );
    expect(byQuery.status).toBe(200);
    expect(
      (
        await (
          await as('ben.owner@bluegum.example')
        ).get('/api/time-entries/export.csv?from=2030-06-17&to=2030-06-23')
      ).status,
    ).toBe(404);
  });
});

describe('the demo weeks', () => {
  it("leave Sophie this week's drafts to submit, and Lee last week's entries to approve", async () => {
    // The demo weeks three back to this one, counted in the tenant's time zone as the seed counts
    // them (older weeks were invoiced by the demo invoices).
    const monday = weekStart(todayIn('Australia/Sydney'));
    const period = `?from=${addDays(monday, -21)}&to=${addDays(monday, 6)}`;
    const mine = (await (await sophie()).get(`/api/time-entries${period}&userId=me`)).body.data as {
      status: string;
      date: string;
      rejectionReason: string | null;
      band: string;
    }[];
    const byStatus = (status: string) => mine.filter((e) => e.status === status);
    expect(byStatus('draft').length).toBeGreaterThanOrEqual(3);
    expect(byStatus('submitted').length).toBe(6);
    expect(byStatus('approved').length).toBe(11);
    expect(byStatus('rejected')).toHaveLength(1);
    expect(byStatus('rejected')[0]!.rejectionReason).toContain('please correct the end time');
    expect(mine.some((e) => e.band === 'saturday')).toBe(true);

    const toApprove = (await (await lee()).get(`/api/time-entries${period}&status=submitted`)).body.data as {
      userName: string;
    }[];
    expect(toApprove.filter((e) => e.userName === 'Sophie Support')).toHaveLength(6);
    expect(toApprove.some((e) => e.userName === 'Priya Practitioner')).toBe(true);
  });
});
