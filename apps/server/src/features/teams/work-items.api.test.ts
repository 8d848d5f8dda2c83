import { randomUUID } from 'node:crypto';
import { listSchema } from '@wattle/domain/api/envelope';
import { WorkItemSchema } from '@wattle/domain/cards/schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { cards } from '../../db/schema/cards';

let t: TestApp;
let sunrise: string;
let jordanTeam: string;
/** A team made for this file, so its cards are exactly the ones the tests create. */
let boardTeam: string;
let olivia: TestClient;
let oliviaId: string;

const emails = {
  olivia: 'olivia.owner@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
  fiona: 'fiona.family@sunrise.example',
  gus: 'gus.guest@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
} as const;

async function as(person: keyof typeof emails): Promise<TestClient> {
  return (await t.as(emails[person])).inTenant(sunrise);
}

async function newCard(client: TestClient, body: Record<string, unknown>) {
  const res = await client.post('/api/cards', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function workItems(client: TestClient, teamId: string, query = '') {
  const res = await client.get(`/api/teams/${teamId}/work-items${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The answer is written by the database, not by the route's serialiser (work-items.ts): it is
  // checked against the documented schema here instead, strictly (no field more, none missing).
  const strict = listSchema(WorkItemSchema.strict());
  const checked = strict.safeParse(res.body);
  expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true);
  return res.body;
}

async function auditOf(id: string) {
  const res = await olivia.get(`/api/cards/${id}/audit`);
  expect(res.status).toBe(200);
  return res.body.data as {
    action: string;
    changes: { field: string; oldValue: unknown; newValue: unknown }[];
  }[];
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  olivia = await as('olivia');
  oliviaId = (await olivia.get('/api/me')).body.data.id;
  const teams = (await olivia.get('/api/teams')).body.data as { id: string; name: string }[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team")!.id;
  const created = await olivia.post('/api/teams', { name: 'Board moves team' });
  expect(created.status).toBe(201);
  boardTeam = created.body.data.id;
});
afterAll(() => t.close());

describe('GET /api/teams/{teamId}/work-items', () => {
  it("lists a team's live cards column by column, each column by board position", async () => {
    const a = await newCard(olivia, { teamId: boardTeam, title: 'First task' });
    const b = await newCard(olivia, { teamId: boardTeam, title: 'Second task' });
    const c = await newCard(olivia, { teamId: boardTeam, title: 'Third task' });
    const gone = await newCard(olivia, { teamId: boardTeam, title: 'Deleted task' });
    expect((await olivia.delete(`/api/cards/${gone.id}?version=1`)).status).toBe(200);
    // c goes to In Progress (starting work: a draft cannot go to Done), b to the top of To Do.
    expect(
      (await olivia.patch(`/api/cards/${c.id}`, { version: 1, workflowStateId: 'in-progress' })).status,
    ).toBe(200);
    expect(
      (await olivia.patch(`/api/cards/${b.id}`, { version: 1, boardPosition: a.boardPosition - 1024 }))
        .status,
    ).toBe(200);

    const body = await workItems(olivia, boardTeam);
    expect(body.data.map((x: any) => x.title)).toEqual(['Second task', 'First task', 'Third task']);
    expect(body.meta).toEqual({ total: 3, limit: 10_000, offset: 0 });
  });

  it('carries what the views show, with compliance from the stored verdict, and no form', async () => {
    const card = await newCard(olivia, {
      teamId: boardTeam,
      title: 'Assigned review',
      assigneeId: oliviaId,
      dueDate: '2031-05-06',
      tags: ['weekly'],
    });
    const item = (await workItems(olivia, boardTeam)).data.find((x: any) => x.id === card.id);
    expect(item).toEqual({
      id: card.id,
      teamId: boardTeam,
      workItemId: card.workItemId,
      type: card.type,
      templateName: card.templateName,
      title: 'Assigned review',
      participantId: card.participantId,
      assigneeId: oliviaId,
      assigneeName: card.assigneeName,
      status: 'draft',
      state: card.state,
      workflowStateId: 'todo',
      boardPosition: card.boardPosition,
      priority: card.priority,
      startDate: card.startDate,
      dueDate: '2031-05-06',
      tags: ['weekly'],
      version: 1,
      createdAt: card.createdAt,
      updatedAt: card.updatedAt,
      isCompliant: card.compliance.isCompliant,
      completion: card.compliance.completion,
    });
    expect(item.assigneeName).toBe('Olivia Owner');
  });

  it("keeps one person's cards with assigneeId=me or their id", async () => {
    const lee = await as('lee');
    const leeId = (await lee.get('/api/me')).body.data.id;
    const mine = await newCard(lee, { teamId: jordanTeam, title: 'Lee follow-up call', assigneeId: leeId });
    await newCard(lee, { teamId: jordanTeam, title: 'Unassigned follow-up' });

    const own = await workItems(lee, jordanTeam, '?assigneeId=me');
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((x: any) => x.assigneeId === leeId)).toBe(true);
    expect(own.data.map((x: any) => x.id)).toContain(mine.id);
    expect(own.meta.total).toBe(own.data.length);

    const byId = await workItems(olivia, jordanTeam, `?assigneeId=${leeId}`);
    expect(byId.data.map((x: any) => x.id)).toEqual(own.data.map((x: any) => x.id));

    const all = await workItems(lee, jordanTeam);
    expect(all.data.length).toBeGreaterThan(own.data.length);
    expect(all.data.every((x: any) => x.teamId === jordanTeam)).toBe(true);
  });

  it('lets team members and tenant-wide readers in, and hides the team from everyone else', async () => {
    for (const person of ['lee', 'sophie', 'aria'] as const) {
      expect((await (await as(person)).get(`/api/teams/${jordanTeam}/work-items`)).status, person).toBe(200);
    }
    // A family guardian sees the team but not its cards; a guest is not on it; a made-up id.
    for (const [person, teamId] of [
      ['fiona', jordanTeam],
      ['gus', jordanTeam],
      ['olivia', randomUUID()],
    ] as const) {
      const res = await (await as(person)).get(`/api/teams/${teamId}/work-items`);
      expect(res.status, person).toBe(404);
      expect(res.body.error.message).toBe('Team not found');
    }
  });

  it('refuses a bad assignee filter', async () => {
    const res = await olivia.get(`/api/teams/${jordanTeam}/work-items?assigneeId=someone`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
  });
});

describe('the team work routes in the OpenAPI document', () => {
  it('documents the work items and the workflow edit', async () => {
    const doc = (await t.anonymous().get('/api/openapi.json')).body;
    for (const [path, method] of [
      ['/api/teams/{teamId}/work-items', 'get'],
      ['/api/teams/{id}/workflow-states', 'put'],
    ] as const) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual(['teams']);
      expect(operation.description).toBeTruthy();
    }
    // A board move by neighbours is part of the card PATCH's documented body.
    const patch = doc.paths['/api/cards/{id}'].patch;
    expect(patch.requestBody.content['application/json'].schema.properties.boardPlace).toBeDefined();
    expect(patch.description).toContain('boardPlace');
  });
});

describe('board moves: PATCH /api/cards/{id} with workflowStateId and boardPosition', () => {
  it('moves a card to another column at a place between two cards, audited as the column change', async () => {
    const x = await newCard(olivia, { teamId: boardTeam, title: 'Move me' });
    const [p, q] = [
      await newCard(olivia, { teamId: boardTeam, title: 'In progress one' }),
      await newCard(olivia, { teamId: boardTeam, title: 'In progress two' }),
    ];
    await olivia.patch(`/api/cards/${p.id}`, { version: 1, workflowStateId: 'in-progress' });
    await olivia.patch(`/api/cards/${q.id}`, { version: 1, workflowStateId: 'in-progress' });
    const between = (p.boardPosition + q.boardPosition) / 2;

    const moved = await olivia.patch(`/api/cards/${x.id}`, {
      version: 1,
      workflowStateId: 'in-progress',
      boardPosition: between,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({
      workflowStateId: 'in-progress',
      boardPosition: between,
      version: 2,
    });

    const column = (await workItems(olivia, boardTeam)).data.filter(
      (i: any) => i.workflowStateId === 'in-progress',
    );
    // (An earlier test's started card sits in the column too.)
    expect(column.map((i: any) => i.title).filter((t: string) => t !== 'Third task')).toEqual([
      'In progress one',
      'Move me',
      'In progress two',
    ]);

    const [entry] = await auditOf(x.id);
    expect(entry!.action).toBe('updated');
    // The column stands for a status (decision 0037): moving to In Progress starts work.
    expect(entry!.changes).toEqual([
      { field: 'workflowStateId', oldValue: 'todo', newValue: 'in-progress' },
      { field: 'status', oldValue: 'draft', newValue: 'in-progress' },
    ]);
  });

  it('reorders a card within its column, audited as its board position', async () => {
    const first = await newCard(olivia, { teamId: boardTeam, title: 'Reorder first' });
    const second = await newCard(olivia, { teamId: boardTeam, title: 'Reorder second' });
    const top = first.boardPosition - 512;
    const res = await olivia.patch(`/api/cards/${second.id}`, { version: 1, boardPosition: top });
    expect(res.status).toBe(200);
    expect(res.body.data.boardPosition).toBe(top);
    const titles = (await workItems(olivia, boardTeam)).data.map((i: any) => i.title);
    expect(titles.indexOf('Reorder second')).toBeLessThan(titles.indexOf('Reorder first'));
    const [entry] = await auditOf(second.id);
    expect(entry!.changes).toEqual([
      { field: 'boardPosition', oldValue: second.boardPosition, newValue: top },
    ]);
  });

  it('keeps a move made from a stale version unless someone else moved the card since', async () => {
    const card = await newCard(olivia, { teamId: boardTeam, title: 'Contested card' });
    // Someone edits the title (version 2); a board move started from version 1 still lands.
    expect(
      (await olivia.patch(`/api/cards/${card.id}`, { version: 1, title: 'Contested card v2' })).status,
    ).toBe(200);
    const move = await olivia.patch(`/api/cards/${card.id}`, { version: 1, boardPosition: 5 });
    expect(move.status).toBe(200);
    expect(move.body.data).toMatchObject({ title: 'Contested card v2', boardPosition: 5, version: 3 });
    // A second move from version 1 now conflicts on boardPosition.
    const stale = await olivia.patch(`/api/cards/${card.id}`, { version: 1, boardPosition: 7 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.conflictingFields).toEqual(['boardPosition']);
  });

  it('spreads a column out when moves keep landing in one gap, keeping the order the moves made', async () => {
    const created = await olivia.post('/api/teams', { name: 'Crowded column team' });
    const teamId = created.body.data.id as string;
    const top = await newCard(olivia, { teamId, title: 'Top' });
    const bottom = await newCard(olivia, { teamId, title: 'Bottom' });
    const column = async () =>
      (await workItems(olivia, teamId)).data as {
        id: string;
        title: string;
        boardPosition: number;
        version: number;
      }[];

    // Each new card goes just under Top, halving the same gap again: 30 halvings would leave gaps a
    // double can barely hold; the column is spread out long before that.
    const expected = ['Top', 'Bottom'];
    for (let n = 1; n <= 30; n += 1) {
      const card = await newCard(olivia, { teamId, title: `Card ${n}` });
      const items = (await column()).filter((i) => i.id !== card.id);
      const position = (items[0]!.boardPosition + items[1]!.boardPosition) / 2;
      const res = await olivia.patch(`/api/cards/${card.id}`, { version: 1, boardPosition: position });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expected.splice(1, 0, `Card ${n}`);
    }
    const items = await column();
    expect(items.map((i) => i.title)).toEqual(expected);
    const gaps = items.slice(1).map((item, i) => item.boardPosition - items[i]!.boardPosition);
    expect(Math.min(...gaps)).toBeGreaterThan(1);

    // Spreading moved Bottom on: a move of it from the version first shown is stale, not misplaced.
    const bottomNow = items.find((i) => i.id === bottom.id)!;
    expect(bottomNow.version).toBeGreaterThan(1);
    const stale = await olivia.patch(`/api/cards/${bottom.id}`, {
      version: 1,
      boardPosition: top.boardPosition - 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.conflictingFields).toEqual(['boardPosition']);

    // Every card the spread renumbered has its own audit entry: old and new position, by who moved.
    const renumbered = items.filter((i) => i.version > 1 && i.title !== 'Top');
    expect(renumbered.length).toBeGreaterThan(2);
    const trail = await auditOf(bottom.id);
    const spreadEntry = trail.find((entry: any) => entry.metadata.reason === 'column-spread') as any;
    expect(spreadEntry).toMatchObject({
      action: 'updated',
      userName: 'Olivia Owner',
      changes: [
        { field: 'boardPosition', oldValue: bottom.boardPosition, newValue: bottomNow.boardPosition },
      ],
    });
    expect(spreadEntry.metadata.version).toBe(bottomNow.version);
  });

  it('takes two simultaneous moves that each spread the same column one after the other', async () => {
    const created = await olivia.post('/api/teams', { name: 'Simultaneous spreads team' });
    const teamId = created.body.data.id as string;
    const [a, b, x, y] = [
      await newCard(olivia, { teamId, title: 'A' }),
      await newCard(olivia, { teamId, title: 'B' }),
      await newCard(olivia, { teamId, title: 'X' }),
      await newCard(olivia, { teamId, title: 'Y' }),
    ];
    for (let round = 0; round < 5; round += 1) {
      // A and B almost touch, X and Y sit off the grid a spread puts cards on: a move of X, or of
      // Y, in between A and B spreads the column, which renumbers the other one too.
      const at = { [a.id]: 10.5, [b.id]: 10.5001, [x.id]: 5000.5, [y.id]: 6000.5 };
      await t.readInTenant(sunrise, async (tx) => {
        for (const [id, position] of Object.entries(at)) {
          await tx.update(cards).set({ boardPosition: position }).where(eq(cards.id, id));
        }
      });
      const items = (await workItems(olivia, teamId)).data as { id: string; version: number }[];
      const versionOf = (id: string) => items.find((i) => i.id === id)!.version;
      const [first, second] = await Promise.all([
        olivia.patch(`/api/cards/${x.id}`, { version: versionOf(x.id), boardPosition: 10.50002 }),
        olivia.patch(`/api/cards/${y.id}`, { version: versionOf(y.id), boardPosition: 10.50004 }),
      ]);
      // One lands; the other, made before the spread renumbered its card, is stale (never a 500
      // from a deadlock between the two spreads).
      const statuses = [first.status, second.status].sort();
      expect(statuses, JSON.stringify([first.body, second.body])).toEqual([200, 409]);
      const stale = first.status === 409 ? first : second;
      expect(stale.body.error.details.conflictingFields).toEqual(['boardPosition']);
    }
  });

  it('places a card by its neighbours where they are now, so a view that missed a spread still lands it right', async () => {
    const created = await olivia.post('/api/teams', { name: 'Placed by neighbours team' });
    const teamId = created.body.data.id as string;
    const [a, b, c] = [
      await newCard(olivia, { teamId, title: 'A' }),
      await newCard(olivia, { teamId, title: 'B' }),
      await newCard(olivia, { teamId, title: 'C' }),
    ];
    const mover = await newCard(olivia, { teamId, title: 'Mover' });
    // Mover sits in In Progress; a stale view of To Do shows A, B, C at their first positions.
    expect(
      (await olivia.patch(`/api/cards/${mover.id}`, { version: 1, workflowStateId: 'in-progress' })).status,
    ).toBe(200);
    const staleBetweenBAndC = (b.boardPosition + c.boardPosition) / 2;
    // Meanwhile someone crowds To Do against A until the server spreads it: the numbers all change.
    const top = a.boardPosition;
    let next = b.boardPosition;
    for (let n = 1; n <= 22; n += 1) {
      const card = await newCard(olivia, { teamId, title: `Crowd ${n}` });
      const position = (top + next) / 2;
      const res = await olivia.patch(`/api/cards/${card.id}`, { version: 1, boardPosition: position });
      expect(res.status).toBe(200);
      next = res.body.data.boardPosition;
      if (next !== position) break;
    }
    const todo = async () =>
      ((await workItems(olivia, teamId)).data as any[]).filter((i) => i.workflowStateId === 'todo');
    expect((await todo()).find((i) => i.id === b.id).boardPosition).not.toBe(b.boardPosition);

    // The stale position alone would put Mover wherever that old number now falls.
    // By neighbours, it goes between B and C as they are now.
    const moved = await olivia.patch(`/api/cards/${mover.id}`, {
      version: 2,
      workflowStateId: 'todo',
      boardPlace: { aboveId: b.id, belowId: c.id },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.boardPosition).not.toBe(staleBetweenBAndC);
    const titles = (await todo()).map((i) => i.title);
    expect(titles.slice(-3)).toEqual(['B', 'Mover', 'C']);

    // Under one card (the bottom of the column), then over one (the top).
    const under = await olivia.patch(`/api/cards/${mover.id}`, {
      version: moved.body.data.version,
      boardPlace: { aboveId: c.id, belowId: null },
    });
    expect(under.status).toBe(200);
    expect((await todo()).map((i) => i.title).slice(-2)).toEqual(['C', 'Mover']);
    const over = await olivia.patch(`/api/cards/${mover.id}`, {
      version: under.body.data.version,
      boardPlace: { aboveId: null, belowId: a.id },
    });
    expect(over.status).toBe(200);
    expect((await todo())[0].title).toBe('Mover');

    // A neighbour that has left the column: the view is out of date, 409 and nothing moves.
    expect(
      (
        await olivia.patch(`/api/cards/${c.id}`, {
          version: (await todo()).at(-1).version,
          workflowStateId: 'in-progress',
        })
      ).status,
    ).toBe(200);
    const stale = await olivia.patch(`/api/cards/${mover.id}`, {
      version: over.body.data.version,
      boardPlace: { aboveId: b.id, belowId: c.id },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.conflictingFields).toEqual(['boardPosition']);
    expect((await todo())[0].title).toBe('Mover');

    // Into another column with no neighbours named: the bottom of it (below C).
    const alone = await olivia.patch(`/api/cards/${mover.id}`, {
      version: over.body.data.version,
      workflowStateId: 'in-progress',
      boardPlace: { aboveId: null, belowId: null },
    });
    expect(alone.status).toBe(200);
    expect(alone.body.data.workflowStateId).toBe('in-progress');

    const both = await olivia.patch(`/api/cards/${mover.id}`, {
      version: alone.body.data.version,
      boardPosition: 5,
      boardPlace: { aboveId: null, belowId: null },
    });
    expect(both.status).toBe(400);
  });

  it('moves a due date (calendar drag) and refuses an unknown column', async () => {
    const card = await newCard(olivia, { teamId: boardTeam, title: 'Calendar card' });
    const due = await olivia.patch(`/api/cards/${card.id}`, { version: 1, dueDate: '2031-01-15' });
    expect(due.status).toBe(200);
    expect(due.body.data.dueDate).toBe('2031-01-15');
    const bad = await olivia.patch(`/api/cards/${card.id}`, { version: 2, workflowStateId: 'nowhere' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Unknown workflow state "nowhere"');
  });
});
