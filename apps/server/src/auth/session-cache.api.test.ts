import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { sha256 } from './secrets';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { SESSION_CACHE_SECONDS: '1' } });
});
afterAll(() => t.close());

describe('session cache (SESSION_CACHE_SECONDS)', () => {
  it('reuses a resolved session briefly, then sees a change made elsewhere', async () => {
    const client = await t.signIn('lee.lead@sunrise.example');
    expect((await client.get('/api/me')).status).toBe(200);
    // As if another instance signed this session out.
    await t.database.db.execute(
      sql`delete from sessions where id = ${sha256(client.cookies.wattle_session!)}`,
    );
    expect((await client.get('/api/me')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('forgets a session signed out on this instance at once', async () => {
    const client = await t.signIn('sophie.support@sunrise.example');
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('serves the changed account at once after verification on this instance', async () => {
    const nina = await t.signIn('nina.new@wattle.example');
    expect((await nina.get('/api/me')).body.data.isVerified).toBe(false);
    await nina.post('/api/me/verification', { acknowledgement: 'I understand' });
    expect((await nina.get('/api/me')).body.data.isVerified).toBe(true);
  });
});
