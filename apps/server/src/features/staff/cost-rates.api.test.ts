import { costRateMessages } from '@wattle/domain/staff/cost-rates';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { memberships } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';

/**
 * GET /api/staff/cost-rates and PUT /api/staff/{userId}/cost-rate against the real app: who may read
 * and set a person's hourly cost rate, the limits, another organisation's people, and the audit trail.
 */
let t: TestApp;
let sunrise: string;
let bluegum: string;
const people = {
  olivia: 'olivia.owner@sunrise.example',
  adam: 'adam.admin@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
  gus: 'gus.guest@sunrise.example',
  ben: 'ben.owner@bluegum.example',
} as const;
type Person = keyof typeof people;
const ids = {} as Record<Person, string>;
const as = async (person: Person, tenant = sunrise) => (await t.as(people[person])).inTenant(tenant);
const put = (client: TestClient, userId: string, payload: unknown) =>
  client.request({ method: 'PUT', url: `/api/staff/${userId}/cost-rate`, payload: payload as never });

const storedRate = async (userId: string, tenant = sunrise) => {
  const [row] = await t.readInTenant(tenant, (tx) =>
    tx
      .select({ cents: memberships.hourlyCostRateCents })
      .from(memberships)
      .where(and(eq(memberships.tenantId, tenant), eq(memberships.userId, userId))),
  );
  return row?.cents;
};
const auditOf = (userId: string) =>
  t.readInTenant(sunrise, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'staff-cost-rate'), eq(auditLog.entityId, userId)))
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

describe("owners and admins and people's cost rates", () => {
  it("lists the organisation's people by name, each rate not set at first", async () => {
    const res = await (await as('olivia')).get('/api/staff/cost-rates');
    expect(res.status).toBe(200);
    const sophie = res.body.data.find((p: { userId: string }) => p.userId === ids.sophie);
    expect(sophie).toEqual({
      userId: ids.sophie,
      name: 'Sophie Support',
      email: people.sophie,
      role: 'member',
      hourlyCostRateCents: null,
    });
    const names: string[] = res.body.data.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).not.toContain('Ben Owner');
    expect(res.body.meta.total).toBe(res.body.data.length);
  });

  it('an owner sets a rate, an admin changes it, and the list shows it', async () => {
    const set = await put(await as('olivia'), ids.sophie, { hourlyCostRateCents: 6845 });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ userId: ids.sophie, hourlyCostRateCents: 6845 });
    expect(await storedRate(ids.sophie)).toBe(6845);

    const changed = await put(await as('adam'), ids.sophie, { hourlyCostRateCents: 7500 });
    expect(changed.status).toBe(200);
    const list = await (await as('adam')).get('/api/staff/cost-rates');
    expect(list.body.data.find((p: { userId: string }) => p.userId === ids.sophie).hourlyCostRateCents).toBe(
      7500,
    );
  });

  it('takes $0.00 and $1,000.00 an hour, and null clears the rate', async () => {
    const olivia = await as('olivia');
    expect((await put(olivia, ids.lee, { hourlyCostRateCents: 0 })).status).toBe(200);
    expect(await storedRate(ids.lee)).toBe(0);
    expect((await put(olivia, ids.lee, { hourlyCostRateCents: 100_000 })).status).toBe(200);
    expect(await storedRate(ids.lee)).toBe(100_000);
    const cleared = await put(olivia, ids.lee, { hourlyCostRateCents: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.hourlyCostRateCents).toBeNull();
    expect(await storedRate(ids.lee)).toBeNull();
  });

  it('refuses a rate out of range or not in whole cents, naming the field, and keeps the old one', async () => {
    const olivia = await as('olivia');
    for (const [value, message] of [
      [100_001, costRateMessages.range],
      [-1, costRateMessages.range],
      [68.455, costRateMessages.wholeCents],
      ['68.45', costRateMessages.range],
    ] as const) {
      const res = await put(olivia, ids.sophie, { hourlyCostRateCents: value });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details).toEqual([
        expect.objectContaining({ path: ['hourlyCostRateCents'], message }),
      ]);
    }
    expect(await storedRate(ids.sophie)).toBe(7500);
  });

  it('audits each change with the old and new rate, and nothing when the rate is unchanged', async () => {
    await put(await as('olivia'), ids.sophie, { hourlyCostRateCents: 7500 });
    const entries = await auditOf(ids.sophie);
    expect(entries.map((e) => [e.action, e.actorId, e.changes])).toEqual([
      ['updated', ids.olivia, [{ field: 'hourlyCostRateCents', oldValue: null, newValue: 6845 }]],
      ['updated', ids.adam, [{ field: 'hourlyCostRateCents', oldValue: 6845, newValue: 7500 }]],
    ]);
    const lee = await auditOf(ids.lee);
    expect(lee.map((e) => e.action)).toEqual(['updated', 'updated', 'cleared']);
    expect(lee.at(-1)!.changes).toEqual([
      { field: 'hourlyCostRateCents', oldValue: 100_000, newValue: null },
    ]);
  });

  it('finds nobody outside the organisation (404)', async () => {
    const res = await put(await as('olivia'), ids.ben, { hourlyCostRateCents: 6845 });
    expect(res.status).toBe(404);
    expect(await storedRate(ids.ben, bluegum)).toBeNull();
  });
});

describe('everyone else', () => {
  it('team leads, auditors, members and guests may neither read nor set rates (403)', async () => {
    for (const person of ['lee', 'aria', 'sophie', 'gus'] as const) {
      const client = await as(person);
      expect((await client.get('/api/staff/cost-rates')).status, person).toBe(403);
      expect((await put(client, ids.sophie, { hourlyCostRateCents: 1 })).status, person).toBe(403);
    }
    expect(await storedRate(ids.sophie)).toBe(7500);
  });

  it("another organisation's owner neither sees nor sets Sunrise's rates", async () => {
    const ben = await as('ben', bluegum);
    const list = await ben.get('/api/staff/cost-rates');
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { userId: string }) => p.userId)).not.toContain(ids.sophie);
    expect((await put(ben, ids.sophie, { hourlyCostRateCents: 1 })).status).toBe(404);
    const asSunrise = await (await t.as(people.ben)).inTenant(sunrise);
    expect((await asSunrise.get('/api/staff/cost-rates')).status).toBe(404);
    expect(await storedRate(ids.sophie)).toBe(7500);
  });
});

describe('the OpenAPI document', () => {
  it('describes both routes with their rules', async () => {
    const doc = (await (await as('olivia')).get('/api/openapi.json')).body;
    expect(doc.paths['/api/staff/cost-rates'].get.description).toContain('not what it bills');
    expect(doc.paths['/api/staff/{userId}/cost-rate'].put.description).toContain('0 to 100000');
  });
});
