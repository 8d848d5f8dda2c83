import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { sha256 } from '../../auth/secrets';
import { accountAuditLog, sessions, users } from '../../db/schema/users';

/**
 * The person's sessions (Security settings) and the organisation's session idle time. The session
 * cache is on (SESSION_CACHE_SECONDS 5, the default): a signed-out session must be refused at once.
 */
let t: TestApp;
let sunrise: string;
let bluegum: string;
const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
});
afterAll(() => t.close());

const sessionIdOf = (client: TestClient) => sha256(client.cookies.wattle_session!);

async function publicIdOf(client: TestClient): Promise<string> {
  const [row] = await t.database.db
    .select({ publicId: sessions.publicId })
    .from(sessions)
    .where(eq(sessions.id, sessionIdOf(client)));
  return row!.publicId;
}

async function accountAudit(email: string, action: string) {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return t.database.db
    .select()
    .from(accountAuditLog)
    .where(and(eq(accountAuditLog.userId, user!.id), eq(accountAuditLog.action, action)));
}

/** Moves a session's last activity back, as if it had sat idle that long (before it is first used). */
async function idleFor(client: TestClient, minutes: number) {
  await t.database.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.id, sessionIdOf(client)));
}

describe('GET /api/me/sessions', () => {
  it('lists the live sessions of the person only, this one first, with device, IP and times', async () => {
    const laptop = await t.signIn('olivia.owner@sunrise.example');
    const phone = await t.signIn('olivia.owner@sunrise.example');
    await t.database.db
      .update(sessions)
      .set({ userAgent: chromeOnWindows })
      .where(eq(sessions.id, sessionIdOf(phone)));
    const adam = await t.signIn('adam.admin@sunrise.example');

    const res = await laptop.get('/api/me/sessions');
    expect(res.status).toBe(200);
    const list = res.body.data as { id: string; device: string; isCurrent: boolean; ip: string }[];
    expect(list[0]).toMatchObject({ id: await publicIdOf(laptop), isCurrent: true, ip: '127.0.0.1' });
    const phoneRow = list.find((s) => s.device === 'Chrome on Windows');
    expect(phoneRow).toMatchObject({ id: await publicIdOf(phone), isCurrent: false });
    expect(list.map((s) => s.id)).not.toContain(await publicIdOf(adam));
    expect(list.filter((s) => s.isCurrent)).toHaveLength(1);
    // The stored id is the hash of the cookie's secret: it never leaves the server.
    expect(JSON.stringify(res.body)).not.toContain(sessionIdOf(laptop));
    for (const session of list) {
      expect(Date.parse((session as unknown as { lastSeenAt: string }).lastSeenAt)).not.toBeNaN();
    }
  });

  it('answers 401 to nobody', async () => {
    expect((await t.anonymous().get('/api/me/sessions')).status).toBe(401);
  });
});

