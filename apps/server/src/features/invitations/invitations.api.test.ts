import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { runInTenant } from '../../http/tenant-scope';
import { addMembership } from '../tenants/add-membership';

let t: TestApp;
let sunrise: string;
let owner: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  owner = (await t.signIn('olivia.owner@sunrise.example')).inTenant(sunrise);
});
afterAll(() => t.close());

describe('invitations', () => {
  it('lets a tenant admin invite by email to a team role, stored lower-cased', async () => {
    const teams = (await owner.get('/api/teams')).body.data as { id: string; name: string }[];
    const jordan = teams.find((x) => x.name === "Jordan's Care Team")!;
    const res = await owner.post('/api/invitations', {
      email: 'Casey.Carer@Sunrise.example',
      role: 'member',
      teamId: jordan.id,
      teamRole: 'Support Worker',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      email: 'casey.carer@sunrise.example',
      role: 'member',
      teamId: jordan.id,
      teamRole: 'Support Worker',
      acceptedAt: null,
    });
    const list = await owner.get('/api/invitations');
    expect(list.body.data.map((i: { email: string }) => i.email)).toContain('casey.carer@sunrise.example');
  });

  it('refuses a second open invitation, an existing member, ownership and a team of another tenant', async () => {
    const again = await owner.post('/api/invitations', { email: 'casey.carer@sunrise.example' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This email already has an open invitation');
    const member = await owner.post('/api/invitations', { email: 'lee.lead@sunrise.example' });
    expect(member.status).toBe(409);
    const ownership = await owner.post('/api/invitations', { email: 'x@example.com', role: 'owner' });
    expect(ownership.status).toBe(400);
    const foreignTeam = await owner.post('/api/invitations', {
      email: 'y@example.com',
      teamId: '01000000-0000-7000-8000-000000000000',
      teamRole: 'Practitioner',
    });
    expect(foreignTeam.status).toBe(404);
    const missingRole = await owner.post('/api/invitations', {
      email: 'z@example.com',
      teamId: '01000000-0000-7000-8000-000000000000',
    });
    expect(missingRole.status).toBe(400);
    expect(missingRole.body.error.details[0].message).toBe('Choose a team role');
  });

  it('withdraws an open invitation', async () => {
    const created = await owner.post('/api/invitations', { email: 'temp@example.com', role: 'guest' });
    expect((await owner.delete(`/api/invitations/${created.body.data.id}`)).status).toBe(200);
    expect((await owner.delete(`/api/invitations/${created.body.data.id}`)).status).toBe(404);
  });

  it('is for tenant admins only', async () => {
    const lead = (await t.signIn('lee.lead@sunrise.example')).inTenant(sunrise);
    expect((await lead.post('/api/invitations', { email: 'a@example.com' })).status).toBe(403);
    expect((await lead.get('/api/invitations')).status).toBe(403);
  });
});

describe('the internal tenant', () => {
  it('is owned only by system admins', async () => {
    const internal = await t.tenantId('Wattle Platform');
    const sam = await t.signIn('sam.system@wattle.example');
    const me = (await sam.get('/api/me')).body.data;
    const olivia = (await owner.get('/api/me')).body.data;
    const actor = { ...me, ip: null, userAgent: null };
    await expect(
      runInTenant(t.database.db, internal, actor, (ctx) =>
        addMembership(ctx.tx, { tenantId: internal, userId: olivia.id, role: 'owner', actor }),
      ),
    ).rejects.toThrow('Only system admins can own the internal tenant');
    const tenants = (await sam.get('/api/tenants')).body.data as { name: string; role: string }[];
    expect(tenants.find((x) => x.name === 'Wattle Platform')?.role).toBe('owner');
  });
});
