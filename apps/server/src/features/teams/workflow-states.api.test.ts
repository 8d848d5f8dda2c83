import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { runInTenant } from '../../http/tenant-scope';
import { listenForChanges } from '../events/change-feed';
import { updateWorkflowStates } from './workflow-states';

let t: TestApp;
let sunrise: string;
let jordanTeam: string;
let olivia: TestClient;

const emails = {
  olivia: 'olivia.owner@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
  gus: 'gus.guest@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
} as const;

async function as(person: keyof typeof emails): Promise<TestClient> {
  return (await t.as(emails[person])).inTenant(sunrise);
}

const put = (client: TestClient, teamId: string, payload: unknown) =>
  client.request({ method: 'PUT', url: `/api/teams/${teamId}/workflow-states`, payload: payload as never });

const done = { id: 'done', name: 'Done', color: '#10b981' };

async function newTeam(name: string): Promise<string> {
  const res = await olivia.post('/api/teams', { name });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function newCard(teamId: string, title: string) {
  const res = await olivia.post('/api/cards', { teamId, title });
  expect(res.status).toBe(201);
  return res.body.data;
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  olivia = await as('olivia');
  const teams = (await olivia.get('/api/teams')).body.data as { id: string; name: string }[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team")!.id;
});
afterAll(() => t.close());

describe('PUT /api/teams/{id}/workflow-states', () => {
  it('renames, recolours, reorders and adds columns, numbering them again and keeping Done last', async () => {
    const teamId = await newTeam('Workflow editing team');
    const res = await put(olivia, teamId, {
      version: 1,
      states: [
        { id: 'in-progress', name: 'Working on it', color: '#3B82F6' },
        { id: 'todo', name: 'To Do', color: '#111111' },
        { id: 'waiting', name: 'Waiting on family', color: '#f59e0b' },
        done,
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.version).toBe(2);
    expect(res.body.data.workflowStates).toEqual([
      { id: 'in-progress', name: 'Working on it', color: '#3B82F6', order: 1, isEditable: true },
      { id: 'todo', name: 'To Do', color: '#111111', order: 2, isEditable: true },
      { id: 'waiting', name: 'Waiting on family', color: '#f59e0b', order: 3, isEditable: true },
      { id: 'done', name: 'Done', color: '#10b981', order: 4, isEditable: false },
    ]);
    const read = await olivia.get(`/api/teams/${teamId}`);
    expect(read.body.data.workflowStates).toEqual(res.body.data.workflowStates);

    const [entry] = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, teamId), eq(auditLog.action, 'updated')))
        .orderBy(desc(auditLog.at)),
    );
    expect(entry).toMatchObject({
      entity: 'team',
      actorName: 'Olivia Owner',
      changes: [
        {
          field: 'workflowStates',
          oldValue: [
            { id: 'todo', name: 'To Do', color: '#64748b', order: 1 },
            { id: 'in-progress', name: 'In Progress', color: '#3b82f6', order: 2 },
            { id: 'done', name: 'Done', color: '#10b981', order: 4 },
          ],
          newValue: [
            { id: 'in-progress', name: 'Working on it', color: '#3B82F6', order: 1 },
            { id: 'todo', name: 'To Do', color: '#111111', order: 2 },
            { id: 'waiting', name: 'Waiting on family', color: '#f59e0b', order: 3 },
            { id: 'done', name: 'Done', color: '#10b981', order: 4 },
          ],
        },
      ],
      metadata: { version: 2, fromVersion: 1 },
    });
  });

  it('refuses a stale version with 409 and the team as it is now', async () => {
    const teamId = await newTeam('Stale workflow team');
    const states = [{ id: 'todo', name: 'Backlog', color: '#64748b' }, done];
    expect((await put(olivia, teamId, { version: 1, states })).status).toBe(200);
    const stale = await put(olivia, teamId, { version: 1, states });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('CONFLICT');
    expect(stale.body.error.message).toBe(
      "Someone else changed this team's workflow since you opened it. Review their changes and try again.",
    );
    expect(stale.body.error.details.current).toMatchObject({ id: teamId, version: 2 });
  });

  it('refuses an edit the workflow rules refuse, with their message', async () => {
    const teamId = await newTeam('Refused workflow team');
    const cases: [unknown[], string][] = [
      [[{ id: 'todo', name: 'To Do', color: '#64748b' }], 'The "Done" state cannot be changed or removed'],
      [
        [
          { id: 'todo', name: 'To Do', color: '#64748b' },
          { ...done, name: 'Finished' },
        ],
        'The "Done" state cannot be changed or removed',
      ],
      [
        [{ id: 'todo', name: 'A', color: '#64748b' }, { id: 'todo', name: 'B', color: '#64748b' }, done],
        'The state id "todo" is used twice',
      ],
      [[done], 'A team needs at least one state besides Done'],
      [
        [
          { id: 'todo', name: 'To Do', color: '#64748b' },
          { id: 'to-do', name: ' to do ', color: '#3b82f6' },
          done,
        ],
        'The state name "to do" is used twice',
      ],
      [
        [
          { id: 'todo', name: 'To Do', color: '#64748b' },
          { id: 'finished', name: 'DONE', color: '#3b82f6' },
          done,
        ],
        'The state name "DONE" is used twice',
      ],
    ];
    for (const [states, message] of cases) {
      const res = await put(olivia, teamId, { version: 1, states });
      expect(res.status, message).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.message).toBe(message);
    }
    const twice = await put(olivia, teamId, {
      version: 1,
      states: [
        { id: 'todo', name: 'To Do', color: '#64748b' },
        { id: 'again', name: 'TO DO', color: '#3b82f6' },
        done,
      ],
    });
    expect(twice.body.error.details).toEqual([
      { path: ['states', 1, 'name'], message: 'The state name "TO DO" is used twice' },
    ]);
    const badColour = await put(olivia, teamId, {
      version: 1,
      states: [{ id: 'todo', name: 'To Do', color: 'red' }, done],
    });
    expect(badColour.status).toBe(400);
    expect(JSON.stringify(badColour.body)).toContain('A colour is #rrggbb');
    expect((await olivia.get(`/api/teams/${teamId}`)).body.data.version).toBe(1);
  });

  it('moves the cards of a removed column to the end of the first one, in order, and announces it', async () => {
    const teamId = await newTeam('Removed column team');
    const staying = await newCard(teamId, 'Stays in To Do');
    const a = await newCard(teamId, 'Was in progress A');
    const b = await newCard(teamId, 'Was in progress B');
    await olivia.patch(`/api/cards/${a.id}`, { version: 1, workflowStateId: 'in-progress' });
    await olivia.patch(`/api/cards/${b.id}`, { version: 1, workflowStateId: 'in-progress' });

    const messages: any[] = [];
    const stop = await listenForChanges(t.database, (p) => messages.push(JSON.parse(p ?? '{}')), {
      warn: () => undefined,
    } as never);
    try {
      const res = await put(olivia, teamId, {
        version: 1,
        states: [{ id: 'todo', name: 'To Do', color: '#64748b' }, done],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const until = Date.now() + 5000;
      while (messages.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await stop();
    }
    expect(messages.map((m) => m.event)).toEqual([
      { type: 'updated', entity: 'team', id: teamId, version: 2 },
      { type: 'updated', entity: 'card', id: '*', version: null },
    ]);

    const items = (await olivia.get(`/api/teams/${teamId}/work-items`)).body.data;
    expect(items.map((i: any) => [i.title, i.workflowStateId, i.version])).toEqual([
      ['Stays in To Do', 'todo', 1],
      ['Was in progress A', 'todo', 3],
      ['Was in progress B', 'todo', 3],
    ]);
    expect(items[1].boardPosition).toBe(staying.boardPosition + 1024);
    expect(items[2].boardPosition).toBe(staying.boardPosition + 2048);
    // A board move from before the removal now conflicts instead of putting the card back.
    const stale = await olivia.patch(`/api/cards/${a.id}`, { version: 2, boardPosition: 1 });
    expect(stale.status).toBe(409);
  });

  it('audits a colour-only edit with the old and new colours, and takes a save that changes nothing as no change', async () => {
    const teamId = await newTeam('Colour edit team');
    const entries = () =>
      t.readInTenant(sunrise, (tx) =>
        tx
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityId, teamId), eq(auditLog.action, 'updated')))
          .orderBy(desc(auditLog.at)),
      );
    const states = [
      { id: 'todo', name: 'To Do', color: '#64748b' },
      { id: 'in-progress', name: 'In Progress', color: '#ef4444' },
      done,
    ];
    const recoloured = await put(olivia, teamId, { version: 1, states });
    expect(recoloured.status, JSON.stringify(recoloured.body)).toBe(200);
    expect(recoloured.body.data.version).toBe(2);
    const [entry] = await entries();
    const change = (entry!.changes as { oldValue: any[]; newValue: any[] }[])[0]!;
    expect(change.oldValue[1]).toEqual({
      id: 'in-progress',
      name: 'In Progress',
      color: '#3b82f6',
      order: 2,
    });
    expect(change.newValue[1]).toEqual({
      id: 'in-progress',
      name: 'In Progress',
      color: '#ef4444',
      order: 2,
    });

    // The same columns again (a colour differing only in case counts as the same): no new version,
    // no audit entry, the team answered as it is.
    const again = await put(olivia, teamId, {
      version: 2,
      states: states.map((s) => (s.id === 'in-progress' ? { ...s, color: '#EF4444' } : s)),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({
      version: 2,
      workflowStates: recoloured.body.data.workflowStates,
    });
    expect((await olivia.get(`/api/teams/${teamId}`)).body.data.version).toBe(2);
    expect(await entries()).toHaveLength(1);
  });

  it("writes each moved card's own audit entry, as the person who removed the column, from where they were", async () => {
    const teamId = await newTeam('Audited removal team');
    const a = await newCard(teamId, 'Audited A');
    const b = await newCard(teamId, 'Audited B');
    for (const card of [a, b])
      await olivia.patch(`/api/cards/${card.id}`, { version: 1, workflowStateId: 'in-progress' });
    const res = await olivia.request({
      method: 'PUT',
      url: `/api/teams/${teamId}/workflow-states`,
      payload: { version: 1, states: [{ id: 'todo', name: 'To Do', color: '#64748b' }, done] },
      headers: { 'user-agent': 'workflow-test/2.0' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const card of [a, b]) {
      const trail = await olivia.get(`/api/cards/${card.id}/audit`);
      expect(trail.status).toBe(200);
      expect(trail.body.data[0]).toMatchObject({
        action: 'updated',
        userName: 'Olivia Owner',
        userAgent: 'workflow-test/2.0',
        ipAddress: expect.any(String),
        changes: [{ field: 'workflowStateId', oldValue: 'in-progress', newValue: 'todo' }],
        metadata: { version: 3, fromVersion: 2, reason: 'workflow-state-removed', teamVersion: 2 },
      });
    }
  });

  it('re-places cards whose column stands for another stage after an edit (decision 0037)', async () => {
    const teamId = await newTeam('Reordered stages team');
    const draft = await newCard(teamId, 'Still a draft');
    const started = await newCard(teamId, 'Work started');
    await olivia.patch(`/api/cards/${started.id}`, { version: 1, workflowStateId: 'in-progress' });
    // In Progress first: it is the drafts' column now, and To Do one of work in progress.
    const res = await put(olivia, teamId, {
      version: 1,
      states: [
        { id: 'in-progress', name: 'In Progress', color: '#3b82f6' },
        { id: 'todo', name: 'To Do', color: '#64748b' },
        done,
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const items = (await olivia.get(`/api/teams/${teamId}/work-items`)).body.data;
    expect(items.map((i: any) => [i.title, i.status, i.workflowStateId])).toEqual([
      ['Still a draft', 'draft', 'in-progress'],
      ['Work started', 'in-progress', 'todo'],
    ]);
    const trail = await olivia.get(`/api/cards/${draft.id}/audit`);
    expect(trail.body.data[0]).toMatchObject({
      changes: [{ field: 'workflowStateId', oldValue: 'todo', newValue: 'in-progress' }],
      metadata: { reason: 'workflow-changed' },
    });
  });

  it('never leaves a card in a column that a workflow edit running at the same time removes', async () => {
    const teamId = await newTeam('Concurrent removal team');
    const card = await newCard(teamId, 'Moving while the column goes');
    const me = (await olivia.get('/api/me')).body.data;
    // The edit removes In Progress and holds its transaction open; meanwhile a board move of the card
    // into In Progress arrives. It must wait for the edit and then be refused, never land there.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let edited!: () => void;
    const editDone = new Promise<void>((resolve) => {
      edited = resolve;
    });
    const edit = runInTenant(
      t.database.db,
      sunrise,
      { id: me.id, email: me.email, name: me.name, platformRole: null, ip: null, userAgent: null },
      async (ctx) => {
        const team = await updateWorkflowStates(ctx, teamId, {
          version: 1,
          states: [{ id: 'todo', name: 'To Do', color: '#64748b' }, done],
        });
        edited();
        await held;
        return team;
      },
    );
    await editDone;
    let isAnswered = false;
    const move = olivia
      .patch(`/api/cards/${card.id}`, { version: 1, workflowStateId: 'in-progress' })
      .then((res) => {
        isAnswered = true;
        return res;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(isAnswered, 'the move waited for the workflow edit').toBe(false);
    release();
    expect((await edit).version).toBe(2);
    const res = await move;
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.message).toBe('Unknown workflow state "in-progress"');
    expect((await olivia.get(`/api/cards/${card.id}`)).body.data.workflowStateId).toBe('todo');
  });

  it("lets the team's lead edit it, and refuses members, auditors and people who cannot see the team", async () => {
    const lee = await as('lee');
    const version = (await lee.get(`/api/teams/${jordanTeam}`)).body.data.version;
    const states = [
      { id: 'todo', name: 'To Do', color: '#64748b' },
      { id: 'in-progress', name: 'In Progress', color: '#3b82f6' },
      { id: 'review', name: 'Clinical review', color: '#8b5cf6' },
      done,
    ];
    const ok = await put(lee, jordanTeam, { version, states });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.workflowStates.map((s: any) => s.id)).toEqual([
      'todo',
      'in-progress',
      'review',
      'done',
    ]);

    for (const [person, status] of [
      ['sophie', 403],
      ['aria', 403],
      ['gus', 404],
    ] as const) {
      const res = await put(await as(person), jordanTeam, { version: version + 1, states });
      expect(res.status, person).toBe(status);
      if (status === 404) expect(res.body.error.message).toBe('Team not found');
    }
  });
});