describe('DELETE /api/me/sessions/{id}', () => {
  it('signs out another session of the person, refused on its very next request, and audits it', async () => {
    const laptop = await t.signIn('priya.practitioner@sunrise.example');
    const phone = await t.signIn('priya.practitioner@sunrise.example');
    // The phone's session is resolved and cached by this instance.
    expect((await phone.inTenant(sunrise).get('/api/teams')).status).toBe(200);
    const before = await accountAudit('priya.practitioner@sunrise.example', 'session.signed-out');

    const res = await laptop.delete(`/api/me/sessions/${await publicIdOf(phone)}`);
    expect(res.status).toBe(200);
    const refused = await phone.get('/api/me');
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('UNAUTHENTICATED');
    expect((await laptop.get('/api/me')).status).toBe(200);

    const after = await accountAudit('priya.practitioner@sunrise.example', 'session.signed-out');
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.metadata).toMatchObject({ isCurrent: false });
  });

  it("answers 404 for another person's session and leaves it signed in", async () => {
    const olivia = await t.signIn('olivia.owner@sunrise.example');
    const ben = await t.signIn('ben.owner@bluegum.example');
    const res = await olivia.delete(`/api/me/sessions/${await publicIdOf(ben)}`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Session not found');
    expect((await ben.get('/api/me')).status).toBe(200);
  });

  it('signs out the current session too when asked, clearing its cookies', async () => {
    const client = await t.signIn('lee.lead@sunrise.example');
    const res = await client.delete(`/api/me/sessions/${await publicIdOf(client)}`);
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toContain('wattle_session=;');
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('needs the CSRF token and a uuid', async () => {
    const client = await t.signIn('lee.lead@sunrise.example');
    const other = await t.signIn('lee.lead@sunrise.example');
    const forged = await client.delete(`/api/me/sessions/${await publicIdOf(other)}`, {
      'x-csrf-token': 'forged',
    });
    expect(forged.status).toBe(403);
    expect((await other.get('/api/me')).status).toBe(200);
    expect((await client.delete('/api/me/sessions/not-a-uuid')).status).toBe(400);
  });
});

describe('DELETE /api/me/sessions (all others)', () => {
  it('signs out every other session of the person at once and keeps this one', async () => {
    const email = 'sophie.support@sunrise.example';
    const keep = await t.signIn(email);
    const others = [await t.signIn(email), await t.signIn(email)];
    for (const other of others) expect((await other.get('/api/me')).status).toBe(200);
    const stranger = await t.signIn('adam.admin@sunrise.example');

    const res = await keep.delete('/api/me/sessions');
    expect(res.status).toBe(200);
    expect(res.body.data.signedOut).toBeGreaterThanOrEqual(2);
    for (const other of others) expect((await other.get('/api/me')).status).toBe(401);
    expect((await keep.get('/api/me')).status).toBe(200);
    expect((await stranger.get('/api/me')).status).toBe(200);
    const list = (await keep.get('/api/me/sessions')).body.data;
    expect(list).toHaveLength(1);
    expect(list[0].isCurrent).toBe(true);
    const audit = await accountAudit(email, 'sessions.signed-out-others');
    expect(audit.at(-1)!.metadata).toMatchObject({ count: res.body.data.signedOut });
  });
});

describe("the organisation's session idle time", () => {
  async function setIdleMinutes(tenantId: string, ownerEmail: string, minutes: number | null) {
    const owner = (await t.as(ownerEmail)).inTenant(tenantId);
    const { version } = (await owner.get('/api/tenants/current')).body.data;
    const res = await owner.patch('/api/tenants/current', {
      version,
      security: { sessionIdleMinutes: minutes },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.security.sessionIdleMinutes).toBe(minutes);
  }

  it('refuses and ends a session idle longer than the organisation allows, only in that organisation', async () => {
    await setIdleMinutes(sunrise, 'olivia.owner@sunrise.example', 15);
    try {
      const idle = await t.signIn('adam.admin@sunrise.example');
      await idleFor(idle, 16);
      const res = await idle.inTenant(sunrise).get('/api/teams');
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({
        code: 'UNAUTHENTICATED',
        message:
          'You were signed out after 15 minutes without activity, as this organisation requires. Please sign in again.',
        details: { reason: 'session-idle', minutes: 15 },
      });
      // Ended, not merely refused once: the refused request must not count as activity.
      expect((await idle.get('/api/me')).status).toBe(401);
      const [row] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sessionIdOf(idle)));
      expect(row).toBeUndefined();

      const recent = await t.signIn('adam.admin@sunrise.example');
      await idleFor(recent, 14);
      expect((await recent.inTenant(sunrise).get('/api/teams')).status).toBe(200);

      // Bluegum keeps the server's limit (8 hours): a session idle 16 minutes works there.
      const ben = await t.signIn('ben.owner@bluegum.example');
      await idleFor(ben, 16);
      expect((await ben.inTenant(bluegum).get('/api/teams')).status).toBe(200);
    } finally {
      await setIdleMinutes(sunrise, 'olivia.owner@sunrise.example', null);
    }
  });

  it('leaves API tokens alone: they have no idle time', async () => {
    await setIdleMinutes(sunrise, 'olivia.owner@sunrise.example', 5);
    try {
      const adam = await t.as('adam.admin@sunrise.example');
      const created = await adam.post('/api/me/tokens', { name: 'idle test' });
      const token = created.body.data.token as string;
      // Adam's own sessions sit idle an hour: the token is not one of them.
      await t.database.db
        .update(sessions)
        .set({ lastSeenAt: new Date(Date.now() - 60 * 60_000) })
        .where(sql`${sessions.userId} = (select id from users where email = 'adam.admin@sunrise.example')`);
      const res = await t.anonymous().get('/api/teams', {
        authorization: `Bearer ${token}`,
        'x-tenant-id': sunrise,
      });
      expect(res.status).toBe(200);
    } finally {
      await setIdleMinutes(sunrise, 'olivia.owner@sunrise.example', null);
    }
  });
});
