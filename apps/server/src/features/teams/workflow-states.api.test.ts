import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { listenForChanges } from '../events/change-feed';

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
          oldValue: 'To Do, In Progress, Done',
          newValue: 'Working on it, To Do, Waiting on family, Done',
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
    ];
    for (const [states, message] of cases) {
      const res = await put(olivia, teamId, { version: 1, states });
      expect(res.status, message).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.message).toBe(message);
    }
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
