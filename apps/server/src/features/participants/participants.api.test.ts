import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient, testActor } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { participants } from '../../db/schema/participants';
import { teamMembers } from '../../db/schema/teams';
import { memberships } from '../../db/schema/tenants';
import { withTenant } from '../../db/with-tenant';
import { connectEventStream } from '../events/sse-test-client';

let t: TestApp;
/** Set when the last test has closed the app itself. */
let isClosed = false;
let sunrise: string;
let bluegum: string;
/** Seeded participants of Sunrise by first name, and its teams by key. */
const ids = { jordan: '', mia: '', noah: '', charlotte: '', jordanTeam: '', miaTeam: '', noahTeam: '' };

const as = async (email: string, tenant = sunrise) => (await t.as(email)).inTenant(tenant);

/** Participant rows in the tenant, read under row-level security as the app does. */
async function participantCount(tenantId = sunrise): Promise<number> {
  const [row] = await t.readInTenant(tenantId, (tx) =>
    tx.select({ n: count() }).from(participants).where(eq(participants.tenantId, tenantId)),
  );
  return row!.n;
}

/** The audit entries of one entity, oldest first. */
function auditOf(entity: string, entityId: string, tenantId = sunrise) {
  return t.readInTenant(tenantId, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.at), asc(auditLog.id)),
  );
}

const newParticipant = (overrides: Record<string, unknown> = {}) => ({
  name: 'Riley Tran',
  ndisNumber: '431234567',
  dateOfBirth: '2004-02-11',
  ...overrides,
});

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const olivia = await as('olivia.owner@sunrise.example');
  const list = (await olivia.get('/api/participants')).body.data as { id: string; name: string }[];
  const idOf = (name: string) => list.find((p) => p.name === name)!.id;
  ids.jordan = idOf('Jordan Lee');
  ids.mia = idOf('Mia Thompson');
  ids.noah = idOf('Noah Williams');
  ids.charlotte = idOf('Charlotte Davies');
  const teams = (await olivia.get('/api/teams')).body.data as { id: string; name: string }[];
  ids.jordanTeam = teams.find((x) => x.name === "Jordan's Care Team")!.id;
  ids.miaTeam = teams.find((x) => x.name === "Mia's Care Team")!.id;
  ids.noahTeam = teams.find((x) => x.name === 'Community Access Team')!.id;
});
afterAll(async () => {
  if (!isClosed) await t.close();
});

describe('the demo participants', () => {
  it('are full records, active, each on their team (tests below change some of them)', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    for (const id of [ids.jordan, ids.mia, ids.noah]) {
      const p = (await olivia.get(`/api/participants/${id}`)).body.data;
      expect(p.status, p.name).toBe('active');
      for (const field of [
        'phone',
        'address',
        'emergencyContact',
        'guardian',
        'preferences',
        'medicalInfo',
        'communicationNeeds',
      ]) {
        expect(p[field], `${p.name} ${field}`).not.toBeNull();
      }
      expect(p.goals.length).toBeGreaterThan(0);
      expect(p.alerts.length).toBeGreaterThan(0);
    }
  });
});

