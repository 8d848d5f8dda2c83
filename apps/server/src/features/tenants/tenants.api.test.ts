import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { cards } from '../../db/schema/cards';

let t: TestApp;
let sunrise: string;
let bluegum: string;
let internal: string;

/** The tenant's audit entries for one entity, oldest first (audit_log has forced RLS: read it in the tenant). */
function tenantAudit(tenantId: string) {
  return t.readInTenant(tenantId, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'tenant'), eq(auditLog.entityId, tenantId)))
      .orderBy(asc(auditLog.at)),
  );
}

async function current(client: TestClient) {
  const res = await client.get('/api/tenants/current');
  expect(res.status).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  internal = await t.tenantId('Wattle Platform');
});
afterAll(() => t.close());

async function tenantsOf(email: string) {
  const res = await (await t.as(email)).get('/api/tenants');
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  expect(res.body.meta).toEqual({ total: res.body.data.length, limit: res.body.data.length, offset: 0 });
  return res.body.data as any[];
}

describe('GET /api/tenants', () => {
  it("lists the owner's tenant with role, team count and Sunrise's white-label settings", async () => {
    const list = await tenantsOf('olivia.owner@sunrise.example');
    expect(list).toHaveLength(1);
    const [tenant] = list;
    expect(tenant).toMatchObject({
      id: sunrise,
      name: 'Sunrise Support Network',
      role: 'owner',
      teamCount: 3,
      isInternal: false,
      prefix: 'SUN',
      accessExpiresAt: null,
      settings: {
        whiteLabel: true,
        customDomain: 'care.sunrise-support.example',
        primaryColor: '#ea580c',
      },
    });
    expect(tenant.slug).toMatch(/^sunrise-support-network-[a-z0-9]{6}$/);
    expect(Date.parse(tenant.joinedAt)).not.toBeNaN();
  });

  it('counts all teams for owners and admins, shared teams for guests, and own teams for members', async () => {
    const countFor = async (email: string) => {
      const list = await tenantsOf(email);
      const row = list.find((x) => x.id === sunrise);
      return { role: row.role, teamCount: row.teamCount };
    };
    expect(await countFor('adam.admin@sunrise.example')).toEqual({ role: 'admin', teamCount: 3 });
    expect(await countFor('lee.lead@sunrise.example')).toEqual({ role: 'member', teamCount: 2 });
    expect(await countFor('fiona.family@sunrise.example')).toEqual({ role: 'member', teamCount: 1 });
    expect(await countFor('sophie.support@sunrise.example')).toEqual({ role: 'member', teamCount: 1 });
    expect(await countFor('gus.guest@sunrise.example')).toEqual({ role: 'guest', teamCount: 1 });
    // An auditor reads every team of the tenant, so the switcher counts them all.
    expect(await countFor('aria.auditor@sunrise.example')).toEqual({ role: 'auditor', teamCount: 3 });
  });

  it('shows someone who belongs to two tenants both, each with its own role and count, by name', async () => {
    const list = await tenantsOf('priya.practitioner@sunrise.example');
    expect(list.map((x) => [x.name, x.role, x.teamCount])).toEqual([
      ['Bluegum Disability Services', 'member', 1],
      ['Sunrise Support Network', 'member', 2],
    ]);
    const blue = list[0];
    expect(blue.id).toBe(bluegum);
    expect(blue.settings).toMatchObject({ whiteLabel: false, customDomain: null, primaryColor: '#3b82f6' });
  });

  it('gives someone with no organisation an empty list', async () => {
    const res = await (await t.as('nina.new@wattle.example')).get('/api/tenants');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [], meta: { total: 0, limit: 0, offset: 0 } });
  });

  it('shows a global admin every tenant, with no membership role', async () => {
    const list = await tenantsOf('ava.global@wattle.example');
    expect(list.map((x) => [x.name, x.role, x.teamCount])).toEqual([
      ['Bluegum Disability Services', null, 2],
      ['Sunrise Support Network', null, 3],
      ['Wattle Platform', null, 1],
    ]);
  });

  it('shows a system admin the internal tenant as owner, and no provider tenant without an approved request', async () => {
    const list = await tenantsOf('sam.system@wattle.example');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: internal,
      name: 'Wattle Platform',
      role: 'owner',
      isInternal: true,
      teamCount: 1,
      accessExpiresAt: null,
    });
    expect(list[0].subscription).toMatchObject({ plan: 'enterprise', status: 'active', trialEndsAt: null });
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await t.anonymous().get('/api/tenants');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /api/tenants/current', () => {
  it("gives the internal tenant the spec's billing constants and seven years (2557 days) of audit", async () => {
    const sam = (await t.as('sam.system@wattle.example')).inTenant(internal);
    const tenant = await current(sam);
    expect(tenant.id).toBe(internal);
    expect(tenant.isInternal).toBe(true);
    expect(tenant.billingConfig).toMatchObject({ currency: 'AUD', taxRate: 0.1, paymentTerms: 30 });
    expect(tenant.auditConfig.retentionDays).toBe(2557);
    expect(tenant.profile.serviceTypes).toEqual(['Core Supports', 'Capacity Building', 'Capital Supports']);
  });

  it('puts a demo provider on a GST-free 14-day (336-hour) trial of the Professional plan in Australia/Sydney time', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const tenant = await current(olivia);
    expect(tenant.billingConfig).toMatchObject({ currency: 'AUD', taxRate: 0, paymentTerms: 30 });
    expect(tenant.auditConfig.retentionDays).toBe(2557);
    expect(tenant.timeZone).toBe('Australia/Sydney');
    // The demo seed tries the Professional plan (room for the teams and people tests add); a tenant
    // made at onboarding is on the plain trial (onboarding tests).
    expect(tenant.subscription).toMatchObject({ plan: 'professional', status: 'trialing' });
    const hours = (Date.parse(tenant.subscription.trialEndsAt) - Date.parse(tenant.createdAt)) / 3_600_000;
    expect(hours).toBe(336);
    expect(tenant.subscription.startDate).toBe(tenant.createdAt.slice(0, 10));
    expect(tenant.subscription.endDate).toBe(tenant.subscription.trialEndsAt.slice(0, 10));
    expect(tenant.version).toBeGreaterThanOrEqual(1);
  });

  it('is readable by any member, and answers 404 for a tenant the caller does not belong to', async () => {
    const lee = await t.as('lee.lead@sunrise.example');
    expect((await lee.inTenant(sunrise).get('/api/tenants/current')).status).toBe(200);
    const other = await lee.inTenant(bluegum).get('/api/tenants/current');
    expect(other.status).toBe(404);
    expect(other.body).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'Organisation not found' },
    });
  });
});

