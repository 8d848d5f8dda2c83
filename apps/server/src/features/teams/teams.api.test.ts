import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient, testActor } from '../../../test/harness';
import { teamMembers, teams } from '../../db/schema/teams';
import { memberships } from '../../db/schema/tenants';
import { withTenant } from '../../db/with-tenant';

let t: TestApp;
let sunrise: string;
let bluegum: string;

/** Teams rows in the tenant, read under row-level security as the app does. */
async function teamRows(tenantId: string): Promise<number> {
  const [row] = await t.readInTenant(tenantId, (tx) =>
    tx.select({ n: count() }).from(teams).where(eq(teams.tenantId, tenantId)),
  );
  return row!.n;
}

async function teamsOf(email: string, tenantId: string) {
  const res = await (await t.as(email)).inTenant(tenantId).get('/api/teams');
  expect(res.status, email).toBe(200);
  expect(res.body.success).toBe(true);
  expect(res.body.meta).toEqual({ total: res.body.data.length, limit: res.body.data.length, offset: 0 });
  for (const team of res.body.data) expect(team.tenantId).toBe(tenantId);
  return res.body.data as any[];
}

const rolesOf = (list: any[]) => list.map((x) => [x.name, x.myRole]);

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
});
afterAll(() => t.close());

describe('GET /api/teams', () => {
  it("shows the owner all three of Sunrise's teams, by name, as tenant admin", async () => {
    const list = await teamsOf('olivia.owner@sunrise.example', sunrise);
    expect(rolesOf(list)).toEqual([
      ['Community Access Team', 'tenant-admin'],
      ["Jordan's Care Team", 'tenant-admin'],
      ["Mia's Care Team", 'tenant-admin'],
    ]);
  });

  it('gives every seeded team the default workflow, active status and its participant', async () => {
    const list = await teamsOf('olivia.owner@sunrise.example', sunrise);
    for (const team of list) {
      expect(team.workflowStates).toEqual([
        {
          id: 'todo',
          name: 'To Do',
          color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
          order: 1,
          isEditable: true,
        },
        {
          id: 'in-progress',
          name: 'In Progress',
          color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
          order: 2,
          isEditable: true,
        },
        {
          id: 'done',
          name: 'Done',
          color: expect.stringMatching(/^#[0-9a-f]{6}$/i),
          order: 4,
          isEditable: false,
        },
      ]);
      expect(team.status).toBe('active');
      expect(team.slug).toMatch(/^[a-z0-9-]+-[a-z0-9]{6}$/);
    }
    const jordan = list.find((x) => x.name === "Jordan's Care Team");
    expect(jordan.slug).toMatch(/^jordan-s-care-team-[a-z0-9]{6}$/);
    expect(jordan.participant).toMatchObject({
      name: 'Jordan Lee',
      ndisNumber: '430123456',
      dateOfBirth: '2009-03-14',
    });
    expect(jordan.members.map((m: any) => [m.name, m.role])).toEqual([
      ['Fiona Family', 'Family Guardian'],
      ['Lee Lead', 'Team Lead'],
      ['Priya Practitioner', 'Practitioner'],
      ['Sophie Support', 'Support Worker'],
    ]);
  });

  it('shows an admin all teams too', async () => {
    const list = await teamsOf('adam.admin@sunrise.example', sunrise);
    expect(list.map((x) => x.myRole)).toEqual(['tenant-admin', 'tenant-admin', 'tenant-admin']);
  });

  it('shows a Team Lead only the two teams they lead, as team admin', async () => {
    expect(rolesOf(await teamsOf('lee.lead@sunrise.example', sunrise))).toEqual([
      ['Community Access Team', 'team-admin'],
      ["Jordan's Care Team", 'team-admin'],
    ]);
  });

  it('shows each team member their own teams with the role that comes from their team role', async () => {
    expect(rolesOf(await teamsOf('fiona.family@sunrise.example', sunrise))).toEqual([
      ["Jordan's Care Team", 'viewer'],
    ]);
    expect(rolesOf(await teamsOf('sophie.support@sunrise.example', sunrise))).toEqual([
      ["Jordan's Care Team", 'support-worker'],
    ]);
    expect(rolesOf(await teamsOf('theo.therapist@sunrise.example', sunrise))).toEqual([
      ["Mia's Care Team", 'team-member'],
    ]);
  });

  it("shows a guest only the team shared with them (Mia's)", async () => {
    const list = await teamsOf('gus.guest@sunrise.example', sunrise);
    expect(list.map((x) => x.name)).toEqual(["Mia's Care Team"]);
  });

  it('shows an auditor every team, read-only', async () => {
    expect(rolesOf(await teamsOf('aria.auditor@sunrise.example', sunrise))).toEqual([
      ['Community Access Team', 'auditor'],
      ["Jordan's Care Team", 'auditor'],
      ["Mia's Care Team", 'auditor'],
    ]);
  });

  it("keeps someone's Bluegum teams apart from their Sunrise teams", async () => {
    expect(rolesOf(await teamsOf('priya.practitioner@sunrise.example', sunrise))).toEqual([
      ["Jordan's Care Team", 'team-member'],
      ["Mia's Care Team", 'team-member'],
    ]);
    expect(rolesOf(await teamsOf('priya.practitioner@sunrise.example', bluegum))).toEqual([
      ["Harper's Care Team", 'team-member'],
    ]);
  });

  it('answers 404 in a tenant the caller does not belong to', async () => {
    const res = await (await t.as('lee.lead@sunrise.example')).inTenant(bluegum).get('/api/teams');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'Organisation not found' },
    });
  });

  it('shows a guest every team shared with them, as many as the tenant switcher counts', async () => {
    // Ben (Bluegum's owner) joins Sunrise as a guest with Jordan's team shared, but is on no team.
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const jordan = (await olivia.get('/api/teams')).body.data.find(
      (x: any) => x.name === "Jordan's Care Team",
    );
    const ben = await t.as('ben.owner@bluegum.example');
    const benId = (await ben.get('/api/me')).body.data.id;
    await withTenant(t.database.db, sunrise, testActor(), (tx) =>
      tx
        .insert(memberships)
        .values({ tenantId: sunrise, userId: benId, role: 'guest', sharedTeamIds: [jordan.id] }),
    );
    try {
      const switcher = (await ben.get('/api/tenants')).body.data.find((x: any) => x.id === sunrise);
      expect(switcher).toMatchObject({ role: 'guest', teamCount: 1 });
      const list = await teamsOf('ben.owner@bluegum.example', sunrise);
      expect(list.map((x) => x.name)).toEqual(["Jordan's Care Team"]);
    } finally {
      await withTenant(t.database.db, sunrise, testActor(), (tx) =>
        tx.delete(memberships).where(and(eq(memberships.tenantId, sunrise), eq(memberships.userId, benId))),
      );
    }
  });
});

