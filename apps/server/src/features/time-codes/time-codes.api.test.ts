import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { timeCodes } from '../../db/schema/catalogue';
import { catalogueMultipart, sampleRows, toCsv, withCell } from '../support-catalogue/catalogue-test-files';

let t: TestApp;
let sunrise: string;
let bluegum: string;

const emails = {
  olivia: 'olivia.owner@sunrise.example',
  adam: 'adam.admin@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
  fiona: 'fiona.family@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
  ben: 'ben.owner@bluegum.example',
  nina: 'nina.new@wattle.example',
};

async function client(person: keyof typeof emails, tenant = sunrise): Promise<TestClient> {
  return (await t.as(emails[person])).inTenant(tenant);
}

async function codesIn(tenantId: string) {
  return t.readInTenant(tenantId, async (tx) => {
    const [codes] = await tx.select({ n: count() }).from(timeCodes);
    const [audits] = await tx
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.entity, 'time-code')));
    return { codes: codes?.n ?? 0, audits: audits?.n ?? 0 };
  });
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
});
afterAll(() => t.close());

describe('GET /api/time-codes', () => {
  it('lists the demo codes with the price limit of the tenant’s state, inactive ones included', async () => {
    const res = await (await client('sophie')).get('/api/time-codes');
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(8);
    const byCode = Object.fromEntries(res.body.data.map((c: { code: string }) => [c.code, c]));
    expect(byCode['01_011_0107_1_1']).toEqual({
      id: expect.any(String),
      code: '01_011_0107_1_1',
      description: 'Personal care and daily living',
      category: 'core',
      hourlyRateCents: 6845,
      isActive: true,
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      priceLimitState: 'NSW',
      priceLimitCents: 7023,
      isInCatalogue: true,
    });
    expect(byCode['15_054_0128_6_1']).toMatchObject({ category: 'capacity', hourlyRateCents: 19399 });
    expect(byCode['01_020_0120_1_1']).toMatchObject({ isActive: false });
    expect(res.body.data.map((c: { code: string }) => c.code)).toEqual(Object.keys(byCode).sort());
  });

  it('is read by whoever writes time, and refused to family guardians and auditors', async () => {
    for (const person of ['olivia', 'lee', 'sophie'] as const) {
      expect((await (await client(person)).get('/api/time-codes')).status, person).toBe(200);
    }
    for (const person of ['fiona', 'aria'] as const) {
      expect((await (await client(person)).get('/api/time-codes')).status, person).toBe(403);
    }
  });
});

