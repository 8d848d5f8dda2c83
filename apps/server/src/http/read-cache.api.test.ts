import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { publishChange } from '../features/events/change-feed';

// The read cache (http/read-cache.ts, decision 0035) keeps hot reads for SESSION_CACHE_SECONDS;
// here 1 s (the harness turns it off for every other test).
const cacheMs = 1000;
let t: TestApp;
let sunrise: string;
let bluegum: string;
beforeAll(async () => {
  t = await startTestApp({ env: { SESSION_CACHE_SECONDS: String(cacheMs / 1000) } });
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
});
afterAll(() => t.close());

const namesOf = (res: { body: { data: { name: string }[] } }) => res.body.data.map((x) => x.name);
const teamIdOf = async (name: string) => {
  const list = await (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise).get('/api/teams');
  return list.body.data.find((x: { name: string }) => x.name === name).id as string;
};
/** Renames a team straight in the database, as another instance would, without telling this one. */
const renameBehindTheAppsBack = (id: string, name: string) =>
  t.database.db.execute(sql`update teams set name = ${name} where id = ${id}`);

describe('read cache', () => {
  it('keeps an answer for at most the cache seconds when nothing tells it of a change', async () => {
    const id = await teamIdOf('Community Access Team');
    const lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
    expect(namesOf(await lee.get('/api/teams'))).toContain('Community Access Team');
    await renameBehindTheAppsBack(id, 'Community Access (renamed elsewhere)');
    const renamedAt = Date.now();
    // Still the kept answer: proof that the read is cached at all.
    expect(namesOf(await lee.get('/api/teams'))).toContain('Community Access Team');
    let seenAfterMs = -1;
    while (Date.now() - renamedAt < cacheMs * 3) {
      if (namesOf(await lee.get('/api/teams')).includes('Community Access (renamed elsewhere)')) {
        seenAfterMs = Date.now() - renamedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seenAfterMs).toBeGreaterThan(0);
    expect(seenAfterMs).toBeLessThan(cacheMs + 250);
    await renameBehindTheAppsBack(id, 'Community Access Team');
  });

  it("forgets an organisation's answers when the change feed announces a change in it", async () => {
    const id = await teamIdOf('Community Access Team');
    const lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
    // Kept now (whatever name it shows: the last test renamed the team back behind the app's back).
    expect((await lee.get('/api/teams')).status).toBe(200);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`update teams set name = 'Community Access (announced)' where id = ${id}`);
      await publishChange(tx, {
        tenantId: sunrise,
        userId: null,
        event: { type: 'updated', entity: 'team', id, version: null },
      });
    });
    // The notification is delivered to this instance's listener asynchronously.
    await expect
      .poll(async () => namesOf(await lee.get('/api/teams')), { timeout: cacheMs / 2, interval: 20 })
      .toContain('Community Access (announced)');
    await renameBehindTheAppsBack(id, 'Community Access Team');
  });

  it('takes a removal from a team into account at once', async () => {
    const mias = await teamIdOf("Mia's Care Team");
    const theo = (await t.as('theo.therapist@sunrise.example')).inTenant(sunrise);
    expect(namesOf(await theo.get('/api/teams'))).toEqual(["Mia's Care Team"]);
    expect(namesOf(await theo.get('/api/teams'))).toEqual(["Mia's Care Team"]);
    const theoId = (await theo.get('/api/me')).body.data.id;
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    expect((await olivia.delete(`/api/teams/${mias}/members/${theoId}`)).status).toBe(200);
    expect(namesOf(await theo.get('/api/teams'))).toEqual([]);
  });

  it('forgets every answer when this instance serves a write, even one about something else', async () => {
    const sophie = (await t.as('sophie.support@sunrise.example')).inTenant(sunrise);
    const sophieId = (await sophie.get('/api/me')).body.data.id as string;
    const before = (await sophie.get('/api/notifications/unread-count')).body.data.unread as number;
    await t.database.db.execute(sql`insert into notifications (id, tenant_id, user_id, type, message)
      values (gen_random_uuid(), ${sunrise}, ${sophieId}, 'sent', 'Read cache test')`);
    // Written behind the app's back, with no change announced: the kept count stands.
    expect((await sophie.get('/api/notifications/unread-count')).body.data.unread).toBe(before);
    // Someone else's unrelated write on this instance (Olivia signs a session out).
    const olivia = await t.signIn('olivia.owner@sunrise.example');
    expect((await olivia.post('/api/auth/logout', {})).status).toBeLessThan(300);
    expect((await sophie.get('/api/notifications/unread-count')).body.data.unread).toBe(before + 1);
  });

  it("never answers one organisation's request from another's or another session's answer", async () => {
    const lee = await t.as('lee.lead@sunrise.example');
    expect((await lee.inTenant(sunrise).get('/api/teams')).status).toBe(200);
    expect((await lee.inTenant(bluegum).get('/api/teams')).status).toBe(404);
    const priya = await t.as('priya.practitioner@sunrise.example');
    expect(namesOf(await priya.inTenant(sunrise).get('/api/teams'))).not.toContain('Community Access Team');
    expect(namesOf(await priya.inTenant(bluegum).get('/api/teams'))).toEqual(["Harper's Care Team"]);
  });

  it('refuses a signed-out session however recently its answer was kept', async () => {
    const lee = (await t.signIn('lee.lead@sunrise.example')).inTenant(sunrise);
    expect((await lee.get('/api/teams')).status).toBe(200);
    expect((await lee.post('/api/auth/logout', {})).status).toBeLessThan(300);
    expect((await lee.get('/api/teams')).status).toBe(401);
  });
});
