import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { publishChange } from './change-feed';
import { connectEventStream, type SseTestStream } from './sse-test-client';

/** The change feed over a real socket (sse-test-client.ts). */
let t: TestApp;
let base: string;
let sunrise: string;
let bluegum: string;
let closed = false;

const connect = (client: TestClient, query: string, headers: Record<string, string> = {}) =>
  connectEventStream(base, client.cookies, query, headers);

const olivia = () => t.as('olivia.owner@sunrise.example');
const lee = () => t.as('lee.lead@sunrise.example');

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  if (!closed) await t.close();
});

describe('GET /api/events', () => {
  let oliviaStream: SseTestStream;
  let leeStream: SseTestStream;

  it('opens a text/event-stream for a member, taking the tenant from ?tenantId=', async () => {
    oliviaStream = await connect(await olivia(), `?tenantId=${sunrise}`);
    expect(oliviaStream.status).toBe(200);
    expect(oliviaStream.contentType).toBe('text/event-stream; charset=utf-8');
    // The X-Tenant-Id header works as on every tenant route.
    leeStream = await connect(await lee(), '', { 'x-tenant-id': sunrise });
    expect(leeStream.status).toBe(200);
  });

  it('refuses a stranger, nobody, and a missing or malformed tenant, before any stream opens', async () => {
    const ben = await t.as('ben.owner@bluegum.example');
    const stranger = await (await t.as('ben.owner@bluegum.example')).inTenant(sunrise).get('/api/events');
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.message).toBe('Organisation not found');
    const byQuery = await ben.get(`/api/events?tenantId=${sunrise}`);
    expect(byQuery.status).toBe(404);
    expect(byQuery.body.error.message).toBe('Organisation not found');
    expect((await t.anonymous().get(`/api/events?tenantId=${sunrise}`)).status).toBe(401);
    expect((await ben.get('/api/events')).status).toBe(400);
    expect((await ben.get('/api/events?tenantId=sunrise')).status).toBe(404);
    // ?tenantId= is for this route only.
    const teams = await (await olivia()).get(`/api/teams?tenantId=${sunrise}`);
    expect(teams.status).toBe(400);
    expect(teams.body.error.message).toBe('The X-Tenant-Id header is required');
  });

  it('delivers a new notification to its recipient only, after the write commits', async () => {
    const sam = await t.as('sam.system@wattle.example');
    const created = await sam.post('/api/access-requests', {
      tenantId: sunrise,
      reason: 'Investigating a reported invoice export fault',
    });
    expect(created.status).toBe(201);
    const inbox = (await (await olivia()).inTenant(sunrise).get('/api/notifications')).body.data;
    const [event] = await oliviaStream.until((e) => e.entity === 'notification');
    expect(event).toEqual({ type: 'created', entity: 'notification', id: inbox[0].id, version: null });

    // Lee is in the same tenant but no recipient: his next event is his own favourite, nothing before it.
    const favorite = await (await lee())
      .inTenant(sunrise)
      .post('/api/favorites', { path: '/timesheet', label: 'Time Tracking' });
    const leeEvents = await leeStream.until((e) => e.entity === 'favorite');
    expect(leeEvents).toEqual([
      { type: 'created', entity: 'favorite', id: favorite.body.data.id, version: null },
    ]);
  });

  it('delivers nothing of another tenant, and nothing of a write that rolled back', async () => {
    const ben = (await t.as('ben.owner@bluegum.example')).inTenant(bluegum);
    expect((await ben.post('/api/favorites', { path: '/invoices', label: 'Invoices' })).status).toBe(201);
    await t.database.db
      .transaction(async (tx) => {
        await publishChange(tx, {
          tenantId: sunrise,
          userId: null,
          event: { type: 'updated', entity: 'team', id: 'rolled-back', version: 2 },
        });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await t.database.db.transaction((tx) =>
      publishChange(tx, {
        tenantId: sunrise,
        userId: null,
        event: { type: 'updated', entity: 'team', id: 'committed', version: 2 },
      }),
    );
    // Everyone in the tenant gets a tenant-wide change; the two before it never arrive.
    for (const stream of [oliviaStream, leeStream]) {
      expect(await stream.until((e) => e.entity === 'team')).toEqual([
        { type: 'updated', entity: 'team', id: 'committed', version: 2 },
      ]);
    }
  });

  it('announces marking read and the decision to the recipient', async () => {
    const o = (await olivia()).inTenant(sunrise);
    const [note] = (await o.get('/api/notifications')).body.data;
    await o.post(`/api/notifications/${note.id}/decision`, { decision: 'rejected' });
    expect(await oliviaStream.until((e) => e.entity === 'notification')).toEqual([
      { type: 'updated', entity: 'notification', id: note.id, version: null },
    ]);
  });

  it('ends open streams when the server closes, without holding the shutdown', async () => {
    const started = Date.now();
    closed = true;
    await t.close();
    expect(Date.now() - started).toBeLessThan(3000);
    await oliviaStream.ended();
    await leeStream.ended();
  });
});
