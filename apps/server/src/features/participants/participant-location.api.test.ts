import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { participants } from '../../db/schema/participants';
import { participantLocation } from './participant-location';

/**
 * Where a participant lives (issue 14): `state` (null: the organisation's) and `monashModel` (MMM
 * 1-7) on create, edit and the full record, never in a family guardian's summary, and the location
 * the time-entry pricing reads (`participantLocation`).
 */

let t: TestApp;
let sunrise: string;
let bluegum: string;
const ids = { jordan: '', charlotte: '', oliver: '', harper: '' };

const as = async (email: string, tenant = sunrise) => (await t.as(email)).inTenant(tenant);
const olivia = () => as('olivia.owner@sunrise.example');

const newParticipant = (overrides: Record<string, unknown> = {}) => ({
  name: 'Riley Tran',
  ndisNumber: '431234567',
  dateOfBirth: '2004-02-11',
  ...overrides,
});

async function participantCount(): Promise<number> {
  const [row] = await t.readInTenant(sunrise, (tx) =>
    tx.select({ n: count() }).from(participants).where(eq(participants.tenantId, sunrise)),
  );
  return row!.n;
}

function auditOf(entityId: string, tenantId = sunrise) {
  return t.readInTenant(tenantId, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'participant'), eq(auditLog.entityId, entityId)))
      .orderBy(asc(auditLog.at), asc(auditLog.id)),
  );
}

const locationOf = (tenantId: string, participantId: string | null) =>
  t.readInTenant(tenantId, (tx) => participantLocation(tx, tenantId, participantId));

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const idOf = async (tenantId: string, name: string) => {
    const owner = tenantId === sunrise ? await olivia() : await as('ben.owner@bluegum.example', bluegum);
    const list = (await owner.get(`/api/participants?q=${encodeURIComponent(name)}`)).body.data;
    return list.find((p: { name: string }) => p.name === name).id as string;
  };
  ids.jordan = await idOf(sunrise, 'Jordan Lee');
  ids.charlotte = await idOf(sunrise, 'Charlotte Davies');
  ids.oliver = await idOf(bluegum, 'Oliver Smith');
  ids.harper = await idOf(bluegum, 'Harper Nguyen');
});
afterAll(async () => {
  await t.close();
});

describe('the demo participants', () => {
  it('live mostly in their organisation’s state, metropolitan; one regional (MMM 4) and one remote (MMM 6)', async () => {
    const sunriseOwner = await olivia();
    const jordan = (await sunriseOwner.get(`/api/participants/${ids.jordan}`)).body.data;
    expect(jordan).toMatchObject({ state: null, monashModel: 1 });
    const charlotte = (await sunriseOwner.get(`/api/participants/${ids.charlotte}`)).body.data;
    expect(charlotte).toMatchObject({ state: null, monashModel: 4 });
    expect(charlotte.address).toContain('Mudgee');
    const ben = await as('ben.owner@bluegum.example', bluegum);
    expect((await ben.get(`/api/participants/${ids.harper}`)).body.data).toMatchObject({
      state: null,
      monashModel: 1,
    });
    const oliver = (await ben.get(`/api/participants/${ids.oliver}`)).body.data;
    expect(oliver).toMatchObject({ state: 'NSW', monashModel: 6 });
    expect(oliver.address).toContain('Cobar');
  });
});

