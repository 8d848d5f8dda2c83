import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';

let t: TestApp;
let sunrise: string;
let bluegum: string;
let samId: string;
let oliviaId: string;
let adamId: string;

const sam = () => t.as('sam.system@wattle.example');
const olivia = async () => (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
const adam = async () => (await t.as('adam.admin@sunrise.example')).inTenant(sunrise);

function accessAudit(tenantId: string) {
  return t.readInTenant(tenantId, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.entity, 'tenant-access-request')))
      .orderBy(asc(auditLog.at)),
  );
}

async function samCanSeeSunrise(): Promise<boolean> {
  const s = await sam();
  const teams = await s.inTenant(sunrise).get('/api/teams');
  const listed = (await s.get('/api/tenants')).body.data.some((x: any) => x.id === sunrise);
  // The switcher and the tenant's data must agree.
  expect(listed).toBe(teams.status === 200);
  if (teams.status !== 200) {
    expect(teams.status).toBe(404);
    expect(teams.body.error.message).toBe('Organisation not found');
  }
  return teams.status === 200;
}

const reason = 'Investigating a reported invoice export fault';

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  samId = (await (await sam()).get('/api/me')).body.data.id;
  oliviaId = (await (await t.as('olivia.owner@sunrise.example')).get('/api/me')).body.data.id;
  adamId = (await (await t.as('adam.admin@sunrise.example')).get('/api/me')).body.data.id;
});
afterAll(() => t.close());