describe('POST /api/time-codes', () => {
  it('adds a code for a support item, its category and description from the item, and audits it', async () => {
    const before = await codesIn(sunrise);
    const res = await (await client('olivia')).post('/api/time-codes', {
      code: '12_027_0126_3_3',
      hourlyRateCents: 16000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      code: '12_027_0126_3_3',
      description: 'Exercise Physiology',
      category: 'capacity',
      hourlyRateCents: 16000,
      isActive: true,
      version: 1,
      priceLimitCents: 16699,
    });
    expect(await codesIn(sunrise)).toEqual({ codes: before.codes + 1, audits: before.audits + 1 });

    const again = await (await client('adam')).post('/api/time-codes', {
      code: '12_027_0126_3_3',
      hourlyRateCents: 15000,
      description: 'Exercise physiology again',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('There is already a time code for 12_027_0126_3_3.');
  });

  it('takes a rate at the price limit and refuses one above it, stating the limit', async () => {
    const atLimit = await (await client('olivia')).post('/api/time-codes', {
      code: '01_013_0107_1_1',
      description: 'Personal care - Saturday',
      hourlyRateCents: 9883,
    });
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(201);

    const before = await codesIn(sunrise);
    const over = await (await client('olivia')).post('/api/time-codes', {
      code: '01_015_0107_1_1',
      hourlyRateCents: 7800,
    });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The hourly rate $78.00 is above the NSW price limit of $77.38 for 01_015_0107_1_1.',
      details: [{ path: ['hourlyRateCents'] }],
    });
    expect(await codesIn(sunrise)).toEqual(before);
  });

  it('refuses capital supports, items not priced by the hour and items not in the catalogue', async () => {
    const before = await codesIn(sunrise);
    const cases: [string, string][] = [
      [
        '05_091206111_0103_1_2',
        '05_091206111_0103_1_2 is a capital support (Assistive Technology); only core and capacity building supports can be time codes.',
      ],
      [
        '14_033_0127_8_3',
        '14_033_0127_8_3 is priced per month, not per hour; a time code needs a support item priced by the hour.',
      ],
      ['01_999_0107_1_1', '01_999_0107_1_1 is not in the 2025-26 NDIS Support Catalogue in force today.'],
    ];
    for (const [code, message] of cases) {
      const res = await (await client('olivia')).post('/api/time-codes', { code, hourlyRateCents: 5000 });
      expect(res.status, code).toBe(400);
      expect(res.body.error.message, code).toBe(message);
    }
    const malformed = await (await client('olivia')).post('/api/time-codes', {
      code: '01_011_107_1_1',
      hourlyRateCents: 5000,
    });
    expect(malformed.status).toBe(400);
    expect(await codesIn(sunrise)).toEqual(before);
  });

  it('is for those who manage rates', async () => {
    const before = await codesIn(sunrise);
    for (const person of ['lee', 'sophie', 'aria', 'fiona'] as const) {
      const res = await (await client(person)).post('/api/time-codes', {
        code: '12_029_0126_3_3',
        hourlyRateCents: 5000,
      });
      expect(res.status, person).toBe(403);
    }
    expect(await codesIn(sunrise)).toEqual(before);
  });

  it('needs a catalogue first', async () => {
    const nina = await t.signIn(emails.nina);
    const onboarded = await nina.post('/api/onboarding', { organisationName: 'Nina Care Co', consent: true });
    expect(onboarded.status, JSON.stringify(onboarded.body)).toBe(201);
    const tenantId = onboarded.body.data.tenant.id as string;
    const res = await nina
      .inTenant(tenantId)
      .post('/api/time-codes', { code: '01_011_0107_1_1', hourlyRateCents: 6000 });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('Import the NDIS Support Catalogue first');
    expect((await nina.inTenant(tenantId).get('/api/time-codes')).body.data).toEqual([]);
  });
});

describe('the tenant’s state', () => {
  it('comes from the profile address, else the time zone, and decides the limit', async () => {
    // Bluegum's catalogue with a Victorian limit for occupational therapy above the others.
    const rows = withCell(sampleRows('2025-26'), '15_617_0128_1_3', 'VIC', '$205.00');
    const body = catalogueMultipart('catalogue.csv', toCsv(rows));
    const ben = await client('ben', bluegum);
    const imported = await ben.request({
      method: 'POST',
      url: '/api/support-catalogue/imports',
      payload: body.payload,
      headers: body.headers,
    });
    expect(imported.status).toBe(201);
    const therapy = { code: '15_617_0128_1_3', hourlyRateCents: 20000 };
    // Bluegum has no address, and Sydney's clock: New South Wales.
    expect((await ben.post('/api/time-codes', therapy)).body.error.message).toBe(
      'The hourly rate $200.00 is above the NSW price limit of $193.99 for 15_617_0128_1_3.',
    );

    const tenant = (await ben.get('/api/tenants/current')).body.data;
    const moved = await ben.patch('/api/tenants/current', {
      version: tenant.version,
      timeZone: 'Australia/Melbourne',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const created = await ben.post('/api/time-codes', therapy);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ priceLimitState: 'VIC', priceLimitCents: 20500 });

    // An address in New South Wales outranks the Melbourne clock.
    const withAddress = await ben.patch('/api/tenants/current', {
      version: moved.body.data.version,
      profile: {
        address: {
          street: '4 River St',
          city: 'Albury',
          state: 'NSW',
          postcode: '2640',
          country: 'Australia',
        },
      },
    });
    expect(withAddress.status, JSON.stringify(withAddress.body)).toBe(200);
    const listed = (await ben.get('/api/time-codes')).body.data.find(
      (c: { code: string }) => c.code === therapy.code,
    );
    expect(listed).toMatchObject({ priceLimitState: 'NSW', priceLimitCents: 19399, hourlyRateCents: 20000 });
    const raised = await ben.patch(`/api/time-codes/${listed.id}`, { version: 1, hourlyRateCents: 20100 });
    expect(raised.status).toBe(400);
    expect(raised.body.error.message).toBe(
      'The hourly rate $201.00 is above the NSW price limit of $193.99 for 15_617_0128_1_3.',
    );
  });
});

