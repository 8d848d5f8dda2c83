import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { tenants } from '../../db/schema/tenants';

let t: TestApp;
let nina: TestClient;
let ninaId: string;

/** All tenants, counted as a global admin sees them under row-level security. */
async function tenantCount(): Promise<number> {
  const [row] = await t.readAsGlobalAdmin((tx) => tx.select({ n: count() }).from(tenants));
  return row!.n;
}

beforeAll(async () => {
  t = await startTestApp();
  nina = await t.signIn('nina.new@wattle.example');
  ninaId = (await nina.get('/api/me')).body.data.id;
});
afterAll(() => t.close());

describe('POST /api/onboarding', () => {
  it('refuses a missing or false consent and a blank organisation name with 400, creating nothing', async () => {
    const before = await tenantCount();
    expect(before).toBeGreaterThan(0);
    const cases: [unknown, string, string][] = [
      [
        { organisationName: 'New Care Co', consent: false },
        'consent',
        'Consent to data access under the NDIS is required',
      ],
      [{ organisationName: 'New Care Co' }, 'consent', 'Consent to data access under the NDIS is required'],
      [{ organisationName: '', consent: true }, 'organisationName', 'Organisation name is required'],
      [{ organisationName: '   ', consent: true }, 'organisationName', 'Organisation name is required'],
      [{ consent: true }, 'organisationName', expect.any(String)],
    ];
    for (const [body, field, message] of cases) {
      const res = await nina.post('/api/onboarding', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details).toContainEqual(expect.objectContaining({ path: [field], message }));
    }
    expect(await tenantCount()).toBe(before);
    expect((await nina.get('/api/tenants')).body.data).toEqual([]);
  });

  it("creates the tenant on a 14-day trial with a 'Care Team' led by the caller as owner", async () => {
    const before = await tenantCount();
    const res = await nina.post('/api/onboarding', {
      fullName: 'Nina New',
      email: 'nina@newcare.example',
      organisationName: 'New Care Collective',
      firstTeamName: '',
      consent: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const { tenant, team } = res.body.data;

    expect(tenant).toMatchObject({
      name: 'New Care Collective',
      prefix: 'NEW',
      isInternal: false,
      timeZone: 'Australia/Sydney',
      settings: { whiteLabel: false, primaryColor: '#3b82f6', customDomain: null },
      subscription: { plan: 'trial', status: 'trialing' },
      billingConfig: { currency: 'AUD', taxRate: 0 },
      auditConfig: { retentionDays: 2557 },
      profile: { email: 'nina@newcare.example' },
      version: 1,
    });
    expect(tenant.slug).toMatch(/^new-care-collective-[a-z0-9]{6}$/);
    expect((Date.parse(tenant.subscription.trialEndsAt) - Date.parse(tenant.createdAt)) / 3_600_000).toBe(
      336,
    );

    expect(team).toMatchObject({
      tenantId: tenant.id,
      name: 'Care Team',
      status: 'active',
      myRole: 'tenant-admin',
    });
    expect(team.slug).toMatch(/^care-team-[a-z0-9]{6}$/);
    expect(team.members).toEqual([
      expect.objectContaining({
        userId: ninaId,
        name: 'Nina New',
        email: 'nina.new@wattle.example',
        role: 'Team Lead',
      }),
    ]);
    expect(team.workflowStates.map((s: any) => [s.id, s.order, s.isEditable])).toEqual([
      ['todo', 1, true],
      ['in-progress', 2, true],
      ['done', 4, false],
    ]);
    expect(await tenantCount()).toBe(before + 1);

    // The switcher lists it with her as owner.
    const list = await nina.get('/api/tenants');
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: tenant.id, name: 'New Care Collective', role: 'owner', teamCount: 1 }),
    ]);

    // Working in it: the team is there with her as Team Lead.
    const teams = await nina.inTenant(tenant.id).get('/api/teams');
    expect(teams.status).toBe(200);
    expect(teams.body.data).toHaveLength(1);
    expect(teams.body.data[0]).toMatchObject({ id: team.id, name: 'Care Team' });
    expect(teams.body.data[0].members.map((m: any) => [m.userId, m.role])).toEqual([[ninaId, 'Team Lead']]);
    const current = await nina.inTenant(tenant.id).get('/api/tenants/current');
    expect(current.body.data).toEqual(tenant);
  });

  it('leaves the account unverified', async () => {
    const me = await nina.get('/api/me');
    expect(me.body.data).toMatchObject({ isVerified: false, verifiedAt: null });
  });

  it('names the first team as asked and records the full name given', async () => {
    const res = await nina.post('/api/onboarding', {
      fullName: 'Nina Newton',
      organisationName: 'Second Step Supports',
      firstTeamName: "  Ari's Team ",
      consent: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.team.name).toBe("Ari's Team");
    expect(res.body.data.team.members[0]).toMatchObject({
      userId: ninaId,
      name: 'Nina Newton',
      role: 'Team Lead',
    });
    expect((await nina.get('/api/me')).body.data.name).toBe('Nina Newton');
    const names = (await nina.get('/api/tenants')).body.data.map((x: any) => [x.name, x.role]);
    expect(names).toEqual([
      ['New Care Collective', 'owner'],
      ['Second Step Supports', 'owner'],
    ]);
  });

  it("keeps the new tenant invisible to other organisations' people", async () => {
    const mine = (await nina.get('/api/tenants')).body.data[0];
    const olivia = await t.signIn('olivia.owner@sunrise.example');
    const list = (await olivia.get('/api/tenants')).body.data.map((x: any) => x.id);
    expect(list).not.toContain(mine.id);
    const res = await olivia.inTenant(mine.id).get('/api/teams');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Organisation not found');
  });

  it('refuses a caller who is not signed in, creating nothing', async () => {
    const before = await tenantCount();
    const res = await t.anonymous().post('/api/onboarding', { organisationName: 'Ghost Co', consent: true });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHENTICATED');
    expect(await tenantCount()).toBe(before);
  });
});