describe('tenant access requests', () => {
  let first: any;
  let second: any;

  it('lets a system admin ask for access, which starts pending and grants nothing yet', async () => {
    expect(await samCanSeeSunrise()).toBe(false);
    const res = await (await sam()).post('/api/access-requests', {
      tenantId: sunrise,
      reason,
      durationHours: 4,
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    first = res.body.data;
    expect(first).toMatchObject({
      tenantId: sunrise,
      tenantName: 'Sunrise Support Network',
      requestedBy: samId,
      requestedByName: 'Sam System',
      requestedByEmail: 'sam.system@wattle.example',
      reason,
      durationHours: 4,
      status: 'pending',
      decidedBy: null,
      decidedAt: null,
      expiresAt: null,
      version: 1,
    });
    expect(await samCanSeeSunrise()).toBe(false);
    expect((await (await sam()).inTenant(sunrise).get('/api/tenants/current')).status).toBe(404);
  });

  it('defaults the duration to 8 hours', async () => {
    const res = await (await sam()).post('/api/access-requests', { tenantId: bluegum, reason });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ tenantId: bluegum, durationHours: 8, status: 'pending' });
  });

  it('refuses a second pending request for the same tenant with 409', async () => {
    const res = await (await sam()).post('/api/access-requests', {
      tenantId: sunrise,
      reason,
      durationHours: 2,
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'CONFLICT',
      message: 'You already have a pending request for this organisation',
    });
  });

  it('refuses anyone who is not a system admin with 403', async () => {
    for (const email of [
      'olivia.owner@sunrise.example',
      'ava.global@wattle.example',
      'lee.lead@sunrise.example',
    ]) {
      const res = await (await t.as(email)).post('/api/access-requests', { tenantId: sunrise, reason });
      expect(res.status, email).toBe(403);
      expect(res.body.error).toEqual({
        code: 'FORBIDDEN',
        message: 'Only system admins request access to a tenant',
      });
    }
  });

  it('refuses a short reason, a duration out of range and an unknown tenant', async () => {
    const s = await sam();
    const short = await s.post('/api/access-requests', { tenantId: bluegum, reason: '  too short ' });
    expect(short.status).toBe(400);
    expect(short.body.error.details).toContainEqual(
      expect.objectContaining({ path: ['reason'], message: 'Give a reason of at least 10 characters' }),
    );
    for (const durationHours of [0, 169, 1.5]) {
      const res = await s.post('/api/access-requests', { tenantId: bluegum, reason, durationHours });
      expect(res.status, String(durationHours)).toBe(400);
      expect(res.body.error.details[0].path).toEqual(['durationHours']);
    }
    const unknown = await s.post('/api/access-requests', { tenantId: randomUUID(), reason });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Organisation not found');
    const malformed = await s.post('/api/access-requests', { tenantId: 'sunrise', reason });
    expect(malformed.status).toBe(400);
  });

  it("lists the tenant's requests for its owner, and refuses members and auditors", async () => {
    const res = await (await olivia()).get('/api/access-requests');
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 1, limit: 1, offset: 0 });
    expect(res.body.data).toEqual([first]);
    for (const email of [
      'lee.lead@sunrise.example',
      'aria.auditor@sunrise.example',
      'gus.guest@sunrise.example',
    ]) {
      const denied = await (await t.as(email)).inTenant(sunrise).get('/api/access-requests');
      expect(denied.status, email).toBe(403);
    }
    // Bluegum's owner sees only Bluegum's request.
    const ben = await (await t.as('ben.owner@bluegum.example')).inTenant(bluegum).get('/api/access-requests');
    expect(ben.body.data.map((r: any) => r.tenantId)).toEqual([bluegum]);
  });

  it('refuses a decision from a member with 403, and a stale version with 409, changing nothing', async () => {
    const lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
    const denied = await lee.post(`/api/access-requests/${first.requestId}/decision`, {
      decision: 'approved',
      version: first.version,
    });
    expect(denied.status).toBe(403);

    const stale = await (await olivia()).post(`/api/access-requests/${first.requestId}/decision`, {
      decision: 'approved',
      version: first.version + 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('CONFLICT');
    expect(stale.body.error.message).toBe('This request was changed by someone else');
    expect(stale.body.error.details).toEqual(first);
    expect(await samCanSeeSunrise()).toBe(false);
  });

  it('refuses a decision on a request of another tenant, or an unknown one, with 404', async () => {
    const blueRequest = (
      await (await t.as('ben.owner@bluegum.example')).inTenant(bluegum).get('/api/access-requests')
    ).body.data[0];
    const res = await (await olivia()).post(`/api/access-requests/${blueRequest.requestId}/decision`, {
      decision: 'approved',
      version: blueRequest.version,
    });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Access request not found');
    const unknown = await (await olivia()).post(`/api/access-requests/${randomUUID()}/decision`, {
      decision: 'approved',
      version: 1,
    });
    expect(unknown.status).toBe(404);
    const bad = await (await olivia()).post('/api/access-requests/not-a-uuid/decision', {
      decision: 'approved',
      version: 1,
    });
    expect(bad.status).toBe(400);
    const badDecision = await (await olivia()).post(`/api/access-requests/${first.requestId}/decision`, {
      decision: 'maybe',
      version: first.version,
    });
    expect(badDecision.status).toBe(400);
    expect(badDecision.body.error.details[0].path).toEqual(['decision']);
  });

  it('lets the owner approve: the system admin then sees the tenant, with no role and an end time', async () => {
    const res = await (await olivia()).post(`/api/access-requests/${first.requestId}/decision`, {
      decision: 'approved',
      version: first.version,
    });
    expect(res.status).toBe(200);
    const approved = res.body.data;
    expect(approved).toMatchObject({ status: 'approved', decidedBy: oliviaId, version: first.version + 1 });
    expect(Date.parse(approved.expiresAt) - Date.parse(approved.decidedAt)).toBe(4 * 3_600_000);
    first = approved;

    expect(await samCanSeeSunrise()).toBe(true);
    const row = (await (await sam()).get('/api/tenants')).body.data.find((x: any) => x.id === sunrise);
    expect(row).toMatchObject({ role: null, teamCount: 3, accessExpiresAt: approved.expiresAt });
    const teams = await (await sam()).inTenant(sunrise).get('/api/teams');
    expect(teams.body.data.map((x: any) => x.myRole)).toEqual([
      'system-admin',
      'system-admin',
      'system-admin',
    ]);
    // Approval of Sunrise opens Sunrise only.
    expect((await (await sam()).inTenant(bluegum).get('/api/teams')).status).toBe(404);
  });

  it('refuses deciding the same request twice with 409', async () => {
    const again = await (await adam()).post(`/api/access-requests/${first.requestId}/decision`, {
      decision: 'rejected',
      version: first.version,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This request is already approved');
    expect(again.body.error.details).toMatchObject({ requestId: first.requestId, status: 'approved' });
  });

  it('does not let the approved system admin decide requests in the tenant', async () => {
    const res = await (await sam()).inTenant(sunrise).get('/api/access-requests');
    expect(res.status).toBe(200);
    const decide = await (await sam())
      .inTenant(sunrise)
      .post(`/api/access-requests/${first.requestId}/revocation`, {
        version: first.version,
      });
    expect(decide.status).toBe(403);
  });

  it('lets an admin reject another request', async () => {
    const created = await (await sam()).post('/api/access-requests', {
      tenantId: sunrise,
      reason: 'Second look at the claims export run',
      durationHours: 1,
    });
    expect(created.status).toBe(201);
    second = created.body.data;
    const res = await (await adam()).post(`/api/access-requests/${second.requestId}/decision`, {
      decision: 'rejected',
      version: second.version,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'rejected',
      decidedBy: adamId,
      expiresAt: null,
      version: 2,
    });
    second = res.body.data;
    const twice = await (await olivia()).post(`/api/access-requests/${second.requestId}/decision`, {
      decision: 'approved',
      version: second.version,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This request is already rejected');
    // Still has access through the first request.
    expect(await samCanSeeSunrise()).toBe(true);
  });

  it('refuses to revoke a request that is not approved', async () => {
    const res = await (await olivia()).post(`/api/access-requests/${second.requestId}/revocation`, {
      version: second.version,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This request is already rejected');
  });

  it('lets the owner revoke an approval: access ends at once', async () => {
    const stale = await (await olivia()).post(`/api/access-requests/${first.requestId}/revocation`, {
      version: first.version - 1,
    });
    expect(stale.status).toBe(409);
    expect(await samCanSeeSunrise()).toBe(true);

    const res = await (await olivia()).post(`/api/access-requests/${first.requestId}/revocation`, {
      version: first.version,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'revoked',
      decidedBy: oliviaId,
      version: first.version + 1,
    });
    first = res.body.data;
    expect(await samCanSeeSunrise()).toBe(false);
    expect((await (await sam()).inTenant(sunrise).get('/api/tenants/current')).status).toBe(404);
  });

  it('ends access when the approval runs out', async () => {
    const created = await (await sam()).post('/api/access-requests', {
      tenantId: sunrise,
      reason,
      durationHours: 1,
    });
    const approved = await (await olivia()).post(
      `/api/access-requests/${created.body.data.requestId}/decision`,
      {
        decision: 'approved',
        version: created.body.data.version,
      },
    );
    expect(approved.status).toBe(200);
    expect(await samCanSeeSunrise()).toBe(true);

    await t.database.db.execute(
      sql`update tenant_access_requests set expires_at = now() - interval '1 second' where id = ${created.body.data.requestId}`,
    );
    expect(await samCanSeeSunrise()).toBe(false);
    const mine = (await (await sam()).get('/api/access-requests/mine')).body.data;
    const expired = mine.find((r: any) => r.requestId === created.body.data.requestId);
    expect(expired.status).not.toBe('approved');
  });

  it("lists the system admin's own requests, newest first, across tenants", async () => {
    const res = await (await sam()).get('/api/access-requests/mine');
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(4);
    expect(res.body.data.map((r: any) => [r.tenantName, r.reason])).toEqual([
      ['Sunrise Support Network', reason],
      ['Sunrise Support Network', 'Second look at the claims export run'],
      ['Bluegum Disability Services', reason],
      ['Sunrise Support Network', reason],
    ]);
    expect(res.body.data[1]).toEqual(second);
    expect(res.body.data[3]).toEqual(first);
    for (const r of res.body.data) expect(r.requestedBy).toBe(samId);
    // Someone who made none sees none.
    const lee = await (await t.as('lee.lead@sunrise.example')).get('/api/access-requests/mine');
    expect(lee.body).toEqual({ success: true, data: [], meta: { total: 0, limit: 0, offset: 0 } });
  });

  it("wrote every step to Sunrise's audit log, with who did it", async () => {
    const entries = await accessAudit(sunrise);
    expect(entries.map((e) => [e.action, e.actorId, e.entityId])).toEqual([
      ['requested', samId, first.requestId],
      ['approved', oliviaId, first.requestId],
      ['requested', samId, second.requestId],
      ['rejected', adamId, second.requestId],
      ['revoked', oliviaId, first.requestId],
      ['requested', samId, expect.any(String)],
      ['approved', oliviaId, expect.any(String)],
    ]);
    expect(entries[0]!.changes).toEqual([
      { field: 'reason', oldValue: null, newValue: reason },
      { field: 'durationHours', oldValue: null, newValue: 4 },
    ]);
    expect(entries[1]!.changes).toContainEqual({
      field: 'status',
      oldValue: 'pending',
      newValue: 'approved',
    });
    expect(entries[4]!.changes).toContainEqual({
      field: 'status',
      oldValue: 'approved',
      newValue: 'revoked',
    });
    // Bluegum's log holds only Bluegum's request.
    const blue = await accessAudit(bluegum);
    expect(blue.map((e) => e.action)).toEqual(['requested']);
  });
});
