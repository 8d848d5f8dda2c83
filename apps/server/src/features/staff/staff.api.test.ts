import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { users } from '../../db/schema/users';

let t: TestApp;
let sunrise: string;
let bluegum: string;

const people = {
  olivia: 'olivia.owner@sunrise.example',
  adam: 'adam.admin@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  priya: 'priya.practitioner@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
  fiona: 'fiona.family@sunrise.example',
  theo: 'theo.therapist@sunrise.example',
  gus: 'gus.guest@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
  ben: 'ben.owner@bluegum.example',
} as const;
type Person = keyof typeof people;
const ids = {} as Record<Person, string>;

const as = async (person: Person, tenant = sunrise) => (await t.as(people[person])).inTenant(tenant);
const put = (client: TestClient, userId: string, payload: unknown) =>
  client.request({ method: 'PUT', url: `/api/staff/${userId}`, payload: payload as never });
const names = (list: { name: string }[]) => list.map((p) => p.name);

/** A date `days` from today in Sydney (the demo tenants' time zone), as yyyy-mm-dd. */
function sydneyDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const auditOf = (userId: string) =>
  t.readInTenant(sunrise, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staff-profile'), eq(auditLog.entityId, userId)))
      .orderBy(asc(auditLog.at)),
  );

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const rows = await t.readAsGlobalAdmin((tx) => tx.select({ id: users.id, email: users.email }).from(users));
  for (const [person, email] of Object.entries(people)) {
    ids[person as Person] = rows.find((r) => r.email === email)!.id;
  }
});
afterAll(() => t.close());