describe('GET /api/teams/{idOrSlug}', () => {
  it('finds a visible team by slug and by id, with the same record', async () => {
    const lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
    const jordan = (await lee.get('/api/teams')).body.data.find((x: any) => x.name === "Jordan's Care Team");
    const bySlug = await lee.get(`/api/teams/${jordan.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual({ success: true, data: jordan });
    const byId = await lee.get(`/api/teams/${jordan.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data).toEqual(jordan);
  });

  it('answers 404 for unknown teams, teams the caller cannot see, and teams of another tenant', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const mia = (await olivia.get('/api/teams')).body.data.find((x: any) => x.name === "Mia's Care Team");
    const harper = (
      await (await t.as('ben.owner@bluegum.example')).inTenant(bluegum).get('/api/teams')
    ).body.data.find((x: any) => x.name === "Harper's Care Team");
    const fiona = (await t.as('fiona.family@sunrise.example')).inTenant(sunrise);
    const priya = (await t.as('priya.practitioner@sunrise.example')).inTenant(sunrise);
    const cases: [TestClient, string][] = [
      [olivia, 'no-such-team-abc123'],
      [olivia, randomUUID()],
      [fiona, mia.slug],
      [fiona, mia.id],
      // Priya is on Harper's team in Bluegum, but asks in Sunrise.
      [priya, harper.id],
      [priya, harper.slug],
      [olivia, harper.id],
    ];
    for (const [client, idOrSlug] of cases) {
      const res = await client.get(`/api/teams/${idOrSlug}`);
      expect(res.status, `${client.userEmail} ${idOrSlug}`).toBe(404);
      expect(res.body).toEqual({ success: false, error: { code: 'NOT_FOUND', message: 'Team not found' } });
    }
  });
});

