import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { timers } from '../../db/schema/time-entries';
import type { Actor } from '../../db/with-tenant';
import { runInTenant } from '../../http/tenant-scope';
import { connectEventStream, type SseTestStream } from '../events/sse-test-client';
import { stopTimer } from './stop-timer';

/**
 * The running timer (issue 14 part 5) against the real app: one per person and tenant, every change
 * on that person's open pages, Stop & Save through the time-entry rules. Theo Therapist works on
 * Mia's team only, so his entries need no participant to know their team.
 */
let t: TestApp;
let base: string;
let sunrise: string;
let theoId: string;
let mia: string;
let therapy: string;

const theo = async (): Promise<TestClient> =>
  (await t.as('theo.therapist@sunrise.example')).inTenant(sunrise);
const theoActor = (): Actor => ({
  id: theoId,
  email: 'theo.therapist@sunrise.example',
  name: 'Theo Therapist',
  platformRole: null,
  isVerified: true,
  ip: null,
  userAgent: null,
});

async function setStartedAt(at: Date): Promise<void> {
  await t.readInTenant(sunrise, (tx) =>
    tx
      .update(timers)
      .set({ startedAt: at })
      .where(and(eq(timers.tenantId, sunrise), eq(timers.userId, theoId))),
  );
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  theoId = (await (await theo()).get('/api/me')).body.data.id;
  const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
  const participants = (await olivia.get('/api/participants')).body.data as { id: string; name: string }[];
  mia = participants.find((p) => p.name === 'Mia Thompson')!.id;
  const codes = (await olivia.get('/api/time-codes')).body.data as { id: string; code: string }[];
  therapy = codes.find((c) => c.code === '15_054_0128_6_1')!.id;
});
afterAll(() => t.close());