describe('PATCH /api/time-codes/{id}', () => {
  async function demoCode(code: string) {
    const list = (await (await client('olivia')).get('/api/time-codes')).body.data;
    return list.find((c: { code: string }) => c.code === code) as { id: string; version: number };
  }

  it('changes the description, rate and active flag from the version it started from', async () => {
    const code = await demoCode('04_104_0125_6_1');
    const olivia = await client('olivia');
    const renamed = await olivia.patch(`/api/time-codes/${code.id}`, {
      version: code.version,
      description: 'Community access',
      hourlyRateCents: 7023,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({
      description: 'Community access',
      hourlyRateCents: 7023,
      version: code.version + 1,
    });

    const stale = await olivia.patch(`/api/time-codes/${code.id}`, {
      version: code.version,
      isActive: false,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({
      code: 'CONFLICT',
      message: 'Someone else changed this time code since you opened it. Review their change and try again.',
      details: { current: { description: 'Community access', version: code.version + 1 } },
    });

    const deactivated = await olivia.patch(`/api/time-codes/${code.id}`, {
      version: code.version + 1,
      isActive: false,
    });
    expect(deactivated.body.data).toMatchObject({ isActive: false, version: code.version + 2 });

    const audits = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ action: auditLog.action, changes: auditLog.changes })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'time-code'), eq(auditLog.entityId, code.id)))
        .orderBy(auditLog.at),
    );
    expect(audits.map((a) => a.action)).toEqual(['created', 'updated', 'updated']);
    expect(audits[1]!.changes).toEqual([
      {
        field: 'description',
        oldValue: 'Community access and social participation',
        newValue: 'Community access',
      },
      { field: 'hourlyRateCents', oldValue: 6845, newValue: 7023 },
    ]);
  });

  it('checks a new rate against the limit, and a code made active again', async () => {
    const code = await demoCode('07_002_0106_8_3');
    const olivia = await client('olivia');
    const over = await olivia.patch(`/api/time-codes/${code.id}`, {
      version: code.version,
      hourlyRateCents: 10015,
    });
    expect(over.status).toBe(400);
    expect(over.body.error.message).toBe(
      'The hourly rate $100.15 is above the NSW price limit of $100.14 for 07_002_0106_8_3.',
    );

    // An inactive code may hold any rate until it is made active again.
    const off = await olivia.patch(`/api/time-codes/${code.id}`, {
      version: code.version,
      isActive: false,
      hourlyRateCents: 12000,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const on = await olivia.patch(`/api/time-codes/${code.id}`, {
      version: code.version + 1,
      isActive: true,
    });
    expect(on.status).toBe(400);
    expect(on.body.error.message).toContain('above the NSW price limit of $100.14');
    const fixed = await olivia.patch(`/api/time-codes/${code.id}`, {
      version: code.version + 1,
      isActive: true,
      hourlyRateCents: 9900,
    });
    expect(fixed.body.data).toMatchObject({ isActive: true, hourlyRateCents: 9900 });
  });

  it('is for those who manage rates, and 404 for a code of another tenant', async () => {
    const code = await demoCode('09_009_0117_6_3');
    for (const person of ['lee', 'sophie'] as const) {
      const res = await (await client(person)).patch(`/api/time-codes/${code.id}`, {
        version: 1,
        isActive: false,
      });
      expect(res.status, person).toBe(403);
    }
    const foreign = await (await client('ben', bluegum)).patch(`/api/time-codes/${code.id}`, {
      version: 1,
      isActive: false,
    });
    expect(foreign.status).toBe(404);
    expect((await demoCode('09_009_0117_6_3')).version).toBe(1);
  });
});
