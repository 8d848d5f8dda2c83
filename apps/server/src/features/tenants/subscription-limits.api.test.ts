import { randomUUID } from 'node:crypto';
import type { Subscription } from '@wattle/domain/tenants/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { memberships, tenants } from '../../db/schema/tenants';
import { pdfBytes } from '../files/test-documents';

/** Issue 17 item 6: the subscription's team, people and storage limits, each refusal naming its limit. */
let t: TestApp;
let sunrise: string;
let olivia: TestClient;
let jordanTeam: string;

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
  const teams = (await olivia.get('/api/teams')).body.data as { id: string; name: string }[];
  jordanTeam = teams.find((team) => team.name === "Jordan's Care Team")!.id;
});
afterAll(async () => {
  await t?.close();
});

async function setLimits(limits: Partial<Subscription['limits']>) {
  await t.readInTenant(sunrise, async (tx) => {
    const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, sunrise));
    const subscription = tenant!.subscription;
    await tx
      .update(tenants)
      .set({ subscription: { ...subscription, limits: { ...subscription.limits, ...limits } } })
      .where(eq(tenants.id, sunrise));
  });
}

async function activeTeams(): Promise<{ id: string; name: string; version: number; status: string }[]> {
  const all = (await olivia.get('/api/teams')).body.data as {
    id: string;
    name: string;
    version: number;
    status: string;
  }[];
  return all.filter((team) => team.status === 'active');
}

describe('subscription limits', () => {
  it('seeds the demo organisations on a Professional trial', async () => {
    const [tenant] = await t.readInTenant(sunrise, (tx) =>
      tx.select({ subscription: tenants.subscription }).from(tenants).where(eq(tenants.id, sunrise)),
    );
    expect(tenant!.subscription).toMatchObject({
      plan: 'professional',
      status: 'trialing',
      limits: { maxTeams: 50, maxUsers: 250, storageGB: 250 },
    });
  });

  it('refuses a team past the limit, naming it; an archived team frees its place and takes it back', async () => {
    const inUse = (await activeTeams()).length;
    await setLimits({ maxTeams: inUse + 1 });
    const made = await olivia.post('/api/teams', { name: 'Weekend Respite Team' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    const refused = await olivia.post('/api/teams', { name: 'One Team Too Many' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('LIMIT_REACHED');
    expect(refused.body.error.message).toBe(
      `Your organisation's Professional plan allows ${inUse + 1} teams, and all are in use. Archive a team you no longer need, or raise the limit. To raise it, the organisation's owner can ask Wattle to move it to a larger plan.`,
    );
    expect(refused.body.error.details).toEqual({ limit: 'teams', allowed: inUse + 1, inUse: inUse + 1 });
    const names = (await olivia.get('/api/teams')).body.data.map((team: { name: string }) => team.name);
    expect(names).not.toContain('One Team Too Many');

    const weekend = made.body.data as { id: string; version: number };
    const archived = await olivia.patch(`/api/teams/${weekend.id}`, {
      version: weekend.version,
      status: 'archived',
    });
    expect(archived.status).toBe(200);
    const another = await olivia.post('/api/teams', { name: 'Evening Team' });
    expect(another.status).toBe(201);
    const back = await olivia.patch(`/api/teams/${weekend.id}`, {
      version: archived.body.data.version,
      status: 'active',
    });
    expect(back.status).toBe(403);
    expect(back.body.error.code).toBe('LIMIT_REACHED');
    await setLimits({ maxTeams: -1 });
    expect((await olivia.post('/api/teams', { name: 'Unlimited Team' })).status).toBe(201);
  });

  it('refuses inviting someone new past the people limit; existing members still join teams', async () => {
    const count = await t.readInTenant(
      sunrise,
      async (tx) => (await tx.select().from(memberships).where(eq(memberships.tenantId, sunrise))).length,
    );
    expect(count).toBeGreaterThan(0);
    await setLimits({ maxUsers: count });

    const invited = await olivia.post('/api/invitations', { email: `new.${randomUUID()}@sunrise.example` });
    expect(invited.status).toBe(403);
    expect(invited.body.error.code).toBe('LIMIT_REACHED');
    expect(invited.body.error.message).toContain(
      `Professional plan allows ${count} people, and all places are taken`,
    );

    const toTeam = await olivia.post(`/api/teams/${jordanTeam}/members`, {
      email: `other.${randomUUID()}@sunrise.example`,
      role: 'Support Worker',
    });
    expect(toTeam.status).toBe(403);
    expect(toTeam.body.error.code).toBe('LIMIT_REACHED');

    // Theo is already a member of the organisation: adding him to a team takes no new place.
    const theo = await olivia.post(`/api/teams/${jordanTeam}/members`, {
      email: 'theo.therapist@sunrise.example',
      role: 'Therapist',
    });
    expect(theo.status, JSON.stringify(theo.body)).toBe(201);

    await setLimits({ maxUsers: count + 1 });
    const room = await olivia.post('/api/invitations', { email: `room.${randomUUID()}@sunrise.example` });
    expect(room.status).toBe(201);
  });

  it('refuses a file that would pass the storage limit, keeping nothing of it', async () => {
    const card = await olivia.post('/api/cards', { teamId: jordanTeam, title: 'Storage check' });
    expect(card.status).toBe(201);
    const upload = () => {
      const boundary = `----wattle${randomUUID()}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="report.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdfBytes(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return olivia.request({
        method: 'POST',
        url: `/api/cards/${card.body.data.id}/files`,
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    await setLimits({ storageGB: 0 });
    const refused = await upload();
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('LIMIT_REACHED');
    expect(refused.body.error.message).toBe(
      "This file would take your organisation past the 0 GB of file storage its Professional plan allows. Delete files you no longer need, or raise the limit. To raise it, the organisation's owner can ask Wattle to move it to a larger plan.",
    );
    expect((await olivia.get(`/api/cards/${card.body.data.id}/files`)).body.data).toEqual([]);

    await setLimits({ storageGB: 250 });
    expect((await upload()).status).toBe(201);
  });
});
