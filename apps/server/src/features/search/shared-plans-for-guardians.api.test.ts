import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';

/**
 * What a family guardian reaches of the plans shared with them (issue 18 item 6): search finds a
 * plan shared with family on their team, never one that is not shared nor any other card; the card
 * they open carries no tags or finance. Staff searches and cards are as before.
 */
let t: TestApp;
let sunrise: string;
let priya: TestClient;
let fiona: TestClient;
let sophie: TestClient;
let ben: TestClient;
let sharedPlan: { id: string; cardId: string };
let privatePlan: { id: string; cardId: string };
let taskId: string;
const word = `kookaburra${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  const bluegum = await t.tenantId('Bluegum Disability Services');
  priya = (await t.as('priya.practitioner@sunrise.example')).inTenant(sunrise);
  fiona = (await t.as('fiona.family@sunrise.example')).inTenant(sunrise);
  sophie = (await t.as('sophie.support@sunrise.example')).inTenant(sunrise);
  ben = (await t.as('ben.owner@bluegum.example')).inTenant(bluegum);
  const teams = (await priya.get('/api/teams')).body.data as { id: string; name: string }[];
  const jordan = teams.find((team) => team.name === "Jordan's Care Team")!.id;

  const create = async (kind: 'interim' | 'comprehensive') => {
    const created = await priya.post('/api/behaviour-support-plans', { teamId: jordan, kind });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const plan = created.body.data as { id: string; cardId: string };
    const card = (await priya.get(`/api/cards/${plan.cardId}`)).body.data;
    const saved = await priya.patch(`/api/cards/${plan.cardId}`, {
      version: card.version,
      description: `Plan about the ${word}`,
      tags: ['sensitive-tag'],
      estimatedAmountCents: 123_400,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return plan;
  };
  sharedPlan = await create('interim');
  privatePlan = await create('comprehensive');
  const shared = await priya.post(`/api/behaviour-support-plans/${sharedPlan.id}/share`, {
    sharedWithFamily: true,
  });
  expect(shared.status, JSON.stringify(shared.body)).toBe(200);
  const task = await priya.post('/api/cards', { teamId: jordan, title: `Task about the ${word}` });
  expect(task.status, JSON.stringify(task.body)).toBe(201);
  taskId = task.body.data.id;
});
afterAll(() => t.close());

const ids = (body: { data: { id: string }[] }) => body.data.map((result) => result.id).sort();

describe('a family guardian and the plans shared with them', () => {
  it('finds a plan shared with family in search, and neither the unshared plan nor other cards', async () => {
    const found = await fiona.get(`/api/search?q=${word}`);
    expect(found.status).toBe(200);
    expect(ids(found.body)).toEqual([sharedPlan.cardId]);
    // Every word must match, as for anyone.
    expect((await fiona.get(`/api/search?q=${word}%20nowhere`)).body.data).toEqual([]);
    // Staff find all three as before.
    expect(ids((await priya.get(`/api/search?q=${word}`)).body)).toEqual(
      [sharedPlan.cardId, privatePlan.cardId, taskId].sort(),
    );
  });

  it('stops finding a plan once it is no longer shared', async () => {
    await priya.post(`/api/behaviour-support-plans/${sharedPlan.id}/share`, { sharedWithFamily: false });
    expect((await fiona.get(`/api/search?q=${word}`)).body.data).toEqual([]);
    await priya.post(`/api/behaviour-support-plans/${sharedPlan.id}/share`, { sharedWithFamily: true });
    expect(ids((await fiona.get(`/api/search?q=${word}`)).body)).toEqual([sharedPlan.cardId]);
  });

  it('is sent the shared plan’s card without its tags or finance; staff still get them', async () => {
    const read = await fiona.get(`/api/cards/${sharedPlan.cardId}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ tags: [], billable: false, estimatedAmountCents: 0 });
    expect(JSON.stringify(read.body)).not.toContain('sensitive-tag');
    const staff = await sophie.get(`/api/cards/${sharedPlan.cardId}`);
    expect(staff.body.data).toMatchObject({ tags: ['sensitive-tag'], estimatedAmountCents: 123_400 });
  });

  it('finds nothing of another organisation', async () => {
    expect((await ben.get(`/api/search?q=${word}`)).body.data).toEqual([]);
    expect((await ben.inTenant(sunrise).get(`/api/search?q=${word}`)).status).toBeGreaterThanOrEqual(400);
  });
});