describe('a person and their own profile', () => {
  it('reads an empty profile at version 0 before it is first saved', async () => {
    const res = await (await as('sophie')).get(`/api/staff/${ids.sophie}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      userId: ids.sophie,
      name: 'Sophie Support',
      email: people.sophie,
      role: 'member',
      qualifications: [],
      registrations: [],
      specializations: [],
      supervisorId: null,
      supervisorName: null,
      workingWithChildrenCheck: null,
      workerScreening: null,
      screening: 'missing',
      childrenCheck: 'missing',
      version: 0,
      updatedAt: null,
    });
  });

  it('lists only themselves', async () => {
    const res = await (await as('sophie')).get('/api/staff');
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual(['Sophie Support']);
    expect(res.body.meta).toEqual({ total: 1, limit: 200, offset: 0 });
  });

  it('creates the profile without a version, then saves from the version it read', async () => {
    const sophie = await as('sophie');
    const created = await put(sophie, ids.sophie, {
      qualifications: ['  Certificate IV in Disability  ', ''],
      registrations: [{ type: 'First Aid', number: 'FA-1234', expiryDate: sydneyDate(400) }],
      specializations: ['Autism support'],
      supervisorId: ids.lee,
      workingWithChildrenCheck: { number: 'WWC0012345E', expiryDate: sydneyDate(10) },
      workerScreening: { number: 'NWS-778899', expiryDate: sydneyDate(-2) },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      qualifications: ['Certificate IV in Disability'],
      supervisorId: ids.lee,
      supervisorName: 'Lee Lead',
      screening: 'expired',
      childrenCheck: 'expiring',
      version: 1,
    });
    expect(created.body.data.updatedAt).not.toBeNull();

    const saved = await put(sophie, ids.sophie, {
      ...created.body.data,
      version: 1,
      workerScreening: { number: 'NWS-778899', expiryDate: sydneyDate(900) },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ screening: 'current', version: 2 });
  });

  it('audits each save with the old and new values', async () => {
    const entries = await auditOf(ids.sophie);
    expect(entries.map((e) => e.action)).toEqual(['created', 'updated']);
    expect(entries[0]).toMatchObject({ actorId: ids.sophie, tenantId: sunrise });
    expect(entries[0]!.changes).toContainEqual({ field: 'supervisorId', oldValue: null, newValue: ids.lee });
    expect(entries[1]!.changes).toEqual([
      {
        field: 'workerScreening',
        oldValue: { number: 'NWS-778899', expiryDate: sydneyDate(-2) },
        newValue: { number: 'NWS-778899', expiryDate: sydneyDate(900) },
      },
    ]);
  });

  it('answers 409 with the current profile to a stale version or a second first save', async () => {
    const sophie = await as('sophie');
    const stale = await put(sophie, ids.sophie, { version: 1, qualifications: ['Overwritten'] });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('CONFLICT');
    expect(stale.body.error.details.current).toMatchObject({
      userId: ids.sophie,
      version: 2,
      qualifications: ['Certificate IV in Disability'],
    });
    const again = await put(sophie, ids.sophie, { qualifications: ['Overwritten'] });
    expect(again.status).toBe(409);
    expect(again.body.error.details.current.version).toBe(2);
    // A version sent for a profile never saved is stale too.
    const theo = await put(await as('theo'), ids.theo, { version: 3 });
    expect(theo.status).toBe(409);
    expect(theo.body.error.details.current.version).toBe(0);
    expect((await auditOf(ids.sophie)).length).toBe(2);
  });

  it('writes nothing when a save changes nothing', async () => {
    const sophie = await as('sophie');
    const current = (await sophie.get(`/api/staff/${ids.sophie}`)).body.data;
    const res = await put(sophie, ids.sophie, current);
    expect(res.status).toBe(200);
    expect(res.body.data.version).toBe(2);
    expect((await auditOf(ids.sophie)).length).toBe(2);
  });

  it('shows an expired check on the teams the person is on', async () => {
    const sophie = await as('sophie');
    const current = (await sophie.get(`/api/staff/${ids.sophie}`)).body.data;
    const memberOnJordan = async () => {
      const teams = (await (await as('lee')).get('/api/teams')).body.data as {
        name: string;
        members: { userId: string; screeningExpired: boolean }[];
      }[];
      return teams.find((x) => x.name === "Jordan's Care Team")!.members.find((m) => m.userId === ids.sophie)!
        .screeningExpired;
    };
    expect(await memberOnJordan()).toBe(false);
    const expired = await put(sophie, ids.sophie, {
      ...current,
      workingWithChildrenCheck: { number: 'WWC0012345E', expiryDate: sydneyDate(-1) },
    });
    expect(expired.body.data.childrenCheck).toBe('expired');
    expect(await memberOnJordan()).toBe(true);
    // Jordan's family guardian reads the team, not its staff's screening checks.
    const fionaTeams = (await (await as('fiona')).get('/api/teams')).body.data as {
      name: string;
      members: { userId: string; screeningExpired: boolean }[];
    }[];
    const sophieForFiona = fionaTeams
      .find((x) => x.name === "Jordan's Care Team")!
      .members.find((m) => m.userId === ids.sophie)!;
    expect(sophieForFiona.screeningExpired).toBe(false);
  });
});

describe('supervisors', () => {
  it('lists the owners, admins and members of the tenant, not guests or auditors', async () => {
    const res = await (await as('sophie')).get('/api/staff/supervisors');
    expect(res.status).toBe(200);
    expect(names(res.body.data)).toEqual([
      'Adam Admin',
      'Fiona Family',
      'Lee Lead',
      'Olivia Owner',
      'Priya Practitioner',
      'Sophie Support',
      'Theo Therapist',
    ]);
    expect(res.body.data[0]).toEqual({ userId: ids.adam, name: 'Adam Admin' });
  });

  it('refuses a guest the list of people', async () => {
    const res = await (await as('gus')).get('/api/staff/supervisors');
    expect(res.status).toBe(403);
  });

  it('refuses a supervisor who is not a member, one of another tenant, or the person themselves', async () => {
    const priya = await as('priya');
    for (const supervisorId of [ids.gus, ids.aria, ids.ben, '0190a7c0-0000-7000-8000-000000000000']) {
      const res = await put(priya, ids.priya, { supervisorId });
      expect(res.status, supervisorId).toBe(400);
      expect(res.body.error).toMatchObject({
        message: 'Supervisor not found',
        details: [{ path: ['supervisorId'], message: 'Supervisor not found' }],
      });
    }
    const self = await put(priya, ids.priya, { supervisorId: ids.priya });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toBe('A person cannot be their own supervisor');
    expect((await priya.get(`/api/staff/${ids.priya}`)).body.data.version).toBe(0);
  });

  it('refuses a registration without its number with the form message', async () => {
    const res = await put(await as('priya'), ids.priya, {
      registrations: [{ type: 'AHPRA', number: ' ', expiryDate: null }],
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error.details)).toContain('Please enter the registration number');
  });
});

describe('who reads and edits whose profile', () => {
  it('lets tenant admins and auditors list every member of the tenant', async () => {
    const everyone = [
      'Adam Admin',
      'Aria Auditor',
      'Fiona Family',
      'Gus Guest',
      'Lee Lead',
      'Olivia Owner',
      'Priya Practitioner',
      'Sophie Support',
      'Theo Therapist',
    ];
    for (const person of ['adam', 'aria'] as const) {
      const res = await (await as(person)).get('/api/staff');
      expect(res.status).toBe(200);
      expect(names(res.body.data), person).toEqual(everyone);
      expect(res.body.meta.total).toBe(9);
    }
    const page = await (await as('olivia')).get('/api/staff?limit=2&offset=2');
    expect(names(page.body.data)).toEqual(['Fiona Family', 'Gus Guest']);
    expect(page.body.meta).toEqual({ total: 9, limit: 2, offset: 2 });
  });

  it('lets a team lead read the people on their teams, and edit none of them', async () => {
    const lee = await as('lee');
    const list = await lee.get('/api/staff');
    expect(names(list.body.data)).toEqual([
      'Fiona Family',
      'Lee Lead',
      'Priya Practitioner',
      'Sophie Support',
    ]);
    const sophie = await lee.get(`/api/staff/${ids.sophie}`);
    expect(sophie.status).toBe(200);
    expect(sophie.body.data.workerScreening.number).toBe('NWS-778899');
    const edit = await put(lee, ids.sophie, { version: sophie.body.data.version, qualifications: ['x'] });
    expect(edit.status).toBe(403);
    expect((await lee.get(`/api/staff/${ids.theo}`)).status).toBe(404);
  });

  it('hides others from a support worker of another team, and from a practitioner', async () => {
    const gus = await as('gus');
    expect(names((await gus.get('/api/staff')).body.data)).toEqual(['Gus Guest']);
    for (const person of ['sophie', 'lee', 'olivia'] as const) {
      const read = await gus.get(`/api/staff/${ids[person]}`);
      expect(read.status, person).toBe(404);
      expect(JSON.stringify(read.body)).not.toContain('NWS-778899');
      expect((await put(gus, ids[person], { qualifications: ['x'] })).status, person).toBe(404);
    }
    const priya = await as('priya');
    expect((await priya.get(`/api/staff/${ids.sophie}`)).status).toBe(404);
  });

  it('lets the auditor read but not edit', async () => {
    const aria = await as('aria');
    const read = await aria.get(`/api/staff/${ids.sophie}`);
    expect(read.status).toBe(200);
    expect((await put(aria, ids.sophie, { version: read.body.data.version })).status).toBe(403);
  });

  it("lets a tenant admin edit anyone's profile, audited as the admin", async () => {
    const adam = await as('adam');
    const current = (await adam.get(`/api/staff/${ids.sophie}`)).body.data;
    const res = await put(adam, ids.sophie, { ...current, specializations: ['Positive behaviour support'] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      specializations: ['Positive behaviour support'],
      version: current.version + 1,
    });
    const last = (await auditOf(ids.sophie)).at(-1)!;
    expect(last).toMatchObject({ actorId: ids.adam, action: 'updated' });
    expect(last.changes).toEqual([
      { field: 'specializations', oldValue: ['Autism support'], newValue: ['Positive behaviour support'] },
    ]);
  });

  it('answers 404 for someone who is not a member of the tenant', async () => {
    const adam = await as('adam');
    expect((await adam.get(`/api/staff/${ids.ben}`)).status).toBe(404);
    expect((await put(adam, ids.ben, {})).status).toBe(404);
  });
});

describe('another tenant', () => {
  it("answers 404 to a stranger sending this tenant's id", async () => {
    const ben = await as('ben');
    for (const url of ['/api/staff', '/api/staff/supervisors', `/api/staff/${ids.sophie}`]) {
      const res = await ben.get(url);
      expect(res.status, url).toBe(404);
      expect(res.body.error.message).toBe('Organisation not found');
    }
    expect((await put(ben, ids.sophie, { qualifications: ['x'] })).status).toBe(404);
  });

  it('keeps a person’s profile in each tenant apart', async () => {
    const priyaSunrise = await as('priya');
    const saved = await put(priyaSunrise, ids.priya, { qualifications: ['Bachelor of Psychology'] });
    expect(saved.status).toBe(200);
    const ben = await as('ben', bluegum);
    expect(names((await ben.get('/api/staff')).body.data)).toEqual(['Ben Owner', 'Priya Practitioner']);
    const inBluegum = await ben.get(`/api/staff/${ids.priya}`);
    expect(inBluegum.body.data).toMatchObject({ qualifications: [], version: 0 });
    expect((await ben.get(`/api/staff/${ids.sophie}`)).status).toBe(404);
  });
});