describe('a new name at onboarding and the search', () => {
  it('rebuilds the search text of the cards assigned to the person, in every tenant they belong to', async () => {
    const sunrise = await t.tenantId('Sunrise Support Network');
    const bluegum = await t.tenantId('Bluegum Disability Services');
    const priya = await t.signIn('priya.practitioner@sunrise.example');
    const priyaId = (await priya.get('/api/me')).body.data.id as string;
    const teamOf = async (client: TestClient, name: string) =>
      ((await client.get('/api/teams')).body.data as { id: string; name: string }[]).find(
        (x) => x.name === name,
      )!.id;
    const lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
    const ben = (await t.as('ben.owner@bluegum.example')).inTenant(bluegum);
    const atSunrise = (
      await lee.post('/api/cards', {
        teamId: await teamOf(lee, "Jordan's Care Team"),
        title: 'Numbat visit',
        assigneeId: priyaId,
      })
    ).body.data;
    const atBluegum = (
      await ben.post('/api/cards', {
        teamId: await teamOf(ben, "Harper's Care Team"),
        title: 'Numbat visit',
        assigneeId: priyaId,
      })
    ).body.data;
    const search = async (client: TestClient, q: string) =>
      ((await client.get(`/api/search?q=${encodeURIComponent(q)}`)).body.data as { id: string }[]).map(
        (x) => x.id,
      );
    expect(await search(lee, 'numbat practitioner')).toEqual([atSunrise.id]);

    const res = await priya.post('/api/onboarding', {
      fullName: 'Priya Quollington',
      organisationName: 'Quollington Therapy',
      consent: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await search(lee, 'numbat quollington')).toEqual([atSunrise.id]);
    expect(await search(ben, 'numbat quollington')).toEqual([atBluegum.id]);
    expect(await search(lee, 'numbat practitioner')).toEqual([]);
    expect(await search(ben, 'numbat practitioner')).toEqual([]);
  });
});
