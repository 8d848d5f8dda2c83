import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { listTenants, setFeature } from '../../admin/admin-commands';
import { auditLog } from '../../db/schema/audit';
import { listenForChanges } from '../events/change-feed';

/**
 * Feature flags per organisation (issue 17 items 3 and 6): global admins list and change them,
 * audited; a route of a feature that is off answers 403 FEATURE_OFF naming the feature and how to
 * turn it on, to everyone in that organisation only; `npm run admin -- set-feature` does the same.
 */
let t: TestApp;
let sunrise: string;
let bluegum: string;
let sunriseSlug: string;

const ava = () => t.as('ava.global@wattle.example');
const olivia = async (): Promise<TestClient> =>
  (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);

async function flagsOf(tenantId: string) {
  const list = await (await ava()).get('/api/global/tenants');
  expect(list.status).toBe(200);
  return list.body.data.find((row: { id: string }) => row.id === tenantId);
}

async function setFlags(features: Record<string, boolean>, tenantId = sunrise) {
  const current = await flagsOf(tenantId);
  return (await ava()).patch(`/api/global/tenants/${tenantId}/features`, {
    version: current.version,
    features,
  });
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  sunriseSlug = (await flagsOf(sunrise)).slug;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/global/tenants', () => {
  it('lists every organisation with all six flags on to start with, for global admins', async () => {
    const row = await flagsOf(sunrise);
    expect(row.features).toEqual({
      invoiceProcessing: true,
      timesheetManagement: true,
      participantManagement: true,
      teamManagement: true,
      reporting: true,
      complianceTracking: true,
    });
    const list = await (await ava()).get('/api/global/tenants');
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['Sunrise Support Network', 'Bluegum Disability Services', 'Wattle Platform']),
    );
  });

  it('refuses system admins, owners and everyone else', async () => {
    for (const email of [
      'sam.system@wattle.example',
      'olivia.owner@sunrise.example',
      'sophie.support@sunrise.example',
    ]) {
      const response = await (await t.as(email)).get('/api/global/tenants');
      expect(response.status, email).toBe(403);
      expect(response.body.error.message).toBe('Only global admins can turn features on or off');
    }
    expect((await t.anonymous().get('/api/global/tenants')).status).toBe(401);
  });
});

