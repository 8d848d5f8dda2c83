import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { notifications } from '../../db/schema/notifications';

/**
 * The tenant switcher's unread counts (issue 18 item 6): GET /api/notifications/unread-counts gives
 * the signed-in person's count in each organisation they are a member of, and only theirs.
 */
let t: TestApp;
let sunrise: string;
let bluegum: string;
let priyaId: string;

const counts = async (email: string, tenant?: string) => {
  const client = await t.as(email);
  const res = await (tenant ? client.inTenant(tenant) : client).get('/api/notifications/unread-counts');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries(
    (res.body.data as { tenantId: string; unread: number }[]).map((c) => [c.tenantId, c.unread]),
  );
};

async function notify(tenantId: string, userId: string, read = false) {
  await t.readInTenant(tenantId, (tx) =>
    tx.insert(notifications).values({ tenantId, userId, type: 'info', message: 'Hello', read }),
  );
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  priyaId = (await (await t.as('priya.practitioner@sunrise.example')).get('/api/me')).body.data.id;
  // Counted from empty: the demo data leaves approvals and payments in some inboxes.
  for (const tenantId of [sunrise, bluegum]) {
    await t.readInTenant(tenantId, (tx) =>
      tx.delete(notifications).where(eq(notifications.tenantId, tenantId)),
    );
  }
});
afterAll(() => t.close());

describe('unread counts across organisations', () => {
  it('counts the person’s unread notifications in each organisation they are a member of', async () => {
    expect(await counts('priya.practitioner@sunrise.example')).toEqual({ [sunrise]: 0, [bluegum]: 0 });
    await notify(bluegum, priyaId);
    await notify(bluegum, priyaId);
    await notify(bluegum, priyaId, true);
    await notify(sunrise, priyaId);
    expect(await counts('priya.practitioner@sunrise.example')).toEqual({ [sunrise]: 1, [bluegum]: 2 });
    // The same whichever organisation the request names.
    expect(await counts('priya.practitioner@sunrise.example', bluegum)).toEqual({
      [sunrise]: 1,
      [bluegum]: 2,
    });
  });

  it('gives nobody another person’s counts or an organisation they are not a member of', async () => {
    const ben = await counts('ben.owner@bluegum.example', sunrise);
    expect(Object.keys(ben)).toEqual([bluegum]);
    expect(ben[bluegum]).toBe(0);
    const olivia = await counts('olivia.owner@sunrise.example');
    expect(olivia).toEqual({ [sunrise]: 0 });
    expect((await t.anonymous().get('/api/notifications/unread-counts')).status).toBe(401);
  });

  it('writes nothing: opening the switcher leaves every inbox as it was', async () => {
    const before = await t.readInTenant(bluegum, (tx) => tx.select().from(notifications));
    await counts('priya.practitioner@sunrise.example');
    const after = await t.readInTenant(bluegum, (tx) => tx.select().from(notifications));
    expect(after).toEqual(before);
  });
});