describe('POST /api/participants', () => {
  it('creates a pending participant with every field, goals and alerts trimmed and empty ones dropped', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const res = await olivia.post('/api/participants', {
      name: '  Riley Tran ',
      ndisNumber: '431234567',
      dateOfBirth: '2004-02-11',
      phone: '0400 111 222',
      address: '5 Acacia Way, Ryde NSW 2112',
      emergencyContact: { name: 'Anh Tran', relationship: 'Father', phone: '0400 111 333' },
      guardian: {
        name: 'Mai Tran',
        relationship: 'Mother',
        phone: '0400 111 444',
        email: 'Mai.Tran@Example.com',
      },
      goals: ['  Catch the bus to TAFE ', '', '   ', 'Cook dinner on Fridays'],
      alerts: ['', ' Bee sting allergy '],
      preferences: 'Music',
      medicalInfo: 'Asthma',
      communicationNeeds: '  ',
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const created = res.body.data;
    expect(created).toMatchObject({
      view: 'full',
      tenantId: sunrise,
      name: 'Riley Tran',
      ndisNumber: '431234567',
      dateOfBirth: '2004-02-11',
      phone: '0400 111 222',
      emergencyContact: { name: 'Anh Tran', relationship: 'Father', phone: '0400 111 333' },
      guardian: {
        name: 'Mai Tran',
        relationship: 'Mother',
        phone: '0400 111 444',
        email: 'mai.tran@example.com',
      },
      goals: ['Catch the bus to TAFE', 'Cook dinner on Fridays'],
      alerts: ['Bee sting allergy'],
      medicalInfo: 'Asthma',
      communicationNeeds: null,
      // Neither given: the organisation's state, metropolitan.
      state: null,
      monashModel: 1,
      status: 'pending',
      teamId: null,
      teamName: null,
      planStartDate: null,
      planEndDate: null,
      archivedAt: null,
      version: 1,
    });
    const read = await olivia.get(`/api/participants/${created.id}`);
    expect(read.body.data).toEqual(created);

    const [entry] = await auditOf('participant', created.id);
    expect(entry).toMatchObject({ action: 'created', actorName: 'Olivia Owner' });
    expect(entry!.changes).toContainEqual({ field: 'ndisNumber', oldValue: null, newValue: '431234567' });
    expect(entry!.changes).toContainEqual({
      field: 'goals',
      oldValue: null,
      newValue: ['Catch the bus to TAFE', 'Cook dinner on Fridays'],
    });
  });

  it('puts a participant on a team without one, for those who may write participants there', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const team = (await olivia.post('/api/teams', { name: "Ella's Care Team" })).body.data;
    const res = await olivia.post(
      '/api/participants',
      newParticipant({ name: 'Ella Brown', ndisNumber: '435551234', teamId: team.id }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      teamId: team.id,
      teamName: "Ella's Care Team",
      teamSlug: team.slug,
    });
    // The team now centres on her.
    const again = await olivia.get(`/api/teams/${team.id}`);
    expect(again.body.data.participant).toMatchObject({ name: 'Ella Brown', ndisNumber: '435551234' });
    // A second participant on that team is refused, and nothing is written.
    const before = await participantCount();
    const second = await olivia.post(
      '/api/participants',
      newParticipant({ name: 'Second Person', ndisNumber: '435551235', teamId: team.id }),
    );
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe('This team already centres on Ella Brown');
    expect(await participantCount()).toBe(before);
  });

  it.each([
    ['8 digits', '43123456'],
    ['10 digits', '4312345678'],
    ['letters', '43123456a'],
    ['nothing', ''],
  ])(
    "refuses an NDIS number of %s with 'Please enter a valid 9-digit NDIS number' and writes nothing",
    async (_, ndisNumber) => {
      const olivia = await as('olivia.owner@sunrise.example');
      const before = await participantCount();
      const res = await olivia.post(
        '/api/participants',
        newParticipant({ ndisNumber, name: 'Nobody Written' }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.message).toContain('Please enter a valid 9-digit NDIS number');
      expect(res.body.error.details).toContainEqual(
        expect.objectContaining({
          path: ['ndisNumber'],
          message: 'Please enter a valid 9-digit NDIS number',
        }),
      );
      expect(await participantCount()).toBe(before);
    },
  );

  it("refuses a missing date of birth with 'Please enter date of birth', and a name left blank", async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const before = await participantCount();
    for (const dateOfBirth of [undefined, '', '14/03/2009']) {
      const res = await olivia.post('/api/participants', {
        name: 'No Birthday',
        ndisNumber: '439990001',
        ...(dateOfBirth === undefined ? {} : { dateOfBirth }),
      });
      expect(res.status, String(dateOfBirth)).toBe(400);
      expect(res.body.error.details).toContainEqual(
        expect.objectContaining({ path: ['dateOfBirth'], message: 'Please enter date of birth' }),
      );
    }
    const blank = await olivia.post(
      '/api/participants',
      newParticipant({ name: '   ', ndisNumber: '439990001' }),
    );
    expect(blank.status).toBe(400);
    expect(blank.body.error.details).toContainEqual(
      expect.objectContaining({ path: ['name'], message: 'Please enter participant name' }),
    );
    const future = await olivia.post('/api/participants', newParticipant({ dateOfBirth: '2999-01-01' }));
    expect(future.status).toBe(400);
    expect(future.body.error.message).toBe('Date of birth cannot be in the future');
    expect(await participantCount()).toBe(before);
  });

  it('refuses an NDIS number another participant of the tenant has, naming them, and writes nothing', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const before = await participantCount();
    const res = await olivia.post(
      '/api/participants',
      newParticipant({ name: 'Copy Cat', ndisNumber: '430123456' }),
    );
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'CONFLICT',
      message: 'NDIS number 430123456 already belongs to Jordan Lee',
      details: { participantId: ids.jordan, participantName: 'Jordan Lee', field: 'ndisNumber' },
    });
    expect(await participantCount()).toBe(before);
    // Another tenant may hold the same number: numbers are unique within a tenant.
    const ben = await as('ben.owner@bluegum.example', bluegum);
    const there = await ben.post(
      '/api/participants',
      newParticipant({ name: 'Jordan Elsewhere', ndisNumber: '430123456' }),
    );
    expect(there.status).toBe(201);
  });

  it('lets only those who may write participants create them: on a team of theirs, or tenant-wide on none', async () => {
    const before = await participantCount();
    // Support workers read participants but do not write them; auditors read only; a family guardian
    // reads a summary; team members write on their teams only, so not on no team at all.
    for (const [email, teamId, status] of [
      ['sophie.support@sunrise.example', ids.jordanTeam, 403],
      ['aria.auditor@sunrise.example', null, 403],
      ['fiona.family@sunrise.example', ids.jordanTeam, 403],
      ['priya.practitioner@sunrise.example', null, 403],
      ['lee.lead@sunrise.example', null, 403],
      // Theo is not on Jordan's team: for him it does not exist.
      ['theo.therapist@sunrise.example', ids.jordanTeam, 404],
      ['olivia.owner@sunrise.example', randomUUID(), 404],
    ] as const) {
      const res = await (await as(email)).post(
        '/api/participants',
        newParticipant({ name: 'Refused Person', ndisNumber: '439990002', teamId }),
      );
      expect(res.status, email).toBe(status);
      if (status === 404) expect(res.body.error.message).toBe('Team not found');
    }
    expect(await participantCount()).toBe(before);
  });
});