describe('POST /api/participants', () => {
  it('makes a participant without a state or MMM the organisation’s, metropolitan', async () => {
    const res = await (await olivia()).post('/api/participants', newParticipant());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ state: null, monashModel: 1 });
    const [created] = await auditOf(res.body.data.id);
    expect(created!.changes).toContainEqual({ field: 'monashModel', oldValue: null, newValue: 1 });
    // "Same as organisation" is no value of its own: nothing to record.
    expect(created!.changes.map((c) => c.field)).not.toContain('state');
  });

  it('keeps the state and MMM given, in the record, when read back, and in the audit log', async () => {
    const owner = await olivia();
    const res = await owner.post(
      '/api/participants',
      newParticipant({ name: 'Kai Walker', ndisNumber: '431234570', state: 'NT', monashModel: 7 }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ state: 'NT', monashModel: 7 });
    expect((await owner.get(`/api/participants/${res.body.data.id}`)).body.data).toEqual(res.body.data);
    const [created] = await auditOf(res.body.data.id);
    expect(created!.changes).toContainEqual({ field: 'state', oldValue: null, newValue: 'NT' });
    expect(created!.changes).toContainEqual({ field: 'monashModel', oldValue: null, newValue: 7 });
  });

  it.each([
    ['a state that is not one', { state: 'NZ' }, 'state', 'Choose a state or territory'],
    ['a state in lower case', { state: 'vic' }, 'state', 'Choose a state or territory'],
    ['an empty state', { state: '' }, 'state', 'Choose a state or territory'],
    ['MMM 0', { monashModel: 0 }, 'monashModel', 'Choose a remoteness from MMM 1 to MMM 7'],
    ['MMM 8', { monashModel: 8 }, 'monashModel', 'Choose a remoteness from MMM 1 to MMM 7'],
    ['MMM 4.5', { monashModel: 4.5 }, 'monashModel', 'Choose a remoteness from MMM 1 to MMM 7'],
    ['MMM as text', { monashModel: '4' }, 'monashModel', 'Choose a remoteness from MMM 1 to MMM 7'],
  ])('refuses %s with 400 on the field, and writes nothing', async (_, value, field, message) => {
    const before = await participantCount();
    const res = await (await olivia()).post(
      '/api/participants',
      newParticipant({ name: 'Not Written', ndisNumber: '439990011', ...value }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ path: [field], message }));
    expect(await participantCount()).toBe(before);
  });

  it('takes them from the care-team wizard’s new participant too', async () => {
    const res = await (await olivia()).post('/api/care-teams', {
      participant: newParticipant({
        name: 'Ari Wilson',
        ndisNumber: '431234571',
        state: 'QLD',
        monashModel: 3,
      }),
      team: { name: "Ari's Care Team" },
      templateSet: 'community',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.participant).toMatchObject({ name: 'Ari Wilson', state: 'QLD', monashModel: 3 });
    const bad = await (await olivia()).post('/api/care-teams', {
      participant: newParticipant({ name: 'Bad Place', ndisNumber: '431234572', monashModel: 9 }),
      team: { name: 'Bad Place Team' },
      templateSet: 'community',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toContainEqual(
      expect.objectContaining({ path: ['participant', 'monashModel'] }),
    );
  });
});

describe('PATCH /api/participants/{id}', () => {
  it('changes the state and MMM, auditing old and new values, and null goes back to the organisation’s', async () => {
    const owner = await olivia();
    const created = (
      await owner.post('/api/participants', newParticipant({ name: 'Lou Park', ndisNumber: '431234573' }))
    ).body.data;
    const moved = await owner.patch(`/api/participants/${created.id}`, {
      version: created.version,
      state: 'VIC',
      monashModel: 5,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ state: 'VIC', monashModel: 5, version: created.version + 1 });
    let entry = (await auditOf(created.id)).at(-1)!;
    expect(entry.action).toBe('updated');
    expect(entry.changes).toEqual([
      { field: 'state', oldValue: null, newValue: 'VIC' },
      { field: 'monashModel', oldValue: 1, newValue: 5 },
    ]);

    // Left out, the MMM stays; the state goes back to "Same as organisation".
    const back = await owner.patch(`/api/participants/${created.id}`, {
      version: created.version + 1,
      state: null,
    });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ state: null, monashModel: 5 });
    entry = (await auditOf(created.id)).at(-1)!;
    expect(entry.changes).toEqual([{ field: 'state', oldValue: 'VIC', newValue: null }]);

    // The same values again are no change: no new version, nothing audited.
    const same = await owner.patch(`/api/participants/${created.id}`, {
      version: created.version + 2,
      state: null,
      monashModel: 5,
    });
    expect(same.body.data.version).toBe(created.version + 2);
    expect((await auditOf(created.id)).at(-1)!.id).toBe(entry.id);
  });

  it('refuses bad values with 400 and leaves the participant as it was', async () => {
    const owner = await olivia();
    const jordan = (await owner.get(`/api/participants/${ids.jordan}`)).body.data;
    for (const [value, field] of [
      [{ state: 'Victoria' }, 'state'],
      [{ monashModel: 0 }, 'monashModel'],
      [{ monashModel: null }, 'monashModel'],
    ] as const) {
      const res = await owner.patch(`/api/participants/${ids.jordan}`, { version: jordan.version, ...value });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.error.details).toContainEqual(expect.objectContaining({ path: [field] }));
    }
    expect((await owner.get(`/api/participants/${ids.jordan}`)).body.data).toMatchObject({
      state: jordan.state,
      monashModel: jordan.monashModel,
      version: jordan.version,
    });
  });
});

