import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient, type TestResponse } from '../../test/harness';
import { sha256 } from '../auth/secrets';
import { auditLog } from '../db/schema/audit';
import { teams } from '../db/schema/teams';
import { tenants } from '../db/schema/tenants';
import { idempotencyKeys } from '../db/schema/users';

/**
 * Bad requests in one place: each is refused with the right status and error body, and none of them
 * writes anything.
 */
let t: TestApp;
let sunrise: string;
let olivia: TestClient;
let nina: TestClient;

/** What the requests below could have written. */
async function snapshot() {
  const inSunrise = await t.readInTenant(sunrise, async (tx) => {
    const [teamRows] = await tx.select({ n: count() }).from(teams);
    const [auditRows] = await tx.select({ n: count() }).from(auditLog);
    const [tenant] = await tx
      .select({ version: tenants.version, name: tenants.name })
      .from(tenants)
      .where(eq(tenants.id, sunrise));
    return { teams: teamRows!.n, audit: auditRows!.n, tenant };
  });
  const [allTenants] = await t.readAsGlobalAdmin((tx) => tx.select({ n: count() }).from(tenants));
  const [keys] = await t.database.db.select({ n: count() }).from(idempotencyKeys);
  return { ...inSunrise, tenants: allTenants!.n, idempotencyKeys: keys!.n };
}

let before: Awaited<ReturnType<typeof snapshot>>;

function expectError(res: TestResponse, status: number, code: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.success).toBe(false);
  expect(res.body.error.code).toBe(code);
  if (message !== undefined) expect(res.body.error.message).toBe(message);
}

beforeAll(async () => {
  t = await startTestApp();
  olivia = await t.signIn('olivia.owner@sunrise.example');
  nina = await t.signIn('nina.new@wattle.example');
  sunrise = await t.tenantId('Sunrise Support Network');
  olivia = olivia.inTenant(sunrise);
  before = await snapshot();
  expect(before.teams).toBeGreaterThan(0);
  expect(before.audit).toBeGreaterThan(0);
  expect(before.tenant?.name).toBe('Sunrise Support Network');
});
afterAll(() => t.close());

