import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { accountAuditLog, users } from '../db/schema/users';
import { AdminCommandError, createTenant, listTenants, setPlan, setPlatformRole } from './admin-commands';

/** Issue 17 item 6: `npm run admin -- …` makes platform admins and organisations outside demo mode. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('npm run admin', () => {
  it('gives and takes away a platform role, audited on the account', async () => {
    const db = t.database.db;
    const made = await setPlatformRole(db, {
      email: ' Sophie.Support@sunrise.example ',
      role: 'system-admin',
    });
    expect(made).toMatchObject({
      email: 'sophie.support@sunrise.example',
      before: null,
      role: 'system-admin',
    });
    const me = await t.as('sophie.support@sunrise.example');
    expect((await me.get('/api/me')).body.data.platformRole).toBe('system-admin');

    await setPlatformRole(db, { email: 'sophie.support@sunrise.example', role: null });
    const [sophie] = await db.select().from(users).where(eq(users.email, 'sophie.support@sunrise.example'));
    expect(sophie!.platformRole).toBeNull();
    const audit = await db
      .select()
      .from(accountAuditLog)
      .where(
        and(eq(accountAuditLog.userId, sophie!.id), eq(accountAuditLog.action, 'platform-role-changed')),
      );
    expect(audit.map((a) => a.changes)).toEqual([
      [{ field: 'platformRole', oldValue: null, newValue: 'system-admin' }],
      [{ field: 'platformRole', oldValue: 'system-admin', newValue: null }],
    ]);
  });

  it('makes someone who has not signed in yet only with their name, and refuses what is not an e-mail', async () => {
    const db = t.database.db;
    await expect(
      setPlatformRole(db, { email: 'sam.new@wattle.example', role: 'global-admin' }),
    ).rejects.toThrow(
      'Nobody has signed in as sam.new@wattle.example yet: give their name with --name to create them',
    );
    const made = await setPlatformRole(db, {
      email: 'sam.new@wattle.example',
      role: 'global-admin',
      name: 'Sam New',
    });
    expect(made).toMatchObject({ created: true, name: 'Sam New', role: 'global-admin' });
    await expect(setPlatformRole(db, { email: 'not an email', role: null })).rejects.toBeInstanceOf(
      AdminCommandError,
    );
  });

  it('creates an organisation with its first owner, who signs in to it; a plan raises its limits', async () => {
    const db = t.database.db;
    const made = await createTenant(db, {
      name: 'Wattle Valley Supports',
      ownerEmail: 'wendy.owner@valley.example',
      ownerName: 'Wendy Owner',
    });
    expect(made).toMatchObject({ ownerEmail: 'wendy.owner@valley.example', plan: 'trial' });
    const wendy = (await t.as('wendy.owner@valley.example')).inTenant(made.tenantId);
    const tenant = (await wendy.get('/api/tenants/current')).body.data;
    expect(tenant).toMatchObject({ name: 'Wattle Valley Supports', slug: made.slug });
    expect(tenant.subscription).toMatchObject({ plan: 'trial', status: 'trialing', limits: { maxTeams: 5 } });

    // The trial's five teams, then a refusal that says how to raise the limit.
    for (const n of [1, 2, 3, 4, 5]) {
      expect((await wendy.post('/api/teams', { name: `Team ${n}` })).status).toBe(201);
    }
    const refused = await wendy.post('/api/teams', { name: 'Team 6' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('LIMIT_REACHED');

    const raised = await setPlan(db, { tenant: made.slug, plan: 'starter' });
    expect(raised).toMatchObject({
      plan: 'starter',
      status: 'active',
      limits: { maxTeams: 10, maxUsers: 50 },
    });
    expect((await wendy.post('/api/teams', { name: 'Team 6' })).status).toBe(201);
    const audit = (await wendy.get(`/api/tenants/current`)).body.data.subscription;
    expect(audit).toMatchObject({ plan: 'starter', status: 'active' });

    const listed = (await listTenants(db)).find((row) => row.id === made.tenantId);
    expect(listed).toMatchObject({ name: 'Wattle Valley Supports', plan: 'starter', people: 1, teams: 6 });
  });

  it('refuses an organisation it cannot find, and a name too short', async () => {
    const db = t.database.db;
    await expect(setPlan(db, { tenant: 'no-such-organisation', plan: 'starter' })).rejects.toThrow(
      'No organisation has the id or slug "no-such-organisation"',
    );
    await expect(createTenant(db, { name: 'X', ownerEmail: 'olivia.owner@sunrise.example' })).rejects.toThrow(
      'The organisation name must be 2 to 100 characters',
    );
  });
});