describe('a family guardian’s summary', () => {
  it('says nothing of where the participant lives', async () => {
    const owner = await olivia();
    const jordan = (await owner.get(`/api/participants/${ids.jordan}`)).body.data;
    const patched = await owner.patch(`/api/participants/${ids.jordan}`, {
      version: jordan.version,
      state: 'TAS',
      monashModel: 3,
    });
    expect(patched.status).toBe(200);
    const res = await (await as('fiona.family@sunrise.example')).get(`/api/participants/${ids.jordan}`);
    expect(res.status).toBe(200);
    expect(res.body.data.view).toBe('summary');
    expect(res.body.data).not.toHaveProperty('state');
    expect(res.body.data).not.toHaveProperty('monashModel');
    expect(JSON.stringify(res.body)).not.toContain('TAS');
    // Put back for the tests that follow.
    await owner.patch(`/api/participants/${ids.jordan}`, {
      version: patched.body.data.version,
      state: null,
      monashModel: 1,
    });
  });
});

describe('participantLocation', () => {
  it('gives a participant without a state the organisation’s: its address’s state, else its time zone’s', async () => {
    // Sunrise has no address and keeps Sydney's time.
    expect(await locationOf(sunrise, ids.jordan)).toEqual({ state: 'NSW', monashModel: 1 });
    expect(await locationOf(sunrise, ids.charlotte)).toEqual({ state: 'NSW', monashModel: 4 });
    expect(await locationOf(sunrise, null)).toEqual({ state: 'NSW', monashModel: 1 });

    const owner = await olivia();
    const tenant = (await owner.get('/api/tenants/current')).body.data;
    const moved = await owner.patch('/api/tenants/current', {
      version: tenant.version,
      profile: {
        ...tenant.profile,
        address: {
          street: '1 Eagle Street',
          city: 'Brisbane',
          state: 'Queensland',
          postcode: '4000',
          country: 'Australia',
        },
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    try {
      expect(await locationOf(sunrise, ids.jordan)).toEqual({ state: 'QLD', monashModel: 1 });
      expect(await locationOf(sunrise, null)).toEqual({ state: 'QLD', monashModel: 1 });
    } finally {
      await owner.patch('/api/tenants/current', {
        version: moved.body.data.version,
        profile: tenant.profile,
      });
    }
  });

  it('gives a participant with a state of their own theirs, whatever the organisation’s', async () => {
    expect(await locationOf(bluegum, ids.oliver)).toEqual({ state: 'NSW', monashModel: 6 });
    const owner = await olivia();
    const created = await owner.post(
      '/api/participants',
      newParticipant({ name: 'Wren Hall', ndisNumber: '431234574', state: 'WA', monashModel: 6 }),
    );
    expect(await locationOf(sunrise, created.body.data.id)).toEqual({ state: 'WA', monashModel: 6 });
  });

  it("refuses another tenant's participant, a missing one and a malformed id as 'Participant not found'", async () => {
    for (const id of [ids.oliver, randomUUID(), 'participant_jorda3456']) {
      await expect(locationOf(sunrise, id)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Participant not found',
      });
    }
  });
});
