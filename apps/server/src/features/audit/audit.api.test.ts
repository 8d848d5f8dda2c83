import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testActor } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { accountAuditLog } from '../../db/schema/users';
import { withTenant } from '../../db/with-tenant';

let t: TestApp;
let sunrise: string;
let bluegum: string;

const idOf = async (email: string) => (await (await t.as(email)).get('/api/me')).body.data.id as string;

/** Who writes straight to the database as the app role, in the append-only tests. */
const appActor = testActor();

/** The tenant's audit entries, oldest first, read as the app role under row-level security. */
function auditOf(tenantId: string) {
  return t.readInTenant(tenantId, (tx) =>
    tx.select().from(auditLog).orderBy(asc(auditLog.at), asc(auditLog.id)),
  );
}

/** Marks the tenant's log; `entries()` then gives what was appended after the mark. */
async function mark(tenantId: string) {
  const seen = new Set((await auditOf(tenantId)).map((e) => e.id));
  return { entries: async () => (await auditOf(tenantId)).filter((e) => !seen.has(e.id)) };
}

async function auditCount(tenantId: string) {
  const rows = await t.readInTenant(tenantId, (tx) => tx.select({ id: auditLog.id }).from(auditLog));
  return rows.length;
}

/** The message of a database error, which drizzle may wrap. */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const e = error as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ''}`;
  }
  return 'no error';
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
});
afterAll(() => t.close());

describe('every write is audited with who, when and from where', () => {
  it('records a tenant settings change', async () => {
    const adam = (await t.as('adam.admin@sunrise.example')).inTenant(sunrise);
    const adamId = await idOf('adam.admin@sunrise.example');
    const version = (await adam.get('/api/tenants/current')).body.data.version;
    const log = await mark(sunrise);
    const res = await adam.patch(
      '/api/tenants/current',
      { version, settings: { complianceLevel: 'enhanced' } },
      { 'user-agent': 'audit-test/tenant' },
    );
    expect(res.status).toBe(200);
    const entries = await log.entries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      tenantId: sunrise,
      entity: 'tenant',
      entityId: sunrise,
      action: 'updated',
      actorId: adamId,
      actorName: 'Adam Admin',
      ip: '127.0.0.1',
      userAgent: 'audit-test/tenant',
    });
    const change = entries[0]!.changes.find((c) => c.field === 'settings')!;
    expect(change.oldValue).toMatchObject({ complianceLevel: 'standard' });
    expect(change.newValue).toMatchObject({ complianceLevel: 'enhanced' });
    expect(Math.abs(entries[0]!.at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('records a new team with its name and slug', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const oliviaId = await idOf('olivia.owner@sunrise.example');
    const log = await mark(sunrise);
    const res = await olivia.post(
      '/api/teams',
      { name: 'Audited Team' },
      { 'user-agent': 'audit-test/team' },
    );
    expect(res.status).toBe(201);
    const entries = await log.entries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entity: 'team',
      entityId: res.body.data.id,
      action: 'created',
      actorId: oliviaId,
      actorName: 'Olivia Owner',
      ip: '127.0.0.1',
      userAgent: 'audit-test/team',
      changes: [
        { field: 'name', oldValue: null, newValue: 'Audited Team' },
        { field: 'slug', oldValue: null, newValue: res.body.data.slug },
      ],
    });
  });

  it('records onboarding: the tenant, the owner membership, the team and its lead, all by the new owner', async () => {
    const nina = await t.as('nina.new@wattle.example');
    const ninaId = await idOf('nina.new@wattle.example');
    const res = await nina.post(
      '/api/onboarding',
      {
        fullName: 'Nina Newell',
        organisationName: 'Audit Care Co',
        firstTeamName: 'First Team',
        consent: true,
      },
      { 'user-agent': 'audit-test/onboarding' },
    );
    expect(res.status).toBe(201);
    const { tenant, team } = res.body.data;
    const entries = await auditOf(tenant.id);
    expect(entries.map((e) => [e.entity, e.action, e.entityId])).toEqual([
      ['tenant', 'created', tenant.id],
      ['membership', 'created', ninaId],
      ['team', 'created', team.id],
      ['team-member', 'created', `${team.id}:${ninaId}`],
    ]);
    for (const e of entries) {
      expect(e).toMatchObject({
        tenantId: tenant.id,
        actorId: ninaId,
        actorName: 'Nina Newell',
        ip: '127.0.0.1',
        userAgent: 'audit-test/onboarding',
      });
    }
    expect(entries[1]!.changes).toEqual([{ field: 'role', oldValue: null, newValue: 'owner' }]);
    expect(entries[3]!.changes).toEqual([{ field: 'role', oldValue: null, newValue: 'Team Lead' }]);

    // The name change belongs to no tenant: it is in the account log.
    const [account] = await t.database.db
      .select()
      .from(accountAuditLog)
      .where(and(eq(accountAuditLog.userId, ninaId), eq(accountAuditLog.action, 'updated')))
      .orderBy(desc(accountAuditLog.at))
      .limit(1);
    expect(account).toMatchObject({
      ip: '127.0.0.1',
      userAgent: 'audit-test/onboarding',
      changes: [{ field: 'name', oldValue: 'Nina New', newValue: 'Nina Newell' }],
    });
  });

  it("records an access request and its approval in the tenant's log, by requester and approver", async () => {
    const sam = await t.as('sam.system@wattle.example');
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const log = await mark(sunrise);
    const created = await sam.post(
      '/api/access-requests',
      { tenantId: sunrise, reason: 'Audit trail verification', durationHours: 2 },
      { 'user-agent': 'audit-test/sam' },
    );
    expect(created.status).toBe(201);
    const decided = await olivia.post(
      `/api/access-requests/${created.body.data.requestId}/decision`,
      { decision: 'approved', version: created.body.data.version },
      { 'user-agent': 'audit-test/olivia' },
    );
    expect(decided.status).toBe(200);
    const entries = await log.entries();
    expect(entries.map((e) => [e.entity, e.action, e.actorId, e.ip, e.userAgent])).toEqual([
      [
        'tenant-access-request',
        'requested',
        await idOf('sam.system@wattle.example'),
        '127.0.0.1',
        'audit-test/sam',
      ],
      [
        'tenant-access-request',
        'approved',
        await idOf('olivia.owner@sunrise.example'),
        '127.0.0.1',
        'audit-test/olivia',
      ],
    ]);
    expect(entries.every((e) => e.entityId === created.body.data.requestId)).toBe(true);
  });

  it('records the connecting address, not a client-supplied X-Forwarded-For (no trusted proxy configured)', async () => {
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const log = await mark(sunrise);
    const res = await olivia.post(
      '/api/teams',
      { name: 'Spoofed Team' },
      { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'audit-test/spoof' },
    );
    expect(res.status).toBe(201);
    const [entry] = await log.entries();
    expect(entry).toMatchObject({ userAgent: 'audit-test/spoof', ip: '127.0.0.1' });
  });

  it('writes nothing for refused or failed writes', async () => {
    const before = await auditCount(sunrise);
    const lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
    const olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
    const version = (await olivia.get('/api/tenants/current')).body.data.version;
    expect((await lee.post('/api/teams', { name: 'Refused' })).status).toBe(403);
    expect((await lee.patch('/api/tenants/current', { version, name: 'Refused' })).status).toBe(403);
    expect((await olivia.patch('/api/tenants/current', { version: version - 1, name: 'Stale' })).status).toBe(
      409,
    );
    expect((await olivia.post('/api/teams', { name: '' })).status).toBe(400);
    expect((await olivia.patch('/api/tenants/current', { version, timeZone: 'Nowhere/Land' })).status).toBe(
      400,
    );
    expect(await auditCount(sunrise)).toBe(before);
  });

  it("keeps each tenant's log to itself", async () => {
    const blue = await t.readInTenant(bluegum, (tx) => tx.select().from(auditLog));
    expect(blue.length).toBeGreaterThan(0);
    expect(blue.every((e) => e.tenantId === bluegum)).toBe(true);
    // Asking for Sunrise's rows by id from inside Bluegum finds none.
    const leaked = await t.readInTenant(bluegum, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.tenantId, sunrise)),
    );
    expect(leaked).toEqual([]);
  });
});

describe('the audit log is append-only for the app', () => {
  const tamper = (statement: ReturnType<typeof sql>) =>
    withTenant(t.database.db, sunrise, appActor, (tx) => tx.execute(statement));

  it('lets the app role insert and read entries', async () => {
    const marker = `append-test-${randomUUID()}`;
    await withTenant(t.database.db, sunrise, appActor, (tx) =>
      tx.insert(auditLog).values({ tenantId: sunrise, entity: 'test', entityId: marker, action: 'created' }),
    );
    const rows = await t.readInTenant(sunrise, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.entityId, marker)),
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses UPDATE, DELETE and TRUNCATE from the app role, leaving the log as it was', async () => {
    const before = await t.readInTenant(sunrise, (tx) =>
      tx.select().from(auditLog).orderBy(asc(auditLog.id)),
    );
    expect(before.length).toBeGreaterThan(0);
    expect(await failure(tamper(sql`update audit_log set action = 'tampered'`))).toMatch(/permission denied/);
    expect(await failure(tamper(sql`update audit_log set ip = null where id = ${before[0]!.id}`))).toMatch(
      /permission denied/,
    );
    expect(await failure(tamper(sql`delete from audit_log`))).toMatch(/permission denied/);
    expect(await failure(tamper(sql`truncate audit_log`))).toMatch(/permission denied/);
    const after = await t.readInTenant(sunrise, (tx) => tx.select().from(auditLog).orderBy(asc(auditLog.id)));
    expect(after).toEqual(before);
  });

  it('refuses an insert into another tenant', async () => {
    const message = await failure(
      withTenant(t.database.db, sunrise, appActor, (tx) =>
        tx.insert(auditLog).values({ tenantId: bluegum, entity: 'test', entityId: 'x', action: 'forged' }),
      ),
    );
    expect(message).toMatch(/row-level security/);
  });

  it('stays append-only after wattle_secure_tenant_tables() runs again, as every later migration does', async () => {
    // Migration 0001 says every migration that adds tenant tables ends by calling this function.
    await t.database.db.execute(sql`select wattle_secure_tenant_tables()`);
    // Statements that match no row: privileges are checked all the same, and nothing is lost if they pass.
    expect(await failure(tamper(sql`update audit_log set action = 'tampered' where false`))).toMatch(
      /permission denied/,
    );
    expect(await failure(tamper(sql`delete from audit_log where false`))).toMatch(/permission denied/);
  });
});
