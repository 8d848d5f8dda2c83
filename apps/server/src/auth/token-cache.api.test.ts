import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';

// Verified personal API tokens are cached for SESSION_CACHE_SECONDS, like sessions; here 1 s.
const cacheMs = 1000;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { SESSION_CACHE_SECONDS: String(cacheMs / 1000) } });
});
afterAll(() => t.close());

async function newToken(email: string, name: string) {
  const client = await t.signIn(email);
  const created = await client.post('/api/me/tokens', { name });
  expect(created.status).toBe(201);
  return { client, token: created.body.data.token as string, id: created.body.data.id as string };
}

const meWith = (token: string) => t.anonymous().get('/api/me', { authorization: `Bearer ${token}` });

describe('API token cache (SESSION_CACHE_SECONDS)', () => {
  it('serves a token revoked elsewhere for at most the cache seconds, then refuses it', async () => {
    const { token, id } = await newToken('lee.lead@sunrise.example', 'cache: revoked elsewhere');
    expect((await meWith(token)).status).toBe(200);
    // As if another instance revoked it: this instance has not heard.
    await t.database.db.execute(sql`update api_tokens set revoked_at = now() where id = ${id}`);
    const revokedAt = Date.now();
    // Still cached: proof that a Bearer request within the seconds makes no lookup.
    expect((await meWith(token)).status).toBe(200);

    // Polled until refused; it must be refused no later than the cache's seconds (plus the
    // request's own time).
    let refusedAfterMs = -1;
    while (Date.now() - revokedAt < cacheMs * 3) {
      const res = await meWith(token);
      if (res.status === 401) {
        refusedAfterMs = Date.now() - revokedAt;
        break;
      }
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(refusedAfterMs).toBeGreaterThan(0);
    expect(refusedAfterMs).toBeLessThan(cacheMs + 250);
  });

  it('refuses a token revoked on this instance at once, however recently it was used', async () => {
    const { client, token, id } = await newToken('sophie.support@sunrise.example', 'cache: revoked here');
    expect((await meWith(token)).status).toBe(200);
    expect((await client.delete(`/api/me/tokens/${id}`)).status).toBe(200);
    expect((await meWith(token)).status).toBe(401);
  });

  it('refuses a cached token the moment it expires', async () => {
    const { token, id } = await newToken('priya.practitioner@sunrise.example', 'cache: expiring');
    await t.database.db.execute(
      sql`update api_tokens set expires_at = now() + interval '300 milliseconds' where id = ${id}`,
    );
    expect((await meWith(token)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Within the cache's second, but past the token's own expiry.
    expect((await meWith(token)).status).toBe(401);
  });

  it("serves the user's changed record at once after a change on this instance", async () => {
    const { token } = await newToken('nina.new@wattle.example', 'cache: verification');
    expect((await meWith(token)).body.data.isVerified).toBe(false);
    const res = await t
      .anonymous()
      .post(
        '/api/me/verification',
        { acknowledgement: 'I understand' },
        { authorization: `Bearer ${token}` },
      );
    expect(res.status).toBe(200);
    expect((await meWith(token)).body.data.isVerified).toBe(true);
  });
});