describe('GET /api/participants/{id}', () => {
  it('gives those who read participants the whole record, and audits who viewed it from where', async () => {
    const sophie = await as('sophie.support@sunrise.example');
    const res = await sophie.request({
      method: 'GET',
      url: `/api/participants/${ids.jordan}`,
      headers: { 'user-agent': 'participants-test-agent' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      view: 'full',
      name: 'Jordan Lee',
      ndisNumber: '430123456',
      dateOfBirth: '2009-03-14',
      address: '14 Banksia Street, Parramatta NSW 2150',
      guardian: {
        name: 'Karen Lee',
        relationship: 'Mother',
        phone: '0412 345 678',
        email: 'karen.lee@family.example',
      },
      status: 'active',
      teamId: ids.jordanTeam,
      teamName: "Jordan's Care Team",
    });
    expect(res.body.data.medicalInfo).toContain('Anaphylaxis');
    expect(res.body.data.planStartDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const viewed = (await auditOf('participant', ids.jordan)).filter((e) => e.action === 'viewed');
    expect(viewed.at(-1)).toMatchObject({
      actorName: 'Sophie Support',
      userAgent: 'participants-test-agent',
      ip: '127.0.0.1',
      metadata: { view: 'full' },
      changes: [],
    });
  });

  it('gives a family guardian only the summary of their own team’s participant, audited as a summary view', async () => {
    const fiona = await as('fiona.family@sunrise.example');
    const res = await fiona.get(`/api/participants/${ids.jordan}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      view: 'summary',
      id: ids.jordan,
      name: 'Jordan Lee',
      goals: ['Travel to school independently', 'Join a weekend basketball club'],
      alerts: ['Severe peanut allergy: EpiPen in blue backpack'],
      status: 'active',
      teamId: ids.jordanTeam,
      teamName: "Jordan's Care Team",
      teamSlug: expect.any(String),
      planStartDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      planEndDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const text = JSON.stringify(res.body);
    for (const secret of ['430123456', '2009-03-14', 'Anaphylaxis', 'Banksia', 'Karen']) {
      expect(text).not.toContain(secret);
    }
    const viewed = (await auditOf('participant', ids.jordan)).filter((e) => e.action === 'viewed');
    expect(viewed.at(-1)).toMatchObject({ actorName: 'Fiona Family', metadata: { view: 'summary' } });
  });

  it("answers 404 'Participant not found' for participants the caller may not see, as for missing ones", async () => {
    const cases: [string, string][] = [
      ['fiona.family@sunrise.example', ids.mia],
      ['fiona.family@sunrise.example', ids.charlotte],
      // A support worker of another team.
      ['sophie.support@sunrise.example', ids.mia],
      ['theo.therapist@sunrise.example', ids.jordan],
      // Lee leads two teams but reads no participant without one.
      ['lee.lead@sunrise.example', ids.charlotte],
      ['gus.guest@sunrise.example', ids.jordan],
      ['olivia.owner@sunrise.example', randomUUID()],
    ];
    for (const [email, id] of cases) {
      const res = await (await as(email)).get(`/api/participants/${id}`);
      expect(res.status, `${email} ${id}`).toBe(404);
      expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'Participant not found' });
    }
  });

  it('lets an auditor read every participant, including those without a team, but change none', async () => {
    const aria = await as('aria.auditor@sunrise.example');
    const res = await aria.get(`/api/participants/${ids.charlotte}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      view: 'full',
      name: 'Charlotte Davies',
      teamId: null,
      status: 'pending',
    });
    const patch = await aria.patch(`/api/participants/${ids.charlotte}`, {
      version: 1,
      phone: '0400 000 000',
    });
    expect(patch.status).toBe(403);
  });

  it('answers 404 to another tenant, whether it sends this tenant’s id or names the record under its own', async () => {
    const ben = await t.as('ben.owner@bluegum.example');
    const underSunrise = await ben.inTenant(sunrise).get(`/api/participants/${ids.jordan}`);
    expect(underSunrise.status).toBe(404);
    expect(underSunrise.body.error.message).toBe('Organisation not found');
    const underBluegum = await ben.inTenant(bluegum).get(`/api/participants/${ids.jordan}`);
    expect(underBluegum.status).toBe(404);
    expect(underBluegum.body.error.message).toBe('Participant not found');
    expect(JSON.stringify(underBluegum.body)).not.toContain('Jordan');
  });
});

describe('an unverified account', () => {
  let nina: TestClient;
  beforeAll(async () => {
    // Nina has not acknowledged 'I understand'; she joins Sunrise as Team Lead of Jordan's team.
    const ninaId = (await (await t.as('nina.new@wattle.example')).get('/api/me')).body.data.id;
    await withTenant(t.database.db, sunrise, testActor(), async (tx) => {
      await tx.insert(memberships).values({ tenantId: sunrise, userId: ninaId, role: 'member' });
      await tx
        .insert(teamMembers)
        .values({ tenantId: sunrise, teamId: ids.jordanTeam, userId: ninaId, role: 'Team Lead' });
    });
    nina = await as('nina.new@wattle.example');
  });

  it('is refused every participant route with 403 VERIFICATION_REQUIRED, and nothing is written', async () => {
    const before = await participantCount();
    const plan = {
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      managementType: 'ndia',
      budgets: [],
    };
    const calls = [
      nina.get('/api/participants'),
      nina.post('/api/participants', newParticipant({ name: 'Unverified Add', ndisNumber: '439990003' })),
      nina.get(`/api/participants/${ids.jordan}`),
      nina.patch(`/api/participants/${ids.jordan}`, { version: 1, name: 'Hijacked' }),
      nina.post(`/api/participants/${ids.jordan}/archive`, { version: 1 }),
      nina.post(`/api/participants/${ids.jordan}/restore`, { version: 1 }),
      nina.get(`/api/participants/${ids.jordan}/plan`),
      nina.request({
        method: 'PUT',
        url: `/api/participants/${ids.jordan}/plan`,
        payload: { ...plan, version: 1 },
      }),
      nina.get(`/api/participants/${ids.jordan}/plans`),
      nina.post(`/api/participants/${ids.jordan}/plans`, plan),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({
        code: 'VERIFICATION_REQUIRED',
        message: 'Verify your account to open participant records',
      });
    }
    expect(await participantCount()).toBe(before);
    const olivia = await as('olivia.owner@sunrise.example');
    expect((await olivia.get(`/api/participants/${ids.jordan}`)).body.data.name).toBe('Jordan Lee');
  });

  it('gets a team’s participant from GET /api/teams by name only', async () => {
    const teams = (await nina.get('/api/teams')).body.data;
    expect(teams.find((x: { id: string }) => x.id === ids.jordanTeam).participant).toEqual({
      id: ids.jordan,
      name: 'Jordan Lee',
      ndisNumber: null,
      dateOfBirth: null,
      goals: null,
      alerts: null,
    });
  });
});

describe('GET /api/participants', () => {
  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((p) => p.name);

  it('lists every participant for a tenant-wide role, by name, with team, plan end and alert count', async () => {
    const adam = await as('adam.admin@sunrise.example');
    const res = await adam.get('/api/participants?limit=200');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: res.body.data.length, limit: 200, offset: 0 });
    const list = names(res);
    expect(list).toEqual([...list].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    for (const name of ['Charlotte Davies', 'Jordan Lee', 'Mia Thompson', 'Noah Williams']) {
      expect(list).toContain(name);
    }
    expect(list).not.toContain('Harper Nguyen');
    const jordan = res.body.data.find((p: { id: string }) => p.id === ids.jordan);
    expect(jordan).toEqual({
      id: ids.jordan,
      name: 'Jordan Lee',
      ndisNumber: '430123456',
      status: 'active',
      teamId: ids.jordanTeam,
      teamName: "Jordan's Care Team",
      teamSlug: expect.stringMatching(/^jordan-s-care-team-/),
      planEndDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      alertCount: 1,
      archivedAt: null,
      lastActivity: expect.any(String),
    });
    const charlotte = res.body.data.find((p: { id: string }) => p.id === ids.charlotte);
    expect(charlotte).toMatchObject({ teamId: null, teamName: null, planEndDate: null, status: 'pending' });
  });

  it('lists a team member the participants of their teams, and a family guardian theirs without the NDIS number', async () => {
    expect(names(await (await as('sophie.support@sunrise.example')).get('/api/participants'))).toEqual([
      'Jordan Lee',
    ]);
    expect(names(await (await as('lee.lead@sunrise.example')).get('/api/participants'))).toEqual([
      'Jordan Lee',
      'Noah Williams',
    ]);
    expect(names(await (await as('theo.therapist@sunrise.example')).get('/api/participants'))).toEqual([
      'Mia Thompson',
    ]);
    const fiona = await as('fiona.family@sunrise.example');
    const res = await fiona.get('/api/participants');
    expect(res.body.data).toEqual([
      expect.objectContaining({ id: ids.jordan, name: 'Jordan Lee', ndisNumber: null }),
    ]);
    // Nor can a guardian find their participant by the number they are not shown.
    expect((await fiona.get('/api/participants?q=4301')).body.data).toEqual([]);
    expect(names(await fiona.get('/api/participants?q=jord'))).toEqual(['Jordan Lee']);
  });

  it('searches names anywhere in any case, and NDIS numbers from their start', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    expect(names(await olivia.get('/api/participants?q=THOMP'))).toEqual(['Mia Thompson']);
    expect(names(await olivia.get('/api/participants?q=4319877'))).toEqual(['Mia Thompson']);
    // The middle of a number is not a match, nor are the LIKE wildcards.
    expect(names(await olivia.get('/api/participants?q=987788'))).toEqual([]);
    const mia = (await olivia.get(`/api/participants/${ids.mia}`)).body.data;
    expect(names(await olivia.get(`/api/participants?q=${mia.ndisNumber}`))).toEqual(['Mia Thompson']);
    expect(names(await olivia.get(`/api/participants?q=${mia.ndisNumber}0`))).toEqual([]);
    expect(names(await olivia.get('/api/participants?q=4'))).toContain('Mia Thompson');
    expect(names(await olivia.get('/api/participants?q=%25'))).toEqual([]);
    expect(names(await olivia.get('/api/participants?q=_'))).toEqual([]);
  });

  it('filters by team and status, and pages with the total in meta', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    expect(names(await olivia.get(`/api/participants?teamId=${ids.miaTeam}`))).toEqual(['Mia Thompson']);
    expect(names(await olivia.get('/api/participants?status=pending&q=charlotte'))).toEqual([
      'Charlotte Davies',
    ]);
    const all = (await olivia.get('/api/participants?limit=200')).body.data.map((p: { id: string }) => p.id);
    const pages: string[] = [];
    for (let offset = 0; offset < all.length; offset += 2) {
      const page = await olivia.get(`/api/participants?limit=2&offset=${offset}`);
      expect(page.body.meta).toEqual({ total: all.length, limit: 2, offset });
      pages.push(...page.body.data.map((p: { id: string }) => p.id));
    }
    expect(pages).toEqual(all);
  });

  it('sorts by each key of the schema, either way, empty values last', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const sorted = async (sort: string, order = 'asc') =>
      (await olivia.get(`/api/participants?sort=${sort}&order=${order}&limit=200`)).body.data as {
        name: string;
        planEndDate: string | null;
        alertCount: number;
        teamName: string | null;
        status: string;
      }[];
    const byPlanEnd = await sorted('planEnd');
    const ends = byPlanEnd.map((p) => p.planEndDate);
    const dated = ends.filter((d) => d !== null);
    expect(dated).toEqual([...dated].sort());
    expect(ends.slice(dated.length).every((d) => d === null)).toBe(true);
    expect(byPlanEnd[0]!.name).toBe('Mia Thompson');
    const byPlanEndDesc = (await sorted('planEnd', 'desc')).filter((p) => p.planEndDate !== null);
    expect(byPlanEndDesc.map((p) => p.name)).toEqual(
      byPlanEnd
        .filter((p) => p.planEndDate)
        .map((p) => p.name)
        .reverse(),
    );
    const byAlerts = (await sorted('alerts', 'desc')).map((p) => p.alertCount);
    expect(byAlerts).toEqual([...byAlerts].sort((a, b) => b - a));
    const byTeam = (await sorted('team')).map((p) => p.teamName);
    const named = byTeam.filter((n) => n !== null);
    expect(named).toEqual([...named].sort((a, b) => a.localeCompare(b)));
    expect(byTeam.at(-1)).toBeNull();
    const byStatus = (await sorted('status')).map((p) => p.status);
    expect(byStatus).toEqual([...byStatus].sort());
    const byName = (await sorted('name', 'desc')).map((p) => p.name.toLowerCase());
    expect(byName).toEqual([...byName].sort().reverse());
    expect((await sorted('lastActivity', 'desc')).length).toBe(byName.length);
  });

  it('audits each list request once, with its query, not once per row', async () => {
    const lee = await as('lee.lead@sunrise.example');
    const before = (await auditOf('participant-list', '*')).length;
    await lee.get('/api/participants?q=no&sort=planEnd');
    const entries = await auditOf('participant-list', '*');
    expect(entries.length).toBe(before + 1);
    expect(entries.at(-1)).toMatchObject({
      action: 'viewed',
      actorName: 'Lee Lead',
      metadata: { query: { q: 'no', sort: 'planEnd', order: 'asc', limit: 50, offset: 0 } },
    });
  });

  it('refuses bad query values with 400', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    for (const query of ['sort=age', 'status=gone', 'teamId=abc', 'limit=0', 'archived=maybe']) {
      expect((await olivia.get(`/api/participants?${query}`)).status, query).toBe(400);
    }
  });
});