describe('the timer', () => {
  let tabA: SseTestStream;
  let tabB: SseTestStream;
  let priyaStream: SseTestStream;

  it('is not running at first', async () => {
    const res = await (await theo()).get('/api/timer');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      running: false,
      startedAt: null,
      participantId: null,
      cardId: null,
      timeCodeId: null,
    });
  });

  it("starts once, and shows in the person's every tab (and nobody else's) at once", async () => {
    const client = await theo();
    tabA = await connectEventStream(base, client.cookies, `?tenantId=${sunrise}`);
    tabB = await connectEventStream(base, client.cookies, `?tenantId=${sunrise}`);
    const priya = await t.as('priya.practitioner@sunrise.example');
    priyaStream = await connectEventStream(base, priya.cookies, `?tenantId=${sunrise}`);

    const started = await client.post('/api/timer/start', { participantId: mia });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ running: true, participantId: mia, timeCodeId: null });
    const timerEvent = { type: 'updated', entity: 'timer', id: theoId, version: null };
    expect(await tabA.until((e) => e.entity === 'timer', 1000)).toContainEqual(timerEvent);
    expect(await tabB.until((e) => e.entity === 'timer', 1000)).toContainEqual(timerEvent);
    // The second tab reads the same running timer.
    expect((await client.get('/api/timer')).body.data.startedAt).toBe(started.body.data.startedAt);

    const again = await client.post('/api/timer/start', {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('A timer is already running');
    expect(again.body.error.details.current.startedAt).toBe(started.body.data.startedAt);

    // Priya's next event is her own favourite: nothing of Theo's timer came before it.
    await priya.inTenant(sunrise).post('/api/favorites', { path: '/timesheet', label: 'Time Tracking' });
    const priyaEvents = await priyaStream.until((e) => e.entity === 'favorite');
    expect(priyaEvents.some((e) => e.entity === 'timer')).toBe(false);
  });

  it('asks for a time code when the timer has none and the tenant no default, and keeps running', async () => {
    const client = await theo();
    const res = await client.post('/api/timer/stop', { save: true });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'TIME_CODE_REQUIRED',
      message: 'Choose the time code to save this timer under',
      details: { missing: ['timeCodeId'] },
    });
    expect((await client.get('/api/timer')).body.data.running).toBe(true);
  });

  it('stops and saves a draft entry rounded to the minute, and tells every tab', async () => {
    const client = await theo();
    const res = await client.post('/api/timer/stop', {
      save: true,
      timeCodeId: therapy,
      description: 'Sensory session',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.timer.running).toBe(false);
    const entry = res.body.data.entry;
    expect(entry).toMatchObject({
      status: 'draft',
      participantId: mia,
      timeCodeId: therapy,
      description: 'Sensory session',
      duration: 1,
    });
    expect(entry.startTime).toMatch(/^\d\d:\d\d$/);
    expect(await tabB.until((e) => e.entity === 'timer', 1000)).toBeTruthy();
    expect(await tabA.until((e) => e.entity === 'time-entry', 1000)).toContainEqual({
      type: 'created',
      entity: 'time-entry',
      id: entry.id,
      version: 1,
    });
    expect((await client.get('/api/timer')).body.data.running).toBe(false);
    expect((await client.post('/api/timer/stop', { save: true })).status).toBe(409);
  });

  it('asks before saving a timer left running over 12 hours; discarding saves nothing', async () => {
    const client = await theo();
    await client.post('/api/timer/start', { timeCodeId: therapy });
    await setStartedAt(new Date(Date.now() - 13 * 3600_000));
    const res = await client.post('/api/timer/stop', { save: true });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('LONG_TIMER');
    expect(res.body.error.message).toBe(
      'This timer has been running for 13 hours, more than 12. Save it as a time entry?',
    );
    expect(res.body.error.details.elapsedSeconds).toBeGreaterThanOrEqual(13 * 3600);
    expect((await client.get('/api/timer')).body.data.running).toBe(true);
    const discarded = await client.post('/api/timer/stop', { save: false });
    expect(discarded.status).toBe(200);
    expect(discarded.body.data.entry).toBeNull();
    expect((await client.get('/api/timer')).body.data.running).toBe(false);
  });

  it('saves a timer run past midnight as an entry ending the next day, and a long one once confirmed', async () => {
    const client = await theo();
    await client.post('/api/timer/start', { timeCodeId: therapy });
    // 23:30 to 01:15 in Sydney (AEDT, UTC+11 in March).
    await setStartedAt(new Date('2030-03-05T12:29:40Z'));
    const overnight = await runInTenant(t.database.db, sunrise, theoActor(), (ctx) =>
      stopTimer(
        ctx,
        { save: true, isLongTimerConfirmed: false, description: null },
        new Date('2030-03-05T14:15:10Z'),
      ),
    );
    expect(overnight.entry).toMatchObject({
      date: '2030-03-05',
      startTime: '23:30',
      endDate: '2030-03-06',
      endTime: '01:15',
      duration: 105,
    });

    await client.post('/api/timer/start', { timeCodeId: therapy });
    await setStartedAt(new Date('2030-03-07T20:00:00Z'));
    const stop = (confirmed: boolean) =>
      runInTenant(t.database.db, sunrise, theoActor(), (ctx) =>
        stopTimer(
          ctx,
          { save: true, isLongTimerConfirmed: confirmed, description: null },
          new Date('2030-03-08T09:30:00Z'),
        ),
      );
    await expect(stop(false)).rejects.toMatchObject({ code: 'LONG_TIMER' });
    const long = await stop(true);
    expect(long.entry).toMatchObject({
      date: '2030-03-08',
      startTime: '07:00',
      endTime: '20:30',
      duration: 810,
    });
    const [left] = await t.readInTenant(sunrise, (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(timers).where(eq(timers.tenantId, sunrise)),
    );
    expect(left?.n).toBe(0);
  });

  it('is refused to people who record no time', async () => {
    const fiona = (await t.as('fiona.family@sunrise.example')).inTenant(sunrise);
    expect((await fiona.get('/api/timer')).status).toBe(403);
    expect((await fiona.post('/api/timer/start', {})).status).toBe(403);
  });
});