describe('PATCH /api/global/tenants/:id/features', () => {
  it('turns a feature off, audited, and the organisation is refused its routes with the way back', async () => {
    expect((await (await olivia()).get('/api/invoices')).status).toBe(200);
    const before = await flagsOf(sunrise);
    const off = await setFlags({ invoiceProcessing: false });
    expect(off.status).toBe(200);
    expect(off.body.data.features.invoiceProcessing).toBe(false);
    expect(off.body.data.version).toBe(before.version + 1);

    const refused = await (await olivia()).get('/api/invoices');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FEATURE_OFF');
    expect(refused.body.error.message).toContain('Invoice processing is turned off for your organisation');
    expect(refused.body.error.message).toContain(
      `npm run admin -- set-feature ${sunriseSlug} invoiceProcessing on`,
    );
    expect(refused.body.error.details).toEqual({ feature: 'invoiceProcessing' });
    // Writes too (a valid body: the body is checked first), and the global admin inside as well.
    const create = await (await olivia()).post('/api/claims', {
      invoiceIds: ['00000000-0000-4000-8000-0000000000c1'],
    });
    expect(create.status).toBe(403);
    expect(create.body.error.code).toBe('FEATURE_OFF');
    expect((await (await ava()).inTenant(sunrise).get('/api/invoices')).status).toBe(403);
    // Other organisations keep theirs; the rest of the app stays open.
    expect(
      (await (await t.as('ben.owner@bluegum.example')).inTenant(bluegum).get('/api/invoices')).status,
    ).toBe(200);
    expect((await (await olivia()).get('/api/cards?limit=1')).status).toBe(200);

    const [entry] = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, sunrise), eq(auditLog.action, 'features-changed')))
        .orderBy(desc(auditLog.at))
        .limit(1),
    );
    expect(entry?.actorName).toBe('Ava Global');
    expect(entry?.changes).toEqual([
      { field: 'features.invoiceProcessing', oldValue: true, newValue: false },
    ]);

    expect((await setFlags({ invoiceProcessing: true })).status).toBe(200);
    expect((await (await olivia()).get('/api/invoices')).status).toBe(200);
  });

  it('answers a stranger to the organisation 404 while a feature is off, never the feature', async () => {
    expect((await setFlags({ reporting: false })).status).toBe(200);
    const ben = (await t.as('ben.owner@bluegum.example')).inTenant(sunrise);
    expect((await ben.get('/api/dashboard')).status).toBe(404);
    expect((await (await olivia()).get('/api/dashboard')).body.error.code).toBe('FEATURE_OFF');
    expect((await setFlags({ reporting: true })).status).toBe(200);
  });

  it('closes each feature’s area and nothing else', async () => {
    const lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
    const probes: [string, TestClient, string][] = [
      ['timesheetManagement', await olivia(), '/api/time-entries'],
      ['timesheetManagement', await olivia(), '/api/time-codes'],
      ['participantManagement', await olivia(), '/api/participants'],
      ['teamManagement', await olivia(), '/api/invitations'],
      ['reporting', await olivia(), '/api/behaviour-analytics?from=2026-01-01&to=2026-12-31'],
      ['complianceTracking', await olivia(), '/api/audit-packs'],
      ['complianceTracking', lee, '/api/deadlines'],
    ];
    for (const [feature, client, url] of probes) {
      const open = await client.get(url);
      expect(open.status, `${url} before`).not.toBe(403);
      expect((await setFlags({ [feature]: false })).status).toBe(200);
      const closed = await client.get(url);
      expect(closed.status, url).toBe(403);
      expect(closed.body.error.code, url).toBe('FEATURE_OFF');
      expect(closed.body.error.details.feature).toBe(feature);
      expect((await setFlags({ [feature]: true })).status).toBe(200);
      expect((await client.get(url)).status, `${url} after`).toBe(open.status);
    }
  });

  it('keeps reading teams open when team management is off, and refuses changing them', async () => {
    expect((await setFlags({ teamManagement: false })).status).toBe(200);
    const client = await olivia();
    expect((await client.get('/api/teams')).status).toBe(200);
    const created = await client.post('/api/teams', { name: 'Not now' });
    expect(created.status).toBe(403);
    expect(created.body.error.message).toContain('Team management is turned off');
    expect((await setFlags({ teamManagement: true })).status).toBe(200);
  });

  it('announces the change to everyone in the organisation, so their apps hide or show the area', async () => {
    const messages: { tenantId: string; userId: string | null; event: { entity: string; id: string } }[] = [];
    const stop = await listenForChanges(t.database, (p) => messages.push(JSON.parse(p ?? '{}')), {
      warn: () => undefined,
    } as never);
    try {
      expect((await setFlags({ complianceTracking: false })).status).toBe(200);
      const until = Date.now() + 5000;
      while (!messages.some((m) => m.event.entity === 'tenant-features') && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await stop();
      expect((await setFlags({ complianceTracking: true })).status).toBe(200);
    }
    expect(messages.find((m) => m.event.entity === 'tenant-features')).toMatchObject({
      tenantId: sunrise,
      userId: null,
      event: { type: 'updated', id: sunrise },
    });
  });

  it('refuses a stale version with 409 and the current flags', async () => {
    const current = await flagsOf(sunrise);
    const stale = await (await ava()).patch(`/api/global/tenants/${sunrise}/features`, {
      version: current.version - 1,
      features: { reporting: false },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.features.reporting).toBe(true);
  });

  it('refuses an empty change and an unknown feature', async () => {
    const current = await flagsOf(sunrise);
    const empty = await (await ava()).patch(`/api/global/tenants/${sunrise}/features`, {
      version: current.version,
      features: {},
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.error)).toContain('Name at least one feature');
    const unknown = await (await ava()).patch(`/api/global/tenants/${sunrise}/features`, {
      version: current.version,
      features: { teleportation: false },
    });
    expect(unknown.status).toBe(400);
  });

  it('refuses everyone but global admins, even the organisation’s owner', async () => {
    for (const email of ['olivia.owner@sunrise.example', 'sam.system@wattle.example']) {
      const response = await (await t.as(email)).patch(`/api/global/tenants/${sunrise}/features`, {
        version: 1,
        features: { reporting: false },
      });
      expect(response.status, email).toBe(403);
    }
    expect((await flagsOf(sunrise)).features.reporting).toBe(true);
  });

  it('answers 404 for an organisation that does not exist', async () => {
    const response = await (await ava()).patch(
      '/api/global/tenants/00000000-0000-7000-8000-000000000000/features',
      {
        version: 1,
        features: { reporting: false },
      },
    );
    expect(response.status).toBe(404);
  });

  it('carries the flags in the tenant switcher, for the web app to hide what is off', async () => {
    expect((await setFlags({ participantManagement: false })).status).toBe(200);
    const list = await (await olivia()).get('/api/tenants');
    const mine = list.body.data.find((row: { id: string }) => row.id === sunrise);
    expect(mine.features.participantManagement).toBe(false);
    expect(mine.features.invoiceProcessing).toBe(true);
    expect((await setFlags({ participantManagement: true })).status).toBe(200);
  });
});