describe('PATCH /api/participants/{id}', () => {
  it('changes only the fields sent, bumps the version and audits each change with old and new values', async () => {
    const priya = await as('priya.practitioner@sunrise.example');
    const before = (await priya.get(`/api/participants/${ids.mia}`)).body.data;
    const res = await priya.patch(`/api/participants/${ids.mia}`, {
      version: before.version,
      phone: '0423 000 111',
      goals: [' Cook three meals a week', '', 'Join a choir '],
      guardian: { name: '', relationship: '', phone: '', email: '' },
    });
    expect(res.status).toBe(200);
    const after = res.body.data;
    expect(after).toMatchObject({
      version: before.version + 1,
      phone: '0423 000 111',
      goals: ['Cook three meals a week', 'Join a choir'],
      guardian: null,
      // Left out, so left as they were.
      address: before.address,
      medicalInfo: before.medicalInfo,
      emergencyContact: before.emergencyContact,
      alerts: before.alerts,
    });
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(Date.parse(after.lastActivity)).toBeGreaterThan(Date.parse(before.lastActivity));
    const updated = (await auditOf('participant', ids.mia)).filter((e) => e.action === 'updated').at(-1)!;
    expect(updated.actorName).toBe('Priya Practitioner');
    expect(updated.metadata).toEqual({ version: before.version + 1, fromVersion: before.version });
    expect(updated.changes).toEqual([
      { field: 'phone', oldValue: before.phone, newValue: '0423 000 111' },
      { field: 'guardian', oldValue: before.guardian, newValue: null },
      { field: 'goals', oldValue: before.goals, newValue: ['Cook three meals a week', 'Join a choir'] },
    ]);
  });

  it('answers a stale version with 409 and the participant as it is now, writing nothing', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const current = (await olivia.get(`/api/participants/${ids.noah}`)).body.data;
    const res = await olivia.patch(`/api/participants/${ids.noah}`, {
      version: current.version - 1 || 99,
      name: 'Stale',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('CONFLICT');
    expect(res.body.error.details.current).toEqual(current);
    expect((await olivia.get(`/api/participants/${ids.noah}`)).body.data.name).toBe('Noah Williams');
  });

  it('refuses an NDIS number another participant has, naming them, and the same request can go on after', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const noah = (await olivia.get(`/api/participants/${ids.noah}`)).body.data;
    const res = await olivia.patch(`/api/participants/${ids.noah}`, {
      version: noah.version,
      ndisNumber: '431987788',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('NDIS number 431987788 already belongs to Mia Thompson');
    const bad = await olivia.patch(`/api/participants/${ids.noah}`, {
      version: noah.version,
      ndisNumber: '4319877',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Please enter a valid 9-digit NDIS number');
    const unchanged = (await olivia.get(`/api/participants/${ids.noah}`)).body.data;
    expect(unchanged).toMatchObject({ ndisNumber: '432552210', version: noah.version });
  });

  it('answers the record unchanged, with no new version, to a PATCH that changes nothing', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const noah = (await olivia.get(`/api/participants/${ids.noah}`)).body.data;
    const res = await olivia.patch(`/api/participants/${ids.noah}`, {
      version: noah.version,
      name: noah.name,
      guardian: { ...noah.guardian },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.version).toBe(noah.version);
  });

  it('moves a participant between teams only with write:participants on both, and never onto a team with one', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const charlotte = (await olivia.get(`/api/participants/${ids.charlotte}`)).body.data;
    const full = await olivia.patch(`/api/participants/${ids.charlotte}`, {
      version: charlotte.version,
      teamId: ids.miaTeam,
    });
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe('This team already centres on Mia Thompson');

    const team = (await olivia.post('/api/teams', { name: "Charlotte's Care Team" })).body.data;
    const moved = await olivia.patch(`/api/participants/${ids.charlotte}`, {
      version: charlotte.version,
      teamId: team.id,
      status: 'active',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      teamId: team.id,
      teamName: "Charlotte's Care Team",
      status: 'active',
    });
    const entry = (await auditOf('participant', ids.charlotte)).at(-1)!;
    expect(entry.changes).toEqual([
      { field: 'status', oldValue: 'pending', newValue: 'active' },
      { field: 'teamId', oldValue: null, newValue: team.id },
    ]);

    // Priya writes Jordan, but is not on Charlotte's new team (for her it does not exist), and taking
    // him off every team is for tenant-wide roles.
    const priya = await as('priya.practitioner@sunrise.example');
    const jordan = (await priya.get(`/api/participants/${ids.jordan}`)).body.data;
    const elsewhere = await priya.patch(`/api/participants/${ids.jordan}`, {
      version: jordan.version,
      teamId: team.id,
    });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.message).toBe('Team not found');
    const off = await priya.patch(`/api/participants/${ids.jordan}`, {
      version: jordan.version,
      teamId: null,
    });
    expect(off.status).toBe(403);
  });

  it('refuses those who may read but not write: a support worker, a family guardian', async () => {
    for (const email of ['sophie.support@sunrise.example', 'fiona.family@sunrise.example']) {
      const res = await (await as(email)).patch(`/api/participants/${ids.jordan}`, {
        version: 1,
        name: 'Hijacked',
      });
      expect(res.status, email).toBe(403);
    }
    const theo = await as('theo.therapist@sunrise.example');
    expect(
      (await theo.patch(`/api/participants/${ids.jordan}`, { version: 1, name: 'Hijacked' })).status,
    ).toBe(404);
    const olivia = await as('olivia.owner@sunrise.example');
    expect((await olivia.get(`/api/participants/${ids.jordan}`)).body.data.name).toBe('Jordan Lee');
  });
});

describe('archive and restore', () => {
  it('archives (never deletes) for team leads and admins, out of the list until restored', async () => {
    const lee = await as('lee.lead@sunrise.example');
    const noah = (await lee.get(`/api/participants/${ids.noah}`)).body.data;
    expect(
      (
        await (
          await as('priya.practitioner@sunrise.example')
        ).post(`/api/participants/${ids.mia}/archive`, { version: 1 })
      ).status,
    ).toBe(403);
    const stale = await lee.post(`/api/participants/${ids.noah}/archive`, { version: noah.version + 5 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current).toEqual(noah);

    const res = await lee.post(`/api/participants/${ids.noah}/archive`, { version: noah.version });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ archivedAt: expect.any(String), version: noah.version + 1 });
    expect((await lee.get('/api/participants')).body.data.map((p: { id: string }) => p.id)).not.toContain(
      ids.noah,
    );
    expect(
      (await lee.get('/api/participants?archived=true')).body.data.map((p: { id: string }) => p.id),
    ).toEqual([ids.noah]);
    // Still readable; no longer editable.
    expect((await lee.get(`/api/participants/${ids.noah}`)).status).toBe(200);
    const edit = await lee.patch(`/api/participants/${ids.noah}`, {
      version: noah.version + 1,
      phone: '0400 000 001',
    });
    expect(edit.status).toBe(422);
    expect(edit.body.error.message).toBe('This participant is archived. Restore them before making changes.');

    const restored = await lee.post(`/api/participants/${ids.noah}/restore`, { version: noah.version + 1 });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ archivedAt: null, version: noah.version + 2 });
    const actions = (await auditOf('participant', ids.noah)).map((e) => e.action);
    expect(actions).toContain('archived');
    expect(actions.at(-1)).toBe('restored');
  });
});