describe('POST /api/teams', () => {
  it('lets the owner create a team with a slug of its name plus a 6-character suffix and the default workflow', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const before = await teamRows(sunrise);
    const res = await olivia.post('/api/teams', { name: '  Evening Respite Team ' });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const team = res.body.data;
    expect(team).toMatchObject({
      tenantId: sunrise,
      name: 'Evening Respite Team',
      participant: null,
      status: 'active',
      members: [],
      myRole: 'tenant-admin',
      version: 1,
    });
    expect(team.slug).toMatch(/^evening-respite-team-[a-z0-9]{6}$/);
    expect(team.workflowStates.map((s: any) => [s.id, s.name, s.order, s.isEditable])).toEqual([
      ['todo', 'To Do', 1, true],
      ['in-progress', 'In Progress', 2, true],
      ['done', 'Done', 4, false],
    ]);
    expect(await teamRows(sunrise)).toBe(before + 1);

    const fetched = await olivia.get(`/api/teams/${team.slug}`);
    expect(fetched.body.data).toEqual(team);
    // Lee is on no team of that name, so he does not see it.
    const lee = await teamsOf('lee.lead@sunrise.example', sunrise);
    expect(lee.map((x) => x.id)).not.toContain(team.id);
  });

  it('gives two teams of the same name different slugs', async () => {
    const adam = (await t.as('adam.admin@sunrise.example')).inTenant(sunrise);
    const a = await adam.post('/api/teams', { name: 'Weekend Team' });
    const b = await adam.post('/api/teams', { name: 'Weekend Team' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.data.slug).not.toBe(b.body.data.slug);
    expect(b.body.data.slug).toMatch(/^weekend-team-[a-z0-9]{6}$/);
  });

  it('centres a new team on an existing participant, read from their record', async () => {
    const adam = (await t.as('adam.admin@sunrise.example')).inTenant(sunrise);
    const created = await adam.post('/api/participants', {
      name: 'Ella Brown',
      ndisNumber: '435551234',
      dateOfBirth: '2001-05-17',
      goals: ['Catch the bus to TAFE'],
    });
    expect(created.status).toBe(201);
    const ella = created.body.data;
    const res = await adam.post('/api/teams', { name: "Ella's Care Team", participantId: ella.id });
    expect(res.status).toBe(201);
    expect(res.body.data.participant).toEqual({
      id: ella.id,
      name: 'Ella Brown',
      ndisNumber: '435551234',
      dateOfBirth: '2001-05-17',
      goals: ['Catch the bus to TAFE'],
      alerts: [],
    });
    // The team is recorded on the participant, so her record names it too.
    const record = await adam.get(`/api/participants/${ella.id}`);
    expect(record.body.data).toMatchObject({ teamId: res.body.data.id, teamName: "Ella's Care Team" });
  });

  it('refuses members, guests and auditors with 403 and creates nothing', async () => {
    const before = await teamRows(sunrise);
    for (const email of [
      'lee.lead@sunrise.example',
      'priya.practitioner@sunrise.example',
      'sophie.support@sunrise.example',
      'fiona.family@sunrise.example',
      'gus.guest@sunrise.example',
      'aria.auditor@sunrise.example',
    ]) {
      const res = await (await t.as(email)).inTenant(sunrise).post('/api/teams', { name: 'Shadow Team' });
      expect(res.status, email).toBe(403);
      expect(res.body.error).toEqual({ code: 'FORBIDDEN', message: 'You do not have permission to do that' });
    }
    expect(await teamRows(sunrise)).toBe(before);
  });

  it("answers 404 to an owner creating a team in a tenant that isn't theirs", async () => {
    const before = await teamRows(bluegum);
    const res = await (await t.as('olivia.owner@sunrise.example'))
      .inTenant(bluegum)
      .post('/api/teams', { name: 'X' });
    expect(res.status).toBe(404);
    expect(await teamRows(bluegum)).toBe(before);
  });

  it("refuses an empty or blank name with 'Please enter team name', and creates nothing", async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const before = await teamRows(sunrise);
    for (const name of ['', '    ']) {
      const res = await olivia.post('/api/teams', { name });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.message).toContain('Please enter team name');
      expect(res.body.error.details).toEqual([
        { path: ['name'], message: 'Please enter team name', code: 'too_small' },
      ]);
    }
    expect(await teamRows(sunrise)).toBe(before);
  });

  it('refuses a participant id that is not one, or names no participant of the tenant, and creates nothing', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const before = await teamRows(sunrise);
    const bad = await olivia.post('/api/teams', { name: 'Bad participant', participantId: 'participant_p1' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toContainEqual(expect.objectContaining({ path: ['participantId'] }));
    // Harper is Bluegum's: in Sunrise there is no such participant.
    const harper = (
      await (await t.as('ben.owner@bluegum.example')).inTenant(bluegum).get('/api/teams')
    ).body.data.find((x: any) => x.name === "Harper's Care Team").participant.id;
    for (const participantId of [randomUUID(), harper]) {
      const res = await olivia.post('/api/teams', { name: 'Unknown participant', participantId });
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'Participant not found' });
    }
    expect(await teamRows(sunrise)).toBe(before);
  });

  it('refuses a participant who is already on another team, and leaves that team its participant', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const before = await teamRows(sunrise);
    const jordanTeam = (await olivia.get('/api/teams')).body.data.find(
      (x: any) => x.name === "Jordan's Care Team",
    );
    const res = await olivia.post('/api/teams', {
      name: 'Second team',
      participantId: jordanTeam.participant.id,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This participant is already on another team');
    expect(await teamRows(sunrise)).toBe(before);
    const record = await olivia.get(`/api/participants/${jordanTeam.participant.id}`);
    expect(record.body.data.teamId).toBe(jordanTeam.id);
  });
});

