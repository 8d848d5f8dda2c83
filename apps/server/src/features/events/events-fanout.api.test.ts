import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../../test/database';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { buildApp } from '../../app';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { connectEventStream, type SseTestStream } from './sse-test-client';

/**
 * DESIGN.md section 8: several server instances on one Postgres pass changes to each other's
 * clients through LISTEN/NOTIFY. Instance A is the harness's app; instance B is a second app built
 * on its own connection pool to the same database, as a second process behind a load balancer
 * would be. PGlite is one process's database, so there is nothing to fan out there.
 */
const onPostgres = testDatabaseKind() === 'postgres';

describe.skipIf(!onPostgres)('change feed across two instances on one Postgres', () => {
  let t: TestApp;
  let databaseB: DatabaseHandle;
  let appB: FastifyInstance;
  let baseA: string;
  let baseB: string;
  let sunrise: string;
  let lee: TestClient;
  const streams: SseTestStream[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    const url = t.database.pool?.options.connectionString;
    if (!url) throw new Error('the Postgres test database has no connection string');
    databaseB = await openDatabase({ databaseUrl: url, poolSize: 2 });
    appB = await buildApp({ config: t.config, database: databaseB, logger: false });
    await appB.ready();
    baseA = await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseB = await appB.listen({ port: 0, host: '127.0.0.1' });
    sunrise = await t.tenantId('Sunrise Support Network');
    // Sessions live in the database, so one sign-in (on A) is good on both instances.
    lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
  });
  afterAll(async () => {
    // Each app ends its open streams as it closes. Aborting them from this side first would leave
    // fetch's connection pool holding a fresh idle socket to the server, which server.close() waits on.
    await appB?.close();
    await databaseB?.close();
    await t?.close();
    for (const stream of streams) await stream.ended();
  });

  const cookieHeader = (client: TestClient) =>
    Object.entries(client.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');

  const open = async (base: string, client: TestClient) => {
    const stream = await connectEventStream(base, client.cookies, `?tenantId=${sunrise}`);
    expect(stream.status).toBe(200);
    streams.push(stream);
    return stream;
  };

  it("delivers a card change made through A to B's subscriber within a second, and B's to A's", async () => {
    const priya = await t.as('priya.practitioner@sunrise.example');
    const onB = await open(baseB, priya);
    const onA = await open(baseA, priya);
    const teams = (await lee.get('/api/teams')).body.data as { id: string; name: string }[];
    const jordan = teams.find((team) => team.name === "Jordan's Care Team");
    expect(jordan).toBeDefined();

    const created = await lee.post('/api/cards', { teamId: jordan!.id, title: 'Fan-out check' });
    expect(created.status).toBe(201);
    const card = created.body.data as { id: string; version: number };
    const isCreated = (e: { entity: string; id: string; type: string }) =>
      e.entity === 'card' && e.id === card.id && e.type === 'created';
    let started = Date.now();
    expect((await onB.until(isCreated, 1000)).at(-1)).toEqual({
      type: 'created',
      entity: 'card',
      id: card.id,
      version: card.version,
    });
    expect(Date.now() - started).toBeLessThan(1000);
    // The instance that made the change hears its own NOTIFY too.
    await onA.until(isCreated, 1000);

    // The other way: a change through B, by another person, reaches the stream on A.
    const leeOnB = await fetch(`${baseB}/api/cards/${card.id}`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        cookie: cookieHeader(lee),
        'x-csrf-token': lee.cookies.wattle_csrf!,
        'x-tenant-id': sunrise,
      },
      body: JSON.stringify({ version: card.version, title: 'Fan-out check, renamed' }),
    });
    expect(leeOnB.status).toBe(200);
    const updated = ((await leeOnB.json()) as { data: { version: number } }).data;
    started = Date.now();
    const isUpdated = (e: { entity: string; id: string; type: string }) =>
      e.entity === 'card' && e.id === card.id && e.type === 'updated';
    expect((await onA.until(isUpdated, 1000)).at(-1)).toEqual({
      type: 'updated',
      entity: 'card',
      id: card.id,
      version: updated.version,
    });
    expect(Date.now() - started).toBeLessThan(1000);
    await onB.until(isUpdated, 1000);
  });

  it("keeps each instance's delivery to the tenant's members: Bluegum's owner on B hears nothing of Sunrise", async () => {
    const ben = await t.as('ben.owner@bluegum.example');
    const bluegum = await t.tenantId('Bluegum Disability Services');
    const benOnB = await connectEventStream(baseB, ben.cookies, `?tenantId=${bluegum}`);
    streams.push(benOnB);
    expect(benOnB.status).toBe(200);
    const teams = (await lee.get('/api/teams')).body.data as { id: string }[];
    const created = await lee.post('/api/cards', { teamId: teams[0]!.id, title: 'Sunrise only' });
    expect(created.status).toBe(201);
    // A change in Bluegum, made through A, is the next thing Ben hears: nothing of Sunrise before it.
    const favorite = await ben
      .inTenant(bluegum)
      .post('/api/favorites', { path: '/invoices', label: 'Invoices' });
    expect(favorite.status).toBe(201);
    expect(await benOnB.until((e) => e.entity === 'favorite', 1000)).toEqual([
      { type: 'created', entity: 'favorite', id: favorite.body.data.id, version: null },
    ]);
  });

  it('when its LISTEN connection drops, an instance ends its streams and refuses new ones until it listens again', async () => {
    const priya = await t.as('priya.practitioner@sunrise.example');
    const onB = await open(baseB, priya);
    // What a database restart or a network cut does to both instances' listening connections.
    const { rows } = await databaseB.pool!.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'LISTEN wattle_changes'`,
    );
    expect(rows.length).toBe(2);
    // The stream cannot hear changes any more: it ends, and the browser falls back to polling.
    await onB.ended(3000);
    const refused = await fetch(`${baseB}/api/events?tenantId=${sunrise}`, {
      headers: { cookie: cookieHeader(priya) },
    });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'Live updates are unavailable for the moment; try again shortly',
    );

    // About a second later it listens again, and a new stream hears the next change.
    let again: SseTestStream | undefined;
    const until = Date.now() + 10_000;
    while (!again) {
      const attempt = await connectEventStream(baseB, priya.cookies, `?tenantId=${sunrise}`);
      if (attempt.status === 200) again = attempt;
      else {
        expect(attempt.status).toBe(503);
        expect(Date.now()).toBeLessThan(until);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    streams.push(again);
    const teams = (await lee.get('/api/teams')).body.data as { id: string }[];
    const created = await lee.post('/api/cards', { teamId: teams[0]!.id, title: 'After the reconnect' });
    expect(created.status).toBe(201);
    await again.until((e) => e.entity === 'card' && e.id === created.body.data.id, 1000);
  });
});