describe('PATCH /api/tenants/current', () => {
  it('lets an admin change the name and settings, merging settings and bumping the version', async () => {
    const adam = (await t.as('adam.admin@sunrise.example')).inTenant(sunrise);
    const adamId = (await adam.get('/api/me')).body.data.id;
    const before = await current(adam);
    const auditBefore = await tenantAudit(sunrise);

    const res = await adam.patch(
      '/api/tenants/current',
      { version: before.version, name: 'Sunrise Support Network Ltd', settings: { primaryColor: '#0f766e' } },
      { 'user-agent': 'tenants-test/1.0' },
    );
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      id: sunrise,
      name: 'Sunrise Support Network Ltd',
      version: before.version + 1,
      settings: {
        ...before.settings,
        primaryColor: '#0f766e',
      },
    });
    expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));

    // Everyone reading the tenant sees the change.
    const list = await tenantsOf('olivia.owner@sunrise.example');
    expect(list[0]).toMatchObject({
      name: 'Sunrise Support Network Ltd',
      settings: { primaryColor: '#0f766e' },
    });

    const auditAfter = await tenantAudit(sunrise);
    expect(auditAfter).toHaveLength(auditBefore.length + 1);
    const entry = auditAfter.at(-1)!;
    expect(entry).toMatchObject({
      action: 'updated',
      actorId: adamId,
      actorName: 'Adam Admin',
      ip: '127.0.0.1',
      userAgent: 'tenants-test/1.0',
    });
    expect(entry.changes).toContainEqual({
      field: 'name',
      oldValue: 'Sunrise Support Network',
      newValue: 'Sunrise Support Network Ltd',
    });
    const settingsChange = entry.changes.find((c) => c.field === 'settings')!;
    expect(settingsChange.oldValue).toMatchObject({ primaryColor: '#ea580c' });
    expect(settingsChange.newValue).toMatchObject({ primaryColor: '#0f766e' });
  });

  it('lets the owner change billing and audit settings within their limits', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const before = await current(olivia);
    const res = await olivia.patch('/api/tenants/current', {
      version: before.version,
      billingConfig: { paymentTerms: 14 },
      auditConfig: { retentionDays: 3650 },
      timeZone: 'Australia/Perth',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.billingConfig).toEqual({ ...before.billingConfig, paymentTerms: 14 });
    expect(res.body.data.auditConfig).toEqual({ ...before.auditConfig, retentionDays: 3650 });
    expect(res.body.data.timeZone).toBe('Australia/Perth');
  });

  it('answers a stale version with 409 and the current record, and changes nothing', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const before = await current(olivia);
    const auditBefore = await tenantAudit(sunrise);
    const res = await olivia.patch('/api/tenants/current', {
      version: before.version - 1,
      name: 'Lost update',
    });
    expect(res.status).toBe(409);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(res.body.error.message).toBe('Someone else changed these settings first');
    expect(res.body.error.details).toEqual(before);
    expect(await current(olivia)).toEqual(before);
    expect(await tenantAudit(sunrise)).toHaveLength(auditBefore.length);
  });

  it('refuses members, guests and auditors with 403 and changes nothing', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const before = await current(olivia);
    for (const email of [
      'lee.lead@sunrise.example',
      'priya.practitioner@sunrise.example',
      'fiona.family@sunrise.example',
      'gus.guest@sunrise.example',
      'aria.auditor@sunrise.example',
    ]) {
      const client = (await t.as(email)).inTenant(sunrise);
      const res = await client.patch('/api/tenants/current', { version: before.version, name: 'Hijacked' });
      expect(res.status, email).toBe(403);
      expect(res.body.error.code, email).toBe('FORBIDDEN');
    }
    expect(await current(olivia)).toEqual(before);
  });

  it("answers 404 to an admin patching a tenant they don't belong to", async () => {
    const adam = (await t.as('adam.admin@sunrise.example')).inTenant(bluegum);
    const res = await adam.patch('/api/tenants/current', { version: 1, name: 'Taken over' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Organisation not found');
    const ben = (await t.as('ben.owner@bluegum.example')).inTenant(bluegum);
    expect((await current(ben)).name).toBe('Bluegum Disability Services');
  });

  it('refuses invalid settings with 400 and the field path', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const before = await current(olivia);
    const cases: [unknown, (string | number)[], string?][] = [
      [{ settings: { primaryColor: 'orange' } }, ['settings', 'primaryColor'], 'Use a colour like #3b82f6'],
      [{ settings: { primaryColor: '#ea58' } }, ['settings', 'primaryColor'], 'Use a colour like #3b82f6'],
      [
        { settings: { customDomain: 'not a domain' } },
        ['settings', 'customDomain'],
        'Use a domain like care.example.org',
      ],
      [{ auditConfig: { retentionDays: 365 } }, ['auditConfig', 'retentionDays']],
      [{ billingConfig: { currency: 'USD' } }, ['billingConfig', 'currency']],
      [{ billingConfig: { taxRate: 1.5 } }, ['billingConfig', 'taxRate']],
      [{ name: '   ' }, ['name']],
      [{ name: 'x'.repeat(121) }, ['name']],
    ];
    for (const [patch, path, message] of cases) {
      const res = await olivia.patch('/api/tenants/current', {
        version: before.version,
        ...(patch as object),
      });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details[0].path, JSON.stringify(patch)).toEqual(path);
      if (message) expect(res.body.error.details[0].message).toBe(message);
    }
    const missingVersion = await olivia.patch('/api/tenants/current', { name: 'No version' });
    expect(missingVersion.status).toBe(400);
    expect(missingVersion.body.error.details[0].path).toEqual(['version']);

    const zone = await olivia.patch('/api/tenants/current', {
      version: before.version,
      timeZone: 'Mars/Olympus',
    });
    expect(zone.status).toBe(400);
    expect(zone.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Unknown time zone: Mars/Olympus',
    });

    expect(await current(olivia)).toEqual(before);
  });

  it('makes no new version and no audit entry when nothing changes', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const before = await current(olivia);
    const auditBefore = await tenantAudit(sunrise);
    const res = await olivia.patch('/api/tenants/current', {
      version: before.version,
      name: before.name,
      settings: { primaryColor: before.settings.primaryColor },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(before);
    expect(await tenantAudit(sunrise)).toHaveLength(auditBefore.length);
  });

  it('answers 409, not 500, for a custom domain another tenant already uses', async () => {
    const ben = (await t.as('ben.owner@bluegum.example')).inTenant(bluegum);
    const before = await current(ben);
    const res = await ben.patch('/api/tenants/current', {
      version: before.version,
      settings: { whiteLabel: true, customDomain: 'care.sunrise-support.example' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(await current(ben)).toEqual(before);
  });
});

describe('a change of time zone and the search', () => {
  it('rebuilds the search text of the cards whose created day moved, in the same change', async () => {
    const ben = (await t.as('ben.owner@bluegum.example')).inTenant(bluegum);
    const teamId = (await ben.get('/api/teams')).body.data[0].id as string;
    const late = (await ben.post('/api/cards', { teamId, title: 'Pademelon night shift' })).body.data;
    const early = (await ben.post('/api/cards', { teamId, title: 'Pademelon day shift' })).body.data;
    // 14:00 UTC on 4 March 2031 is 5 March in Sydney and 4 March in Perth; 02:00 UTC is 4 March in
    // both. The early card's text is marked, to show it is neither read nor written again.
    await t.readInTenant(bluegum, async (tx) => {
      await tx
        .update(cards)
        .set({ createdAt: new Date('2031-03-04T14:00:00Z') })
        .where(eq(cards.id, late.id));
      await tx
        .update(cards)
        .set({ createdAt: new Date('2031-03-04T02:00:00Z'), searchText: 'pademelon unchanged' })
        .where(eq(cards.id, early.id));
    });
    const search = async (q: string) =>
      (await ben.get(`/api/search?q=${encodeURIComponent(q)}`)).body.data as {
        id: string;
        createdDate: string;
      }[];

    const before = await current(ben);
    expect(before.timeZone).toBe('Australia/Sydney');
    const res = await ben.patch('/api/tenants/current', {
      version: before.version,
      timeZone: 'Australia/Perth',
    });
    expect(res.status).toBe(200);
    const found = await search('pademelon 4/3/2031 march');
    expect(found.map((x) => x.id)).toEqual([late.id]);
    expect(found[0]!.createdDate).toBe('2031-03-04');
    expect(await search('pademelon night 5/3/2031')).toEqual([]);
    const [earlyText] = await t.readInTenant(bluegum, (tx) =>
      tx.select({ text: cards.searchText }).from(cards).where(eq(cards.id, early.id)),
    );
    expect(earlyText!.text).toBe('pademelon unchanged');

    // And back: the day moves back with it.
    await ben.patch('/api/tenants/current', { version: before.version + 1, timeZone: 'Australia/Sydney' });
    expect((await search('pademelon 5 mar 2031')).map((x) => x.id)).toEqual([late.id]);
  });
});
