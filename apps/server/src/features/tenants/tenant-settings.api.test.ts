import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { users } from '../../db/schema/users';

/**
 * The Tenant and Security settings of an organisation through GET/PATCH /api/tenants/current: logo,
 * custom domain, data residency, audit retention, session idle time and allowed e-mail domains, who
 * may change them, and what the allowed domains refuse (docs/decisions/0030).
 */
let t: TestApp;
let sunrise: string;
let bluegum: string;
let olivia: TestClient;
let jordanTeam: string;

// A 1×1 transparent PNG.
const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
  const teams = (await olivia.get('/api/teams')).body.data as { id: string; name: string }[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team")!.id;
});
afterAll(() => t.close());

async function patch(client: TestClient, body: Record<string, unknown>) {
  const { version } = (await client.get('/api/tenants/current')).body.data;
  return client.patch('/api/tenants/current', { version, ...body });
}

function lastTenantAudit(tenantId: string) {
  return t
    .readInTenant(tenantId, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'tenant'), eq(auditLog.entityId, tenantId)))
        .orderBy(asc(auditLog.at)),
    )
    .then((rows) => rows.at(-1)!);
}

describe('tenant settings', () => {
  it('starts with no security rules, Australia only, and seven years of audit', async () => {
    const tenant = (await olivia.get('/api/tenants/current')).body.data;
    expect(tenant.security).toEqual({ sessionIdleMinutes: null, allowedEmailDomains: [] });
    expect(tenant.settings.dataResidency).toBe('AU');
    expect(tenant.auditConfig.retentionDays).toBe(2557);
  });

  it('keeps a logo, audits it by kind, size and digest, and removes it', async () => {
    const res = await patch(olivia, { logo: png });
    expect(res.status).toBe(200);
    expect(res.body.data.logo).toBe(png);
    const entry = await lastTenantAudit(sunrise);
    const change = entry.changes.find((c) => c.field === 'logoUrl')!;
    expect(change.oldValue).toBeNull();
    expect(change.newValue).toMatch(/^PNG image, \d+ bytes, sha256 [0-9a-f]{16}$/);
    expect(JSON.stringify(entry.changes)).not.toContain('base64');

    const removed = await patch(olivia, { logo: null });
    expect(removed.body.data.logo).toBeNull();
  });

  it.each([
    [
      { logo: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' },
      ['logo'],
      'The logo must be a PNG or JPEG image',
    ],
    [
      { logo: `data:image/png;base64,${'A'.repeat(300 * 1024)}` },
      ['logo'],
      'The logo must be at most 256 KB; use a smaller image',
    ],
    [
      { auditConfig: { retentionDays: 2556 } },
      ['auditConfig', 'retentionDays'],
      'Audit retention must be at least 2557 days (seven years) for NDIS records',
    ],
    [
      { security: { sessionIdleMinutes: 4 } },
      ['security', 'sessionIdleMinutes'],
      'Session idle time must be between 5 and 1440 minutes',
    ],
    [
      { security: { sessionIdleMinutes: 1441 } },
      ['security', 'sessionIdleMinutes'],
      'Session idle time must be between 5 and 1440 minutes',
    ],
    [
      { security: { allowedEmailDomains: ['@sunrise.example'] } },
      ['security', 'allowedEmailDomains', 0],
      'Use an e-mail domain like sunrise.org.au (no @ and no spaces)',
    ],
    [
      { security: { allowedEmailDomains: ['a.example', 'A.example'] } },
      ['security', 'allowedEmailDomains'],
      'Each e-mail domain may appear only once',
    ],
    [
      { settings: { dataResidency: 'NZ' } },
      ['settings', 'dataResidency'],
      'Data residency cannot be changed here',
    ],
    [{ settings: { customDomain: 'https://care.example.org' } }, ['settings', 'customDomain'], undefined],
  ])('refuses %j with 400 naming the field', async (body, path, message) => {
    const before = (await olivia.get('/api/tenants/current')).body.data;
    const res = await patch(olivia, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details[0].path).toEqual(path);
    if (message) expect(res.body.error.details[0].message).toBe(message);
    expect((await olivia.get('/api/tenants/current')).body.data).toEqual(before);
  });

  it('accepts seven years of audit exactly, and the security settings lower-cased, audited', async () => {
    const res = await patch(olivia, {
      auditConfig: { retentionDays: 2557 },
      security: { sessionIdleMinutes: 30, allowedEmailDomains: [' Sunrise.Example ', 'partner.example'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.security).toEqual({
      sessionIdleMinutes: 30,
      allowedEmailDomains: ['sunrise.example', 'partner.example'],
    });
    const entry = await lastTenantAudit(sunrise);
    expect(entry.changes).toContainEqual({ field: 'sessionIdleMinutes', oldValue: null, newValue: 30 });
    expect(entry.changes).toContainEqual({
      field: 'allowedEmailDomains',
      oldValue: [],
      newValue: ['sunrise.example', 'partner.example'],
    });
    const cleared = await patch(olivia, { security: { sessionIdleMinutes: null, allowedEmailDomains: [] } });
    expect(cleared.body.data.security).toEqual({ sessionIdleMinutes: null, allowedEmailDomains: [] });
  });

  it('stores the custom domain lower-cased and keeps it unique across organisations', async () => {
    const res = await patch(olivia, { settings: { customDomain: 'Care.Sunrise-Support.Example' } });
    expect(res.status).toBe(200);
    expect(res.body.data.settings.customDomain).toBe('care.sunrise-support.example');
    const ben = (await t.as('ben.owner@bluegum.example')).inTenant(bluegum);
    const taken = await patch(ben, { settings: { customDomain: 'CARE.sunrise-support.example' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('That custom domain is already used by another organisation');
  });

  it('lets team leads, auditors and staff read the settings and only owners and admins change them', async () => {
    for (const email of [
      'lee.lead@sunrise.example',
      'aria.auditor@sunrise.example',
      'sophie.support@sunrise.example',
    ]) {
      const client = (await t.as(email)).inTenant(sunrise);
      const read = await client.get('/api/tenants/current');
      expect(read.status, email).toBe(200);
      expect(read.body.data.security, email).toEqual({ sessionIdleMinutes: null, allowedEmailDomains: [] });
      const write = await patch(client, { security: { sessionIdleMinutes: 5 } });
      expect(write.status, email).toBe(403);
    }
    const adam = (await t.as('adam.admin@sunrise.example')).inTenant(sunrise);
    const byAdmin = await patch(adam, { logo: png });
    expect(byAdmin.status).toBe(200);
    await patch(adam, { logo: null });
  });
});

describe('allowed e-mail domains', () => {
  async function allowOnly(domains: string[]) {
    const res = await patch(olivia, { security: { allowedEmailDomains: domains } });
    expect(res.status).toBe(200);
  }

  it('refuses invitations to other domains with a message naming them, and allows its own', async () => {
    await allowOnly(['sunrise.example', 'partner.example']);
    try {
      const refused = await olivia.post('/api/invitations', { email: 'Kim@Gmail.com', role: 'member' });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({
        code: 'FORBIDDEN',
        message:
          'This organisation only invites e-mail addresses at sunrise.example or partner.example: kim@gmail.com is not one of them.',
        details: { field: 'email', allowedEmailDomains: ['sunrise.example', 'partner.example'] },
      });
      const toTeam = await olivia.post(`/api/teams/${jordanTeam}/members`, {
        email: 'kim@gmail.com',
        role: 'Practitioner',
      });
      expect(toTeam.status).toBe(403);
      expect(toTeam.body.error.message).toContain('kim@gmail.com is not one of them');

      const allowed = await olivia.post('/api/invitations', {
        email: 'new.starter@partner.example',
        role: 'member',
      });
      expect(allowed.status).toBe(201);
    } finally {
      await allowOnly([]);
    }
  });

  it('keeps existing members, even outside the domains, and lets them be put on teams', async () => {
    await allowOnly(['elsewhere.example']);
    try {
      const lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
      expect((await lee.get('/api/teams')).status).toBe(200);
      const teams = (await olivia.get('/api/teams')).body.data as { id: string; name: string }[];
      const other = teams.find((x) => x.id !== jordanTeam && x.name !== "Jordan's Care Team")!;
      const res = await olivia.post(`/api/teams/${other.id}/members`, {
        email: 'sophie.support@sunrise.example',
        role: 'Support Worker',
      });
      expect([201, 409]).toContain(res.status);
      if (res.status === 409) expect(res.body.error.message).not.toContain('only invites');
    } finally {
      await allowOnly([]);
    }
  });

  it('refuses an invitation sent before the rule when someone new accepts it', async () => {
    const invited = await olivia.post(`/api/teams/${jordanTeam}/members`, {
      email: 'casey.early@gmail.example',
      role: 'Practitioner',
    });
    expect(invited.status).toBe(201);
    const token = String(invited.body.data.invitation.inviteUrl).split('/').at(-1)!;
    await allowOnly(['sunrise.example']);
    try {
      await t.database.db.insert(users).values({ email: 'casey.early@gmail.example', name: 'Casey Early' });
      const casey = await t.signIn('casey.early@gmail.example');
      const res = await casey.post('/api/invitations/accept', { token });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        'This organisation only invites e-mail addresses at sunrise.example: casey.early@gmail.example is not one of them.',
      );
      expect((await casey.get('/api/tenants')).body.data).toEqual([]);
    } finally {
      await allowOnly([]);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the tenant and session routes with their bodies', async () => {
    const doc = (await t.anonymous().get('/api/openapi.json')).body;
    for (const [path, method, tag] of [
      ['/api/tenants/current', 'get', 'tenants'],
      ['/api/tenants/current', 'patch', 'tenants'],
      ['/api/me/sessions', 'get', 'me'],
      ['/api/me/sessions', 'delete', 'me'],
      ['/api/me/sessions/{id}', 'delete', 'me'],
    ] as const) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags, `${method} ${path}`).toEqual([tag]);
      expect(operation.description, `${method} ${path}`).toBeTruthy();
    }
    const patchBody = JSON.stringify(doc.paths['/api/tenants/current'].patch.requestBody);
    for (const field of ['security', 'sessionIdleMinutes', 'allowedEmailDomains', 'logo']) {
      expect(patchBody).toContain(field);
    }
  });
});
