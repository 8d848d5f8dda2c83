import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { favorites } from '../../db/schema/favorites';

let t: TestApp;
let sunrise: string;
let bluegum: string;
let priyaId: string;

const priya = async (tenant = sunrise) => (await t.as('priya.practitioner@sunrise.example')).inTenant(tenant);
const lee = async () => (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);

async function add(client: TestClient, path: string, label = 'A page', iconName?: string) {
  return client.post('/api/favorites', iconName === undefined ? { path, label } : { path, label, iconName });
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  priyaId = (await (await t.as('priya.practitioner@sunrise.example')).get('/api/me')).body.data.id;
});
afterAll(() => t.close());

describe('favourites', () => {
  let invoices: any;

  it('starts empty, with the spec page of 30 from 0', async () => {
    const res = await (await priya()).get('/api/favorites');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [], meta: { total: 0, limit: 30, offset: 0 } });
  });

  it('pins a page and answers 201 with the favourite', async () => {
    const before = Date.now();
    const res = await add(await priya(), '/invoices', 'Financial Management', 'receipt');
    expect(res.status).toBe(201);
    invoices = res.body.data;
    expect(invoices).toMatchObject({
      userId: priyaId,
      tenantId: sunrise,
      path: '/invoices',
      label: 'Financial Management',
      iconName: 'receipt',
      lastAccessedAt: null,
      accessCount: 0,
      isActive: true,
    });
    expect(Date.parse(invoices.addedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(invoices.createdAt).toBe(invoices.addedAt);
  });

  it("refuses the same page again with 409 and the spec's message", async () => {
    const res = await add(await priya(), '/invoices', 'Again');
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'CONFLICT', message: 'This page is already in your favourites' });
  });

  it('refuses a disabled route, or anything beneath it, naming the path', async () => {
    for (const path of ['/dashboard', '/my-teams/jordan/bsp', '/audit-packs', '/handbook?x=1']) {
      const res = await add(await priya(), path);
      expect(res.status, path).toBe(400);
      expect(res.body.error).toEqual({
        code: 'BAD_REQUEST',
        message: `Cannot favourite disabled route: ${path}`,
      });
    }
    // A team's board or list may be favourited (issue 18).
    const teamList = await add(await priya(), '/my-teams/jordan/list', 'Jordan list');
    expect(teamList.status).toBe(201);
    expect((await (await priya()).delete(`/api/favorites/${teamList.body.data.id}`)).status).toBe(200);
    // A sibling that merely starts with the same letters is fine.
    expect((await add(await priya(), '/dashboards', 'Dashboards')).status).toBe(201);
  });

  it('holds path, label and icon name to their bounds', async () => {
    const p = await priya();
    const cases: [unknown, string][] = [
      [{ path: '', label: 'x' }, 'path'],
      [{ path: `/${'a'.repeat(500)}`, label: 'x' }, 'path'],
      [{ path: 'invoices', label: 'x' }, 'path'],
      [{ path: '//evil.example', label: 'x' }, 'path'],
      [{ path: '/x', label: '' }, 'label'],
      [{ path: '/x', label: '   ' }, 'label'],
      [{ path: '/x', label: 'l'.repeat(256) }, 'label'],
      [{ path: '/x', label: 'x', iconName: 'i'.repeat(51) }, 'iconName'],
      [{ label: 'x' }, 'path'],
    ];
    for (const [payload, field] of cases) {
      const res = await p.post('/api/favorites', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.error.details[0].path, JSON.stringify(payload)).toEqual([field]);
    }
    const longest = await p.post('/api/favorites', {
      path: `/${'a'.repeat(499)}`,
      label: 'l'.repeat(255),
      iconName: 'i'.repeat(50),
    });
    expect(longest.status).toBe(201);
    await p.delete(`/api/favorites/${longest.body.data.id}`);
  });

  it('renames, changes the icon and deactivates; re-adding re-activates the same favourite', async () => {
    const p = await priya();
    const renamed = await p.patch(`/api/favorites/${invoices.id}`, { label: 'Invoices', iconName: null });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      id: invoices.id,
      label: 'Invoices',
      iconName: null,
      isActive: true,
    });

    const off = await p.patch(`/api/favorites/${invoices.id}`, { isActive: false });
    expect(off.body.data.isActive).toBe(false);
    const again = await add(p, '/invoices', 'Invoices again', 'file');
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({
      id: invoices.id,
      label: 'Invoices again',
      iconName: 'file',
      isActive: true,
    });
    expect(Date.parse(again.body.data.addedAt)).toBeGreaterThanOrEqual(Date.parse(invoices.addedAt));
    invoices = again.body.data;

    const empty = await p.patch(`/api/favorites/${invoices.id}`, {});
    expect(empty.status).toBe(400);
    const badLabel = await p.patch(`/api/favorites/${invoices.id}`, { label: '' });
    expect(badLabel.status).toBe(400);
  });

  it('records visits: one more access each time, and when', async () => {
    const p = await priya();
    const first = await p.post(`/api/favorites/${invoices.id}/access`);
    expect(first.status).toBe(200);
    expect(first.body.data.accessCount).toBe(1);
    const second = await p.post(`/api/favorites/${invoices.id}/access`);
    expect(second.body.data.accessCount).toBe(2);
    expect(Date.parse(second.body.data.lastAccessedAt)).toBeGreaterThanOrEqual(
      Date.parse(first.body.data.lastAccessedAt),
    );
  });

  it('lists in the order added, with total, limit and offset', async () => {
    const p = await priya();
    await add(p, '/timesheet', 'Time Tracking');
    await add(p, '/admin/files', 'File Storage');
    const all = await p.get('/api/favorites');
    // /invoices was re-added after /dashboards, so it now comes after it.
    expect(all.body.data.map((f: any) => f.path)).toEqual([
      '/dashboards',
      '/invoices',
      '/timesheet',
      '/admin/files',
    ]);
    expect(all.body.meta).toEqual({ total: 4, limit: 30, offset: 0 });
    const page = await p.get('/api/favorites?limit=2&offset=1');
    expect(page.body.data.map((f: any) => f.path)).toEqual(['/invoices', '/timesheet']);
    expect(page.body.meta).toEqual({ total: 4, limit: 2, offset: 1 });
    for (const query of ['limit=0', 'limit=201', 'offset=-1', 'limit=x']) {
      expect((await p.get(`/api/favorites?${query}`)).status, query).toBe(400);
    }
  });

  it("keeps each person's favourites to themselves, and each tenant's to itself", async () => {
    const l = await lee();
    expect((await l.get('/api/favorites')).body.data).toEqual([]);
    // Lee can pin the same page: it is Lee's own.
    expect((await add(l, '/invoices', 'Invoices')).status).toBe(201);
    for (const res of [
      await l.patch(`/api/favorites/${invoices.id}`, { label: 'Mine now' }),
      await l.delete(`/api/favorites/${invoices.id}`),
      await l.post(`/api/favorites/${invoices.id}/access`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'Favorite not found' });
    }
    // Priya in Bluegum sees none of her Sunrise favourites, and cannot reach them from there.
    const inBluegum = await priya(bluegum);
    expect((await inBluegum.get('/api/favorites')).body.data).toEqual([]);
    expect((await inBluegum.patch(`/api/favorites/${invoices.id}`, { label: 'x' })).status).toBe(404);
    expect((await inBluegum.post(`/api/favorites/${invoices.id}/access`)).status).toBe(404);
    expect((await add(inBluegum, '/invoices', 'Bluegum invoices')).status).toBe(201);
    // Ben, of Bluegum only, cannot enter Sunrise at all.
    const ben = (await t.as('ben.owner@bluegum.example')).inTenant(sunrise);
    const denied = await ben.get('/api/favorites');
    expect(denied.status).toBe(404);
    expect(denied.body.error.message).toBe('Organisation not found');
    // Unknown and malformed ids.
    const p = await priya();
    expect((await p.delete(`/api/favorites/${randomUUID()}`)).status).toBe(404);
    expect((await p.delete('/api/favorites/not-a-uuid')).status).toBe(400);
    expect((await p.get('/api/favorites')).body.meta.total).toBe(4);
  });

  it('lets every member keep favourites: guests and auditors too', async () => {
    for (const email of [
      'gus.guest@sunrise.example',
      'aria.auditor@sunrise.example',
      'fiona.family@sunrise.example',
    ]) {
      const client = (await t.as(email)).inTenant(sunrise);
      expect((await add(client, '/inbox', 'Inbox')).status, email).toBe(201);
    }
  });

  it('cleans up favourites on given routes and beneath them, and counts them', async () => {
    const p = await priya();
    // Written straight to the database: pages that have since become disabled for favouriting.
    for (const path of ['/participants', '/participants/123', '/participants?tab=plans', '/participantsx']) {
      await t.readInTenant(sunrise, (tx) =>
        tx.insert(favorites).values({ tenantId: sunrise, userId: priyaId, path, label: 'Old' }),
      );
    }
    // Lee's own favourite under a cleaned route is not Priya's to clean.
    await add(await lee(), '/timesheet', 'Timesheet');
    const res = await p.post('/api/favorites/cleanup', { disabledRoutes: ['/participants/', '/timesheet'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { cleaned: 4 } });
    const left = (await p.get('/api/favorites')).body.data.map((f: any) => f.path);
    expect(left).toEqual(['/dashboards', '/invoices', '/admin/files', '/participantsx']);
    expect((await (await lee()).get('/api/favorites')).body.data.map((f: any) => f.path)).toEqual([
      '/invoices',
      '/timesheet',
    ]);
    const none = await p.post('/api/favorites/cleanup', { disabledRoutes: ['/nothing-here'] });
    expect(none.body.data).toEqual({ cleaned: 0 });
    expect((await p.post('/api/favorites/cleanup', {})).status).toBe(400);
    expect((await p.post('/api/favorites/cleanup', { disabledRoutes: [''] })).status).toBe(400);
  });

  it('deletes a favourite', async () => {
    const p = await priya();
    const res = await p.delete(`/api/favorites/${invoices.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await p.delete(`/api/favorites/${invoices.id}`)).status).toBe(404);
    expect((await p.get('/api/favorites')).body.data.map((f: any) => f.path)).not.toContain('/invoices');
  });

  it('honours Idempotency-Key: a retried create answers the first result once more', async () => {
    const p = await priya();
    const headers = { 'idempotency-key': `fav-${randomUUID()}` };
    const first = await p.post(
      '/api/favorites',
      { path: '/approvals/invoices', label: 'Approvals' },
      headers,
    );
    expect(first.status).toBe(201);
    const retry = await p.post(
      '/api/favorites',
      { path: '/approvals/invoices', label: 'Approvals' },
      headers,
    );
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
  });

  it('writes nothing to the tenant audit log: favourites are personal interface state', async () => {
    const entries = await t.readInTenant(sunrise, (tx) => tx.select().from(auditLog));
    expect(entries.filter((e) => e.entity === 'favorite')).toEqual([]);
  });
});
