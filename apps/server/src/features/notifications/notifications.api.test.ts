import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { notifications } from '../../db/schema/notifications';
import { tenants } from '../../db/schema/tenants';

let t: TestApp;
let sunrise: string;
let bluegum: string;
let platform: string;
let oliviaId: string;

const sam = () => t.as('sam.system@wattle.example');
const olivia = async () => (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
const adam = async () => (await t.as('adam.admin@sunrise.example')).inTenant(sunrise);
const lee = async () => (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
const samInPlatform = async () => (await sam()).inTenant(platform);

const reason = 'Investigating a reported invoice export fault';
const unread = async (client: Awaited<ReturnType<typeof olivia>>) =>
  (await client.get('/api/notifications/unread-count')).body.data.unread as number;
const list = async (client: Awaited<ReturnType<typeof olivia>>, query = '') =>
  (await client.get(`/api/notifications${query}`)).body.data as any[];

async function requestAccess(tenantId: string, why = reason, durationHours = 4) {
  const res = await (await sam()).post('/api/access-requests', { tenantId, reason: why, durationHours });
  expect(res.status).toBe(201);
  return res.body.data;
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  platform = await t.tenantId('Wattle Platform');
  oliviaId = (await (await t.as('olivia.owner@sunrise.example')).get('/api/me')).body.data.id;
  // The demo invoices leave approvals, payments and rejections in the inboxes; this file counts the
  // inbox from empty, so it starts without them.
  for (const tenantId of [sunrise, bluegum]) {
    await t.readInTenant(tenantId, (tx) =>
      tx.delete(notifications).where(eq(notifications.tenantId, tenantId)),
    );
  }
});
afterAll(() => t.close());

describe('tenant access request notifications', () => {
  let first: any;
  let oliviaNote: any;
  let adamNote: any;

  it('starts with an empty inbox', async () => {
    const res = await (await olivia()).get('/api/notifications');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [], meta: { total: 0, limit: 50, offset: 0 } });
    expect(await unread(await olivia())).toBe(0);
  });

  it('notifies every owner and admin of the tenant when a system admin asks, and no one else', async () => {
    first = await requestAccess(sunrise);
    const expected = {
      type: 'tenant-access',
      message: `Sam System (sam.system@wattle.example) asks to access Sunrise Support Network: ${reason}`,
      read: false,
      priority: 'high',
      invoiceId: null,
      participantName: null,
      approvalStatus: 'pending',
      tenantAccessRequest: {
        requestId: first.requestId,
        tenantName: 'Sunrise Support Network',
        requestedBy: 'Sam System',
        requestedByEmail: 'sam.system@wattle.example',
        reason,
        status: 'pending',
      },
    };
    [oliviaNote] = await list(await olivia());
    [adamNote] = await list(await adam());
    expect(oliviaNote).toMatchObject(expected);
    expect(adamNote).toMatchObject(expected);
    expect(oliviaNote.id).not.toBe(adamNote.id);
    expect(Date.parse(oliviaNote.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    for (const email of [
      'lee.lead@sunrise.example',
      'aria.auditor@sunrise.example',
      'gus.guest@sunrise.example',
    ]) {
      expect(await list((await t.as(email)).inTenant(sunrise)), email).toEqual([]);
    }
    const ben = (await t.as('ben.owner@bluegum.example')).inTenant(bluegum);
    expect(await list(ben)).toEqual([]);
    expect(await unread(await olivia())).toBe(1);
  });

  it('keeps counting a pending approval as unread after it is marked read', async () => {
    const o = await olivia();
    const res = await o.patch(`/api/notifications/${oliviaNote.id}`, { read: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: oliviaNote.id, read: true, approvalStatus: 'pending' });
    expect(await unread(o)).toBe(1);
    expect((await list(o, '?unread=true')).map((n) => n.id)).toEqual([oliviaNote.id]);
    expect(await list(o, '?unread=false')).toEqual([]);
    const back = await o.patch(`/api/notifications/${oliviaNote.id}`, { read: false });
    expect(back.body.data.read).toBe(false);
  });

  it("refuses a decision on a notification that is not the caller's, or a bad decision", async () => {
    const l = await lee();
    const res = await l.post(`/api/notifications/${oliviaNote.id}/decision`, { decision: 'approved' });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'Notification not found' });
    const bad = await (await olivia()).post(`/api/notifications/${oliviaNote.id}/decision`, {
      decision: 'maybe',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toEqual(['decision']);
    // Still pending.
    expect((await list(await olivia()))[0].tenantAccessRequest.status).toBe('pending');
  });

  it('approves from the inbox: request approved, every notification read and reworded', async () => {
    const res = await (await olivia()).post(`/api/notifications/${oliviaNote.id}/decision`, {
      decision: 'approved',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: oliviaNote.id,
      type: 'tenant-access',
      read: true,
      approvalStatus: 'approved',
      message: "You approved Sam System's request to access Sunrise Support Network.",
      tenantAccessRequest: { requestId: first.requestId, status: 'approved' },
    });
    const [adams] = await list(await adam());
    expect(adams).toMatchObject({
      id: adamNote.id,
      read: true,
      approvalStatus: 'approved',
      message: "Olivia Owner approved Sam System's request to access Sunrise Support Network.",
      tenantAccessRequest: { status: 'approved' },
    });
    expect(await unread(await olivia())).toBe(0);
    expect(await unread(await adam())).toBe(0);

    const requests = (await (await olivia()).get('/api/access-requests')).body.data;
    expect(requests[0]).toMatchObject({
      requestId: first.requestId,
      status: 'approved',
      decidedBy: oliviaId,
    });
    first = requests[0];
    const audit = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'tenant-access-request'), eq(auditLog.action, 'approved'))),
    );
    expect(audit.map((e) => e.actorId)).toEqual([oliviaId]);
  });

  it('tells the system admin who asked, in the platform tenant where they are an owner', async () => {
    const s = await samInPlatform();
    const [note] = await list(s);
    expect(note).toMatchObject({
      type: 'approved',
      read: false,
      priority: 'normal',
      message: 'Olivia Owner approved your request to access Sunrise Support Network for 4 hours.',
      tenantAccessRequest: null,
      approvalStatus: null,
    });
    expect(await unread(s)).toBe(1);
    // Not an access-request notification: nothing to decide.
    const res = await s.post(`/api/notifications/${note.id}/decision`, { decision: 'approved' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('This notification has no access request to decide');
  });

  it('refuses deciding the same request again with 409', async () => {
    const res = await (await adam()).post(`/api/notifications/${adamNote.id}/decision`, {
      decision: 'rejected',
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This request is already approved');
  });

  it('rewords the notifications when the approval is revoked by the access-request route', async () => {
    const res = await (await olivia()).post(`/api/access-requests/${first.requestId}/revocation`, {
      version: first.version,
    });
    expect(res.status).toBe(200);
    const [mine] = await list(await olivia());
    expect(mine).toMatchObject({
      message: "You revoked Sam System's access to Sunrise Support Network.",
      read: true,
      tenantAccessRequest: { status: 'revoked' },
    });
    const [adams] = await list(await adam());
    expect(adams.message).toBe("Olivia Owner revoked Sam System's access to Sunrise Support Network.");
    const [samNote] = await list(await samInPlatform());
    expect(samNote).toMatchObject({
      type: 'info',
      message: 'Olivia Owner ended your access to Sunrise Support Network.',
    });
  });

  it('rejects from the inbox, and tells the system admin', async () => {
    const second = await requestAccess(sunrise, 'Second look at the claims export run', 1);
    const adamsNew = (await list(await adam())).find(
      (n) => n.tenantAccessRequest?.requestId === second.requestId,
    );
    expect(adamsNew).toMatchObject({ read: false, approvalStatus: 'pending' });
    expect(await unread(await adam())).toBe(1);
    const res = await (await adam()).post(`/api/notifications/${adamsNew.id}/decision`, {
      decision: 'rejected',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      read: true,
      approvalStatus: 'rejected',
      message: "You rejected Sam System's request to access Sunrise Support Network.",
      tenantAccessRequest: {
        requestId: second.requestId,
        status: 'rejected',
        reason: 'Second look at the claims export run',
      },
    });
    const oliviasNew = (await list(await olivia())).find(
      (n) => n.tenantAccessRequest?.requestId === second.requestId,
    );
    expect(oliviasNew.message).toBe(
      "Adam Admin rejected Sam System's request to access Sunrise Support Network.",
    );
    const [samNote] = await list(await samInPlatform());
    expect(samNote).toMatchObject({
      type: 'rejected',
      message: 'Adam Admin rejected your request to access Sunrise Support Network.',
    });
  });

  it("refuses an owner who has since lost the role, through the access-request service's check", async () => {
    const third = await requestAccess(bluegum, 'Checking the Bluegum claims export');
    const ben = (await t.as('ben.owner@bluegum.example')).inTenant(bluegum);
    const [note] = await list(ben);
    expect(note.tenantAccessRequest.requestId).toBe(third.requestId);
    const setBensRole = (role: 'owner' | 'member') =>
      t.database.db.execute(
        sql`update memberships set role = ${role} where tenant_id = ${bluegum}
            and user_id = (select id from users where email = 'ben.owner@bluegum.example')`,
      );
    await setBensRole('member');
    const res = await ben.post(`/api/notifications/${note.id}/decision`, { decision: 'approved' });
    expect(res.status).toBe(403);
    expect((await list(ben))[0]).toMatchObject({ read: false, tenantAccessRequest: { status: 'pending' } });
    await setBensRole('owner');
  });
});

describe('the inbox', () => {
  const ids: string[] = [];

  it('lists newest first, with total, limit and offset', async () => {
    // Three more, a minute apart, written as other features will.
    const base = Date.now() - 3_600_000;
    await t.readInTenant(sunrise, async (tx) => {
      for (const [i, type] of (['payment', 'overdue', 'sent'] as const).entries()) {
        const [row] = await tx
          .insert(notifications)
          .values({
            tenantId: sunrise,
            userId: oliviaId,
            type,
            message: `Invoice note ${i}`,
            invoiceId: randomUUID(),
            participantName: 'Jordan Lee',
            createdAt: new Date(base + i * 60_000),
          })
          .returning();
        ids.push(row!.id);
      }
    });
    const o = await olivia();
    const all = await o.get('/api/notifications');
    expect(all.body.meta).toEqual({ total: 5, limit: 50, offset: 0 });
    const messages = all.body.data.map((n: any) => n.message);
    expect(messages.slice(2)).toEqual(['Invoice note 2', 'Invoice note 1', 'Invoice note 0']);
    expect(all.body.data[2]).toMatchObject({ type: 'sent', participantName: 'Jordan Lee', read: false });
    const page = await o.get('/api/notifications?limit=2&offset=2');
    expect(page.body.data.map((n: any) => n.message)).toEqual(['Invoice note 2', 'Invoice note 1']);
    expect(page.body.meta).toEqual({ total: 5, limit: 2, offset: 2 });
    for (const query of ['limit=0', 'limit=201', 'offset=-1', 'unread=maybe']) {
      expect((await o.get(`/api/notifications?${query}`)).status, query).toBe(400);
    }
    expect(await unread(o)).toBe(3);
  });

  it('marks all read, answering how many', async () => {
    const o = await olivia();
    const res = await o.post('/api/notifications/read-all');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { marked: 3 } });
    expect(await unread(o)).toBe(0);
    expect((await o.post('/api/notifications/read-all')).body.data).toEqual({ marked: 0 });
    // Adam's inbox is his own.
    expect((await list(await adam())).some((n) => n.message.startsWith('Invoice note'))).toBe(false);
  });

  it('deletes a notification; only the recipient may', async () => {
    const o = await olivia();
    for (const client of [
      await adam(),
      (await t.as('priya.practitioner@sunrise.example')).inTenant(bluegum),
    ]) {
      expect((await client.delete(`/api/notifications/${ids[0]}`)).status).toBe(404);
      expect((await client.patch(`/api/notifications/${ids[0]}`, { read: false })).status).toBe(404);
    }
    const res = await o.delete(`/api/notifications/${ids[0]}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await o.delete(`/api/notifications/${ids[0]}`)).status).toBe(404);
    expect((await o.get('/api/notifications')).body.meta.total).toBe(4);
    expect((await o.patch(`/api/notifications/${ids[1]}`, { read: 'yes' })).status).toBe(400);
    expect((await o.patch(`/api/notifications/${ids[1]}`, {})).status).toBe(400);
    expect((await o.delete('/api/notifications/nope')).status).toBe(400);
  });
});

describe('trial reminder', () => {
  async function setTrialEnd(tenantId: string, msFromNow: number) {
    await t.readInTenant(tenantId, async (tx) => {
      const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
      await tx
        .update(tenants)
        .set({
          subscription: {
            ...tenant!.subscription,
            trialEndsAt: new Date(Date.now() + msFromNow).toISOString(),
          },
        })
        .where(eq(tenants.id, tenantId));
    });
  }
  const trialNotes = async (client: Awaited<ReturnType<typeof olivia>>) =>
    (await list(client)).filter((n) => n.type === 'trial');

  it('is not given more than 7 days before the end', async () => {
    await setTrialEnd(sunrise, 8 * 86_400_000);
    expect(await trialNotes(await olivia())).toEqual([]);
  });

  it('is given once to each owner within 7 days of the end, on listing or counting', async () => {
    await setTrialEnd(sunrise, 3 * 86_400_000 - 60_000);
    const o = await olivia();
    expect(await unread(o)).toBe(1);
    const [note] = await trialNotes(o);
    expect(note).toMatchObject({ type: 'trial', read: false, priority: 'normal' });
    expect(note.message).toMatch(
      /^The trial of Sunrise Support Network ends in 3 days, on \d{1,2} \w+ \d{4}\.$/,
    );
    expect(await trialNotes(o)).toHaveLength(1);
    expect(await unread(o)).toBe(1);
    // Admins and members are not owners.
    expect(await trialNotes(await adam())).toEqual([]);
    expect(await trialNotes(await lee())).toEqual([]);
  });

  it('does not come back once deleted', async () => {
    const o = await olivia();
    const [note] = await trialNotes(o);
    expect((await o.delete(`/api/notifications/${note.id}`)).status).toBe(200);
    expect(await trialNotes(o)).toEqual([]);
    expect(await unread(o)).toBe(0);
  });

  it('is not given after the trial has ended, nor to a tenant not in trial', async () => {
    await setTrialEnd(bluegum, -60_000);
    const ben = (await t.as('ben.owner@bluegum.example')).inTenant(bluegum);
    expect(await trialNotes(ben)).toEqual([]);
    // The platform's own tenant is on a paid plan.
    expect(await trialNotes(await samInPlatform())).toEqual([]);
  });
});