describe("the list's total", () => {
  /** meta.total of a one-row page, against the participants counted in the database. */
  async function expectTotalsToMatchRows() {
    const olivia = await as('olivia.owner@sunrise.example');
    const rows = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ status: participants.status, archivedAt: participants.archivedAt })
        .from(participants)
        .where(eq(participants.tenantId, sunrise)),
    );
    for (const archived of [false, true]) {
      for (const status of [undefined, 'active', 'inactive', 'pending'] as const) {
        const expected = rows.filter(
          (r) => (r.archivedAt !== null) === archived && (!status || r.status === status),
        ).length;
        const query = `limit=1${archived ? '&archived=true' : ''}${status ? `&status=${status}` : ''}`;
        const res = await olivia.get(`/api/participants?${query}`);
        expect({ query, total: res.body.meta.total }).toEqual({ query, total: expected });
      }
    }
  }

  it('stays the number of participants through creating, status changes, team moves and archiving', async () => {
    await expectTotalsToMatchRows();
    const olivia = await as('olivia.owner@sunrise.example');
    const created = await olivia.post(
      '/api/participants',
      newParticipant({ name: 'Tally Person', ndisNumber: '439900001' }),
    );
    expect(created.status).toBe(201);
    await expectTotalsToMatchRows();
    const id = created.body.data.id as string;
    const active = await olivia.patch(`/api/participants/${id}`, { version: 1, status: 'active' });
    expect(active.status).toBe(200);
    await expectTotalsToMatchRows();
    const archived = await olivia.post(`/api/participants/${id}/archive`, { version: 2 });
    expect(archived.status).toBe(200);
    await expectTotalsToMatchRows();
    // An edit that moves no participant between tallies (a phone number) leaves them as they were.
    const restored = await olivia.post(`/api/participants/${id}/restore`, { version: 3 });
    expect(restored.status).toBe(200);
    expect(
      (await olivia.patch(`/api/participants/${id}`, { version: 4, phone: '0400 111 222' })).status,
    ).toBe(200);
    await expectTotalsToMatchRows();
  });
});