describe('bad input writes nothing', () => {
  afterAll(async () => {
    expect(await snapshot()).toEqual(before);
  });

  it("answers malformed JSON with 400 'The request body is not valid JSON'", async () => {
    const send = (client: TestClient, method: 'POST' | 'PATCH', url: string) =>
      client.request({
        method,
        url,
        payload: '{"name": "Half',
        headers: { 'content-type': 'application/json' },
      });
    for (const res of [
      await send(olivia, 'POST', '/api/teams'),
      await send(olivia, 'PATCH', '/api/tenants/current'),
      await send(nina, 'POST', '/api/onboarding'),
    ]) {
      expect(res.body).toEqual({
        success: false,
        error: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' },
      });
      expect(res.status).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers wrong types with 400 VALIDATION_FAILED and the path of each bad field', async () => {
    const team = await olivia.post('/api/teams', { name: 42 });
    expectError(team, 400, 'VALIDATION_FAILED');
    expect(team.body.error.details).toEqual([
      { path: ['name'], message: expect.any(String), code: 'invalid_type' },
    ]);
    // In plain words, naming the field (issue 18), never zod's "Invalid input: expected string…".
    expect(team.body.error.message).toBe('Name must be text.');
    const long = await olivia.post('/api/teams', { name: 'x'.repeat(500) });
    expectError(long, 400, 'VALIDATION_FAILED');
    expect(long.body.error.message).toMatch(/^Name must be \d+ characters or fewer\.$/);

    const patch = await olivia.patch('/api/tenants/current', {
      version: '1',
      settings: { whiteLabel: 'yes' },
    });
    expectError(patch, 400, 'VALIDATION_FAILED');
    const paths = patch.body.error.details.map((d: any) => d.path);
    expect(paths).toContainEqual(['version']);
    expect(paths).toContainEqual(['settings', 'whiteLabel']);

    const onboarding = await nina.post('/api/onboarding', { organisationName: 7, consent: 'yes' });
    expectError(onboarding, 400, 'VALIDATION_FAILED');
    const onboardingPaths = onboarding.body.error.details.map((d: any) => d.path);
    expect(onboardingPaths).toContainEqual(['organisationName']);
    expect(onboardingPaths).toContainEqual(['consent']);

    const participant = await olivia.post('/api/participants', {
      name: 'P',
      ndisNumber: '439876543',
      dateOfBirth: '2001-01-01',
      goals: [1],
      alerts: [],
    });
    expectError(participant, 400, 'VALIDATION_FAILED');
    expect(participant.body.error.details[0].path).toEqual(['goals', 0]);

    const array = await olivia.post('/api/teams', [{ name: 'In an array' }]);
    expectError(array, 400, 'VALIDATION_FAILED');
    expect(array.body.error.details[0].path).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses over-long strings: a 101-character team name and a 121-character organisation name', async () => {
    const team = await olivia.post('/api/teams', { name: 'T'.repeat(101) });
    expectError(team, 400, 'VALIDATION_FAILED');
    expect(team.body.error.details[0]).toMatchObject({ path: ['name'], code: 'too_big' });

    const org = await nina.post('/api/onboarding', { organisationName: 'O'.repeat(121), consent: true });
    expectError(org, 400, 'VALIDATION_FAILED');
    expect(org.body.error.details[0]).toMatchObject({ path: ['organisationName'], code: 'too_big' });

    const firstTeam = await nina.post('/api/onboarding', {
      organisationName: 'Fine Co',
      firstTeamName: 'F'.repeat(101),
      consent: true,
    });
    expectError(firstTeam, 400, 'VALIDATION_FAILED');
    expect(firstTeam.body.error.details[0].path).toEqual(['firstTeamName']);

    const tenantName = await olivia.patch('/api/tenants/current', { version: 1, name: 'N'.repeat(121) });
    expectError(tenantName, 400, 'VALIDATION_FAILED');
    expect(await snapshot()).toEqual(before);
  });

  it("answers an unknown or malformed tenant id with 404 'Organisation not found'", async () => {
    for (const tenantId of [randomUUID(), 'sunrise', '12345', `${sunrise}x`, "' or 1=1 --"]) {
      const client = olivia.inTenant(tenantId);
      for (const res of [
        await client.get('/api/teams'),
        await client.post('/api/teams', { name: 'Lost Team' }),
        await client.patch('/api/tenants/current', { version: 1, name: 'Lost' }),
      ]) {
        expect(res.body).toEqual({
          success: false,
          error: { code: 'NOT_FOUND', message: 'Organisation not found' },
        });
        expect(res.status).toBe(404);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('requires X-Tenant-Id on tenant routes with 400', async () => {
    const client = olivia.inTenant(null);
    for (const res of [
      await client.get('/api/teams'),
      await client.get('/api/tenants/current'),
      await client.post('/api/teams', { name: 'Nowhere Team' }),
      await client.patch('/api/tenants/current', { version: 1, name: 'Nowhere' }),
    ]) {
      expect(res.body).toEqual({
        success: false,
        error: { code: 'BAD_REQUEST', message: 'The X-Tenant-Id header is required' },
      });
      expect(res.status).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers no session with 401', async () => {
    const anon = t.anonymous().inTenant(sunrise);
    for (const res of [
      await anon.get('/api/teams'),
      await anon.post('/api/teams', { name: 'Anon Team' }),
      await anon.patch('/api/tenants/current', { version: 1, name: 'Anon' }),
      await t.anonymous().post('/api/onboarding', { organisationName: 'Anon Co', consent: true }),
      await anon.post('/api/teams', { name: 'Anon Team' }, { cookie: 'wattle_session=made-up' }),
    ]) {
      expectError(res, 401, 'UNAUTHENTICATED');
    }
    const noCookie = await anon.post('/api/teams', { name: 'Anon Team' });
    expect(noCookie.body.error.message).toBe('User not authenticated');
    expect(await snapshot()).toEqual(before);
  });

  it('answers no session with 401 even when the body is invalid too', async () => {
    // A client whose session ran out must be sent to sign in, not shown field errors.
    const anon = t.anonymous().inTenant(sunrise);
    expectError(await anon.post('/api/teams', { name: '' }), 401, 'UNAUTHENTICATED');
    expectError(await t.anonymous().post('/api/onboarding', { consent: false }), 401, 'UNAUTHENTICATED');
    expect(await snapshot()).toEqual(before);
  });

  it('answers an expired session with 401', async () => {
    const client = (await t.signIn('adam.admin@sunrise.example')).inTenant(sunrise);
    expect((await client.get('/api/teams')).status).toBe(200);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${sha256(client.cookies.wattle_session!)}`,
    );
    for (const res of [
      await client.get('/api/teams'),
      await client.post('/api/teams', { name: 'Late Team' }),
    ]) {
      expectError(res, 401, 'UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
    }
    // Other sessions are unaffected.
    expect((await olivia.get('/api/teams')).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('answers a missing or wrong CSRF token with 403', async () => {
    const lee = await t.signIn('lee.lead@sunrise.example');
    for (const headers of [
      { 'x-csrf-token': '' },
      { 'x-csrf-token': 'forged' },
      { 'x-csrf-token': lee.cookies.wattle_csrf! },
    ]) {
      for (const res of [
        await olivia.post('/api/teams', { name: 'Forged Team' }, headers),
        await olivia.patch(
          '/api/tenants/current',
          { version: before.tenant!.version, name: 'Forged' },
          headers,
        ),
        await nina.post('/api/onboarding', { organisationName: 'Forged Co', consent: true }, headers),
      ]) {
        expectError(res, 403, 'CSRF_FAILED', 'Missing or invalid CSRF token');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await olivia.post('/api/teams', { name: 'Big', padding: 'x'.repeat(1_100_000) });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
    expect(await snapshot()).toEqual(before);
  });

  it('answers a body that is not JSON with 415', async () => {
    const answers: Record<string, unknown> = {};
    for (const contentType of ['application/xml', 'text/plain', 'application/x-www-form-urlencoded']) {
      const res = await olivia.request({
        method: 'POST',
        url: '/api/teams',
        payload: contentType === 'application/xml' ? '<team name="X"/>' : 'name=Plain+Team',
        headers: { 'content-type': contentType },
      });
      answers[contentType] = { status: res.status, body: res.body };
    }
    const refused = {
      status: 415,
      body: {
        success: false,
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json' },
      },
    };
    expect(answers).toEqual({
      'application/xml': refused,
      'text/plain': refused,
      'application/x-www-form-urlencoded': refused,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('answers an unknown API route with a 404 envelope', async () => {
    const res = await olivia.get('/api/no-such-thing');
    expect(res.body).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'No route GET /api/no-such-thing' },
    });
    expect(res.status).toBe(404);
  });
});

describe('limits accept what they allow', () => {
  it('accepts a 100-character team name and a 120-character organisation name', async () => {
    const team = await olivia.post('/api/teams', { name: 'T'.repeat(100) });
    expect(team.status).toBe(201);
    expect(team.body.data.name).toHaveLength(100);
    const org = await nina.post('/api/onboarding', { organisationName: 'O'.repeat(120), consent: true });
    expect(org.status).toBe(201);
    expect(org.body.data.tenant.name).toHaveLength(120);
    const after = await snapshot();
    expect(after.teams).toBe(before.teams + 1);
    expect(after.tenants).toBe(before.tenants + 1);
  });
});