describe('the participant GET /api/teams carries', () => {
  const jordanParticipantOf = async (client: TestClient) => {
    const res = await client.inTenant(sunrise).get('/api/teams');
    expect(res.status, client.userEmail ?? '').toBe(200);
    return res.body.data.find((x: any) => x.name === "Jordan's Care Team").participant;
  };
  const full = {
    id: expect.any(String),
    name: 'Jordan Lee',
    ndisNumber: '430123456',
    dateOfBirth: '2009-03-14',
    goals: ['Travel to school independently', 'Join a weekend basketball club'],
    alerts: ['Severe peanut allergy: EpiPen in blue backpack'],
  };
  const nameOnly = {
    id: expect.any(String),
    name: 'Jordan Lee',
    ndisNumber: null,
    dateOfBirth: null,
    goals: null,
    alerts: null,
  };

  it('has the NDIS number, date of birth, goals and alerts for verified callers who read participants', async () => {
    for (const email of [
      'olivia.owner@sunrise.example',
      'lee.lead@sunrise.example',
      'priya.practitioner@sunrise.example',
      'sophie.support@sunrise.example',
      'aria.auditor@sunrise.example',
    ]) {
      expect(await jordanParticipantOf(await t.as(email)), email).toEqual(full);
    }
  });

  it('is the name alone for a family guardian, a guest viewer and an unverified account', async () => {
    expect(await jordanParticipantOf(await t.as('fiona.family@sunrise.example'))).toEqual(nameOnly);

    const jordanTeam = (
      await (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise).get('/api/teams')
    ).body.data.find((x: any) => x.name === "Jordan's Care Team").id;
    // Ben (Bluegum's owner) is a guest of Sunrise with Jordan's team shared and no role on it: a viewer.
    const ben = await t.as('ben.owner@bluegum.example');
    const benId = (await ben.get('/api/me')).body.data.id;
    // Nina has not verified her account; here she leads Jordan's team.
    const nina = await t.as('nina.new@wattle.example');
    const ninaId = (await nina.get('/api/me')).body.data.id;
    expect((await nina.get('/api/me')).body.data.isVerified).toBe(false);
    await withTenant(t.database.db, sunrise, testActor(), async (tx) => {
      await tx.insert(memberships).values([
        { tenantId: sunrise, userId: benId, role: 'guest', sharedTeamIds: [jordanTeam] },
        { tenantId: sunrise, userId: ninaId, role: 'member' },
      ]);
      await tx
        .insert(teamMembers)
        .values({ tenantId: sunrise, teamId: jordanTeam, userId: ninaId, role: 'Team Lead' });
    });
    try {
      expect(await jordanParticipantOf(ben)).toEqual(nameOnly);
      expect(await jordanParticipantOf(nina)).toEqual(nameOnly);
      const ninaTeam = (await nina.inTenant(sunrise).get(`/api/teams/${jordanTeam}`)).body.data;
      expect(ninaTeam.myRole).toBe('team-admin');
      expect(ninaTeam.participant).toEqual(nameOnly);
    } finally {
      await withTenant(t.database.db, sunrise, testActor(), async (tx) => {
        await tx
          .delete(teamMembers)
          .where(and(eq(teamMembers.tenantId, sunrise), eq(teamMembers.userId, ninaId)));
        await tx
          .delete(memberships)
          .where(and(eq(memberships.tenantId, sunrise), inArray(memberships.userId, [benId, ninaId])));
      });
    }
  });
});