describe('cards name participants of the tenant', () => {
  it("refuses a participant id that is not one of the tenant's with 400 'Participant not found'", async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const harper = (await (await as('ben.owner@bluegum.example', bluegum)).get('/api/participants?q=harper'))
      .body.data[0].id;
    for (const participantId of [harper, randomUUID(), 'participant_jorda3456']) {
      const res = await olivia.post('/api/cards', { teamId: ids.jordanTeam, title: 'Visit', participantId });
      expect(res.status, participantId).toBe(400);
      expect(res.body.error.message).toBe('Participant not found');
    }
    const created = await olivia.post('/api/cards', {
      teamId: ids.jordanTeam,
      title: 'Visit',
      participantId: ids.mia,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.participantId).toBe(ids.mia);
    const card = created.body.data;
    const refused = await olivia.patch(`/api/cards/${card.id}`, {
      version: card.version,
      participantId: harper,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Participant not found');
    const cleared = await olivia.patch(`/api/cards/${card.id}`, {
      version: card.version,
      participantId: null,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.participantId).toBeNull();
    const set = await olivia.patch(`/api/cards/${card.id}`, {
      version: cleared.body.data.version,
      participantId: ids.jordan,
    });
    expect(set.body.data.participantId).toBe(ids.jordan);
  });
});

describe('Idempotency-Key', () => {
  it('creates one participant for a repeated POST with the same key', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const before = await participantCount();
    const headers = { 'idempotency-key': 'participant-create-0001' };
    const body = newParticipant({ name: 'Once Only', ndisNumber: '436660002' });
    const first = await olivia.post('/api/participants', body, headers);
    const again = await olivia.post('/api/participants', body, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await participantCount()).toBe(before + 1);
  });
});

describe('live updates', () => {
  it('tells open pages of the tenant that a participant changed, and the team whose card shows them', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const lee = await t.as('lee.lead@sunrise.example');
    const stream = await connectEventStream(base, lee.cookies, `?tenantId=${sunrise}`);
    try {
      const olivia = await as('olivia.owner@sunrise.example');
      const noah = (await olivia.get(`/api/participants/${ids.noah}`)).body.data;
      await olivia.patch(`/api/participants/${ids.noah}`, {
        version: noah.version,
        alerts: ['Prefers quiet routes'],
      });
      const events = await stream.until((e) => e.entity === 'team');
      expect(events.slice(-2)).toEqual([
        { type: 'updated', entity: 'participant', id: ids.noah, version: noah.version + 1 },
        { type: 'updated', entity: 'team', id: ids.noahTeam, version: null },
      ]);
      const created = await olivia.post(
        '/api/participants',
        newParticipant({ name: 'Live One', ndisNumber: '436660001' }),
      );
      const [event] = await stream.until((e) => e.entity === 'participant');
      expect(event).toEqual({ type: 'created', entity: 'participant', id: created.body.data.id, version: 1 });
    } finally {
      // Closing the app ends the open stream (aborting it from this side would leave the socket to
      // hold the shutdown), as the change feed's own tests do; this is the file's last test.
      isClosed = true;
      await t.close();
      await stream.ended();
    }
  });
});
