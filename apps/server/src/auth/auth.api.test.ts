import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('demo sign-in and sessions', () => {
  it('lists the seeded users with what each one is', async () => {
    const res = await t.anonymous().get('/api/auth/demo/users');
    expect(res.status).toBe(200);
    const olivia = res.body.data.find((u: { email: string }) => u.email === 'olivia.owner@sunrise.example');
    expect(olivia.description).toBe('Owner at Sunrise Support Network');
    const nina = res.body.data.find((u: { email: string }) => u.email === 'nina.new@wattle.example');
    expect(nina.description).toContain('No organisation yet');
  });

  it('lets every seeded user sign in and read their own account and tenants', async () => {
    const users = (await t.anonymous().get('/api/auth/demo/users')).body.data as { email: string }[];
    expect(users).toHaveLength(13);
    for (const { email } of users) {
      const client = await t.signIn(email);
      const me = await client.get('/api/me');
      expect(me.body.data.email, email).toBe(email);
      const tenants = await client.get('/api/tenants');
      expect(tenants.status, email).toBe(200);
      if (email === 'nina.new@wattle.example') expect(tenants.body.data).toEqual([]);
      else expect(tenants.body.data.length, email).toBeGreaterThan(0);
    }
  });

  it('answers 401 with a clear message when nobody is signed in', async () => {
    const res = await t.anonymous().get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' },
    });
  });

  it('signs in with an httpOnly SameSite=Lax session cookie and a readable CSRF cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/demo/login',
      payload: { email: 'Olivia.Owner@sunrise.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe('olivia.owner@sunrise.example');
    const session = res.cookies.find((c) => c.name === 'wattle_session')!;
    const csrf = res.cookies.find((c) => c.name === 'wattle_csrf')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(csrf.httpOnly).toBeFalsy();
  });

  it('gives a new session id at every sign-in', async () => {
    const a = await t.signIn('lee.lead@sunrise.example');
    const b = await t.signIn('lee.lead@sunrise.example');
    expect(a.cookies.wattle_session).not.toBe(b.cookies.wattle_session);
    expect((await a.get('/api/me')).status).toBe(200);
  });

  it('refuses an unknown user and malformed email', async () => {
    const unknown = await t.anonymous().post('/api/auth/demo/login', { email: 'nobody@example.com' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('User not found');
    const bad = await t.anonymous().post('/api/auth/demo/login', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('log out ends the session', async () => {
    const client = await t.signIn('sophie.support@sunrise.example');
    const out = await client.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('an expired session is refused', async () => {
    const client = await t.signIn('sophie.support@sunrise.example');
    await t.database.db.execute(
      (await import('drizzle-orm')).sql`update sessions set expires_at = now() - interval '1 minute'`,
    );
    const res = await client.get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Your session has expired. Please sign in again.');
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated write without the header, or with a wrong one, and writes nothing', async () => {
    const client = await t.signIn('adam.admin@sunrise.example');
    const none = await client.post('/api/me/tokens', { name: 'x' }, { 'x-csrf-token': '' });
    expect(none.status).toBe(403);
    expect(none.body.error.code).toBe('CSRF_FAILED');
    const wrong = await client.post('/api/me/tokens', { name: 'x' }, { 'x-csrf-token': 'forged' });
    expect(wrong.status).toBe(403);
    const list = await client.get('/api/me/tokens');
    expect(list.body.data).toEqual([]);
  });

  it("refuses a CSRF token taken from another user's session", async () => {
    const adam = await t.signIn('adam.admin@sunrise.example');
    const lee = await t.signIn('lee.lead@sunrise.example');
    const res = await adam.request({
      method: 'POST',
      url: '/api/me/tokens',
      payload: { name: 'x' },
      headers: { 'x-csrf-token': lee.cookies.wattle_csrf! },
      cookies: { wattle_csrf: lee.cookies.wattle_csrf! },
    });
    expect(res.status).toBe(403);
  });
});

describe('personal API tokens', () => {
  it('are shown once, listed without the secret, usable as Bearer without CSRF, and revocable', async () => {
    const client = await t.signIn('priya.practitioner@sunrise.example');
    const created = await client.post('/api/me/tokens', { name: 'reporting script' });
    expect(created.status).toBe(201);
    const { token, id } = created.body.data;
    expect(token).toMatch(/^wat_/);

    const list = await client.get('/api/me/tokens');
    expect(list.body.data).toHaveLength(1);
    expect(JSON.stringify(list.body.data)).not.toContain(token);

    const bearer = t.anonymous();
    const me = await bearer.get('/api/me', { authorization: `Bearer ${token}` });
    expect(me.status).toBe(200);
    expect(me.body.data.authMethod).toBe('api-token');
    const write = await bearer.post(
      '/api/me/tokens',
      { name: 'second' },
      { authorization: `Bearer ${token}` },
    );
    expect(write.status).toBe(201);

    expect((await client.delete(`/api/me/tokens/${id}`)).status).toBe(200);
    const after = await bearer.get('/api/me', { authorization: `Bearer ${token}` });
    expect(after.status).toBe(401);
  });

  it('refuses a made-up token', async () => {
    const res = await t.anonymous().get('/api/me', { authorization: 'Bearer wat_madeup' });
    expect(res.status).toBe(401);
  });
});

describe('verification', () => {
  it("marks the account verified only with 'I understand'", async () => {
    const nina = await t.signIn('nina.new@wattle.example');
    expect((await nina.get('/api/me')).body.data.isVerified).toBe(false);
    const wrong = await nina.post('/api/me/verification', { acknowledgement: 'ok' });
    expect(wrong.status).toBe(400);
    const res = await nina.post('/api/me/verification', { acknowledgement: 'I understand' });
    expect(res.status).toBe(200);
    expect(res.body.data.isVerified).toBe(true);
  });
});
