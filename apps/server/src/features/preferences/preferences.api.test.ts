import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { accountAuditLog, users } from '../../db/schema/users';

let t: TestApp;
let priyaId: string;
const priya = () => t.as('priya.practitioner@sunrise.example');
const defaults = { highContrastMode: false, reducedMotion: false, fontSize: 'normal' };

beforeAll(async () => {
  t = await startTestApp();
  priyaId = (await (await priya()).get('/api/me')).body.data.id;
});
afterAll(() => t.close());

describe('accessibility preferences', () => {
  it('answers the defaults for someone who never set any, with no tenant needed', async () => {
    const res = await (await priya()).get('/api/me/preferences');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: defaults });
    // Nina has no tenant at all, and keeps preferences too.
    const nina = await (await t.as('nina.new@wattle.example')).get('/api/me/preferences');
    expect(nina.body.data).toEqual(defaults);
  });

  it('changes only what is sent, answers all of them, and keeps them for the next read', async () => {
    const p = await priya();
    const res = await p.patch('/api/me/preferences', { fontSize: 'extra-large' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...defaults, fontSize: 'extra-large' });
    const more = await p.patch('/api/me/preferences', { highContrastMode: true, reducedMotion: true });
    expect(more.body.data).toEqual({ highContrastMode: true, reducedMotion: true, fontSize: 'extra-large' });
    expect((await p.get('/api/me/preferences')).body.data).toEqual(more.body.data);
    // A new session (a reload on another device) reads the same.
    const again = await t.signIn('priya.practitioner@sunrise.example');
    expect((await again.get('/api/me/preferences')).body.data).toEqual(more.body.data);
    // Someone else's are their own.
    expect((await (await t.as('lee.lead@sunrise.example')).get('/api/me/preferences')).body.data).toEqual(
      defaults,
    );
  });

  it('refuses bad values and an empty change with 400, changing nothing', async () => {
    const p = await priya();
    const cases: [unknown, string[]][] = [
      [{ fontSize: 'huge' }, ['fontSize']],
      [{ fontSize: 16 }, ['fontSize']],
      [{ highContrastMode: 'yes' }, ['highContrastMode']],
      [{ reducedMotion: null }, ['reducedMotion']],
      [{}, []],
      [{ colour: 'pink' }, []],
    ];
    for (const [payload, path] of cases) {
      const res = await p.patch('/api/me/preferences', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details[0].path, JSON.stringify(payload)).toEqual(path);
    }
    expect((await p.get('/api/me/preferences')).body.data).toEqual({
      highContrastMode: true,
      reducedMotion: true,
      fontSize: 'extra-large',
    });
    expect((await t.anonymous().get('/api/me/preferences')).status).toBe(401);
  });

  it('keeps other preferences stored beside them, and falls back to a default for a stale value', async () => {
    await t.database.db
      .update(users)
      .set({
        preferences: sql`${users.preferences} || '{"theme":"dark"}'::jsonb
          || jsonb_build_object('accessibility', (${users.preferences}->'accessibility') || '{"fontSize":"gigantic"}')`,
      })
      .where(eq(users.id, priyaId));
    const p = await priya();
    expect((await p.get('/api/me/preferences')).body.data).toEqual({
      highContrastMode: true,
      reducedMotion: true,
      fontSize: 'normal',
    });
    await p.patch('/api/me/preferences', { fontSize: 'small' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, priyaId));
    expect(row!.preferences).toEqual({
      theme: 'dark',
      accessibility: { highContrastMode: true, reducedMotion: true, fontSize: 'small' },
    });
  });

  it('writes each change to the account audit log, and nothing for a change to the same values', async () => {
    const p = await priya();
    await p.patch('/api/me/preferences', { fontSize: 'small' });
    const entries = await t.database.db
      .select()
      .from(accountAuditLog)
      .where(and(eq(accountAuditLog.userId, priyaId), eq(accountAuditLog.action, 'preferences.updated')))
      .orderBy(asc(accountAuditLog.at));
    expect(entries.map((e) => e.changes)).toEqual([
      [{ field: 'fontSize', oldValue: 'normal', newValue: 'extra-large' }],
      [
        { field: 'highContrastMode', oldValue: false, newValue: true },
        { field: 'reducedMotion', oldValue: false, newValue: true },
      ],
      [{ field: 'fontSize', oldValue: 'normal', newValue: 'small' }],
    ]);
  });
});
