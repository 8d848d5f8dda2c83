import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { teams } from '../db/schema/teams';
import { tenantAccessRequests, tenants } from '../db/schema/tenants';

let t: TestApp;
let sunrise: string;
let bluegum: string;

async function countIn(tenantId: string, table: typeof teams | typeof tenantAccessRequests) {
  const [row] = await t.readInTenant(tenantId, (tx) =>
    tx.select({ n: count() }).from(table).where(eq(table.tenantId, tenantId)),
  );
  return row!.n;
}

async function teamNames(tenantId: string, name: string) {
  const rows = await t.readInTenant(tenantId, (tx) =>
    tx.select({ id: teams.id }).from(teams).where(eq(teams.name, name)),
  );
  return rows.length;
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
});
afterAll(() => t.close());

describe('Idempotency-Key', () => {
  it('answers a repeated POST with the first answer, marked as replayed, and creates one team', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const before = await countIn(sunrise, teams);
    const key = `team-${randomUUID()}`;
    const first = await olivia.post('/api/teams', { name: 'Replay Team' }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const second = await olivia.post('/api/teams', { name: 'Replay Team' }, { 'idempotency-key': key });
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);

    const third = await olivia.post('/api/teams', { name: 'Replay Team' }, { 'idempotency-key': key });
    expect(third.body.data.id).toBe(first.body.data.id);

    expect(await countIn(sunrise, teams)).toBe(before + 1);
    expect(await teamNames(sunrise, 'Replay Team')).toBe(1);
  });

  it('creates again without a key, and with a new key', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const a = await olivia.post('/api/teams', { name: 'Twice Team' });
    const b = await olivia.post('/api/teams', { name: 'Twice Team' });
    const c = await olivia.post(
      '/api/teams',
      { name: 'Twice Team' },
      { 'idempotency-key': `k-${randomUUID()}` },
    );
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.data.id, b.body.data.id, c.body.data.id]).size).toBe(3);
    expect(await teamNames(sunrise, 'Twice Team')).toBe(3);
  });

  it('refuses the same key with a different body with 409, creating nothing', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const key = `team-${randomUUID()}`;
    expect((await olivia.post('/api/teams', { name: 'Key Owner' }, { 'idempotency-key': key })).status).toBe(
      201,
    );
    const before = await countIn(sunrise, teams);
    const res = await olivia.post('/api/teams', { name: 'Key Thief' }, { 'idempotency-key': key });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      error: { code: 'CONFLICT', message: 'This Idempotency-Key was already used for a different request' },
    });
    expect(await countIn(sunrise, teams)).toBe(before);
    expect(await teamNames(sunrise, 'Key Thief')).toBe(0);
  });

  it('keeps keys per user: the same key from someone else is a new request', async () => {
    const key = `shared-${randomUUID()}`;
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const adam = (await t.as('adam.admin@sunrise.example')).inTenant(sunrise);
    const a = await olivia.post('/api/teams', { name: 'Per User Team' }, { 'idempotency-key': key });
    const b = await adam.post('/api/teams', { name: 'Per User Team' }, { 'idempotency-key': key });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expect(await teamNames(sunrise, 'Per User Team')).toBe(2);
  });

  it('frees the key when the first attempt fails validation, so a corrected retry succeeds', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const key = `team-${randomUUID()}`;
    const bad = await olivia.post('/api/teams', { name: '' }, { 'idempotency-key': key });
    expect(bad.status).toBe(400);
    const good = await olivia.post('/api/teams', { name: 'Fixed Team' }, { 'idempotency-key': key });
    expect(good.status).toBe(201);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
    expect(await teamNames(sunrise, 'Fixed Team')).toBe(1);
  });

  it('frees the key when the handler refuses the first attempt, so a corrected retry succeeds', async () => {
    const sam = await t.as('sam.system@wattle.example');
    const key = `access-${randomUUID()}`;
    const reason = 'Checking the tenant after a support ticket';
    const missing = await sam.post(
      '/api/access-requests',
      { tenantId: randomUUID(), reason },
      { 'idempotency-key': key },
    );
    expect(missing.status).toBe(404);
    const before = await countIn(bluegum, tenantAccessRequests);
    const retry = await sam.post(
      '/api/access-requests',
      { tenantId: bluegum, reason },
      { 'idempotency-key': key },
    );
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    // The retry of the success is a replay, not a 409 for a duplicate pending request.
    const replay = await sam.post(
      '/api/access-requests',
      { tenantId: bluegum, reason },
      { 'idempotency-key': key },
    );
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(retry.body);
    expect(await countIn(bluegum, tenantAccessRequests)).toBe(before + 1);
  });

  it('does not store a refusal: retrying a 403 with the same key is checked afresh, not replayed', async () => {
    const lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
    const key = `lee-${randomUUID()}`;
    const first = await lee.post('/api/teams', { name: 'Not Allowed' }, { 'idempotency-key': key });
    expect(first.status).toBe(403);
    const second = await lee.post('/api/teams', { name: 'Not Allowed' }, { 'idempotency-key': key });
    expect(second.status).toBe(403);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed key with 400 and creates nothing', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const before = await countIn(sunrise, teams);
    for (const key of ['short', 'has spaces in it', 'x'.repeat(129), 'semi;colon;key']) {
      const res = await olivia.post('/api/teams', { name: 'Bad Key Team' }, { 'idempotency-key': key });
      expect(res.status, key).toBe(400);
      expect(res.body.error).toEqual({
        code: 'BAD_REQUEST',
        message: 'Idempotency-Key must be 8 to 128 letters, digits, dots, colons or dashes',
      });
    }
    expect(await countIn(sunrise, teams)).toBe(before);
  });

  it('makes onboarding safe to retry: one tenant for one key', async () => {
    const nina = await t.as('nina.new@wattle.example');
    const tenantsBefore = await t.readAsGlobalAdmin((tx) => tx.select({ n: count() }).from(tenants));
    const key = `onboard-${randomUUID()}`;
    const body = { organisationName: 'Retry Care Co', consent: true };
    const a = await nina.post('/api/onboarding', body, { 'idempotency-key': key });
    const b = await nina.post('/api/onboarding', body, { 'idempotency-key': key });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body.data.tenant.id).toBe(a.body.data.tenant.id);
    const tenantsAfter = await t.readAsGlobalAdmin((tx) => tx.select({ n: count() }).from(tenants));
    expect(tenantsAfter[0]!.n).toBe(tenantsBefore[0]!.n + 1);
    expect((await nina.get('/api/tenants')).body.data).toHaveLength(1);
  });

  it("does not replay one tenant's answer for the same key and body sent to another tenant", async () => {
    // A global admin may create teams in both tenants; the key and body match, the tenant does not.
    const ava = await t.as('ava.global@wattle.example');
    const key = `cross-${randomUUID()}`;
    const inSunrise = await ava
      .inTenant(sunrise)
      .post('/api/teams', { name: 'Cross Tenant' }, { 'idempotency-key': key });
    expect(inSunrise.status).toBe(201);
    const inBluegum = await ava
      .inTenant(bluegum)
      .post('/api/teams', { name: 'Cross Tenant' }, { 'idempotency-key': key });
    // Refused as a different request (409), or created afresh in Bluegum; never a replay of Sunrise's team.
    expect(inBluegum.headers['idempotent-replayed']).toBeUndefined();
    expect([201, 409]).toContain(inBluegum.status);
    if (inBluegum.status === 201) expect(inBluegum.body.data.tenantId).toBe(bluegum);
    expect(await teamNames(sunrise, 'Cross Tenant')).toBe(1);
  });
});