describe('npm run admin -- set-feature', () => {
  it('turns a feature off and on by slug, audited as the admin command', async () => {
    const off = await setFeature(t.database.db, { tenant: sunriseSlug, feature: 'reporting', isOn: false });
    expect(off).toMatchObject({ tenantId: sunrise, feature: 'reporting', isOn: false });
    const listed = (await listTenants(t.database.db)).find((row) => row.id === sunrise);
    expect(listed?.featuresOff).toEqual(['reporting']);
    expect((await (await olivia()).get('/api/dashboard')).status).toBe(403);
    const [entry] = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, sunrise), eq(auditLog.action, 'features-changed')))
        .orderBy(desc(auditLog.at))
        .limit(1),
    );
    expect(entry?.actorId).toBeNull();
    expect(entry?.metadata).toEqual({ by: 'admin-command' });
    await setFeature(t.database.db, { tenant: sunrise, feature: 'reporting', isOn: true });
    expect((await (await olivia()).get('/api/dashboard')).status).toBe(200);
  });

  it('names an organisation that does not exist', async () => {
    await expect(
      setFeature(t.database.db, { tenant: 'no-such-org', feature: 'reporting', isOn: false }),
    ).rejects.toThrow('No organisation has the id or slug "no-such-org"');
  });
});

describe('OpenAPI', () => {
  it('documents the system, global and integrations settings routes with their schemas', async () => {
    const doc = (await t.anonymous().get('/api/openapi.json')).body;
    for (const [route, method] of [
      ['/api/system/tenants', 'get'],
      ['/api/system/health', 'get'],
      ['/api/global/tenants', 'get'],
      ['/api/global/tenants/{id}/features', 'patch'],
      ['/api/settings/integrations', 'get'],
      ['/api/settings/integrations/{kind}/test', 'post'],
    ] as const) {
      const operation = doc.paths[route]?.[method];
      expect(operation, `${method} ${route}`).toBeDefined();
      expect(operation.tags).toEqual(['settings']);
      expect(operation.description.length).toBeGreaterThan(40);
      expect(operation.responses['200'], `${method} ${route}`).toBeDefined();
    }
    const patch = doc.paths['/api/global/tenants/{id}/features'].patch;
    expect(JSON.stringify(patch.requestBody)).toContain('invoiceProcessing');
    expect(doc.paths['/api/global/tenants/{id}/features'].patch.description).toContain('FEATURE_OFF');
  });
});
