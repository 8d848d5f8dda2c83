import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { cards } from '../../db/schema/cards';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { runInTenant } from '../../http/tenant-scope';
import { raiseIncident } from './raise-incident';

/**
 * The incidents register against the real app (issue 16 item 4). Sophie (support worker on Jordan's
 * team) reports incidents; Olivia and Adam (owner, admin) hear of reportable ones; Aria (auditor)
 * reads everything and changes nothing; Fiona (Jordan's family guardian) sees no incident; Gus (a
 * guest support worker on Mia's team) sees only Mia's; Ben (Bluegum) sees nothing of Sunrise.
 */
let t: TestApp;
let sunrise: string;
let jordan: string;
let jordanTeam: string;
let miaTeam: string;

const as = async (email: string): Promise<TestClient> => (await t.as(email)).inTenant(sunrise);
const sophie = () => as('sophie.support@sunrise.example');
const olivia = () => as('olivia.owner@sunrise.example');
const aria = () => as('aria.auditor@sunrise.example');
const fiona = () => as('fiona.family@sunrise.example');
const gus = () => as('gus.guest@sunrise.example');
const lee = () => as('lee.lead@sunrise.example');

async function userId(email: string): Promise<string> {
  const [row] = await t.readAsGlobalAdmin((tx) =>
    tx.select({ id: users.id }).from(users).where(eq(users.email, email)),
  );
  return row!.id;
}

/** A new incident report on a team, as Quick Add's New Incident makes it: answers the incident. */
async function reportIncident(
  title: string,
  fieldValues: Record<string, unknown> = {},
  client?: TestClient,
  teamId = jordanTeam,
) {
  const card = await (client ?? (await sophie())).post('/api/cards', {
    teamId,
    title,
    templateId: 'incident-report',
    fieldValues,
  });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  const list = await (await olivia()).get('/api/incidents?limit=200');
  const incident = list.body.data.find((i: { cardId: string }) => i.cardId === card.body.data.id);
  expect(incident).toBeDefined();
  return incident as { id: string; cardId: string; version: number; [k: string]: unknown };
}

async function notificationsOf(email: string, cardId: string) {
  const id = await userId(email);
  return t.readInTenant(sunrise, (tx) =>
    tx
      .select({ message: notifications.message, priority: notifications.priority, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.userId, id), eq(notifications.cardId, cardId))),
  );
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  const participants = (await (await olivia()).get('/api/participants')).body.data as {
    id: string;
    name: string;
    teamId: string;
  }[];
  const jordanRow = participants.find((p) => p.name === 'Jordan Lee')!;
  jordan = jordanRow.id;
  jordanTeam = jordanRow.teamId;
  miaTeam = participants.find((p) => p.name === 'Mia Thompson')!.teamId;
}, 180_000);
afterAll(() => t.close());

describe('an incident report card makes its register entry', () => {
  it('happened at the report’s date and time in the tenant’s zone, for the team’s participant, open and not reportable', async () => {
    const incident = await reportIncident('Incident: fall in the bathroom', {
      'incident-date': '2026-03-02',
      'incident-time': '14:30',
    });
    expect(incident).toMatchObject({
      title: 'Incident: fall in the bathroom',
      occurredAt: '2026-03-02T03:30:00.000Z',
      participant: { id: jordan, name: 'Jordan Lee' },
      team: { id: jordanTeam },
      category: 'other',
      // Nobody has assessed it yet: not "no harm" (decision 0027).
      severity: null,
      reportable: false,
      status: 'open',
      deadlines: [],
      openActionCount: 0,
      version: 1,
    });
    expect(incident.workItemId).toMatch(/^SUN-\d{5}$/);
    const audit = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'incident'), eq(auditLog.entityId, incident.id))),
    );
    expect(audit.map((a) => a.action)).toEqual(['created']);
  });

  it('without an incident date, happened when it was reported; a card of another template makes none', async () => {
    const before = Date.now();
    const incident = await reportIncident('Incident without a date yet');
    expect(new Date(incident.occurredAt as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const note = await (await sophie()).post('/api/cards', {
      teamId: jordanTeam,
      title: 'Shopping list',
      templateId: null,
    });
    const list = await (await olivia()).get('/api/incidents?limit=200');
    expect(list.body.data.some((i: { cardId: string }) => i.cardId === note.body.data.id)).toBe(false);
  });
});

describe('PATCH /api/incidents/{id}: reportable and the Commission clocks', () => {
  let incident: { id: string; cardId: string; version: number };

  beforeAll(async () => {
    incident = await reportIncident('Incident: Jordan injured at day program');
  });

  it('refuses reportable without a category, saving nothing', async () => {
    const res = await (await sophie()).patch(`/api/incidents/${incident.id}`, {
      version: 1,
      reportable: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'Choose the reportable category before marking the incident reportable',
    );
    const read = await (await sophie()).get(`/api/incidents/${incident.id}`);
    expect(read.body.data).toMatchObject({ reportable: false, version: 1 });
  });

  it('marking it reportable records who became aware and when, starts both deadlines and tells the owner and admin', async () => {
    const awareAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const res = await (await sophie()).patch(`/api/incidents/${incident.id}`, {
      version: 1,
      reportable: true,
      reportableCategory: 'serious-injury',
      severity: 'high',
      category: 'injury',
      awareAt,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      reportable: true,
      reportableCategory: 'serious-injury',
      severity: 'high',
      category: 'injury',
      awareAt,
      awareBy: { name: 'Sophie Support' },
      version: 2,
    });
    const notification = data.deadlines.find((d: { kind: string }) => d.kind === 'incident-notification');
    const report = data.deadlines.find((d: { kind: string }) => d.kind === 'incident-five-day-report');
    // 24 elapsed hours from awareness.
    expect(new Date(notification.dueAt).getTime() - new Date(awareAt).getTime()).toBe(24 * 60 * 60 * 1000);
    expect(notification).toMatchObject({ metAt: null, status: 'due-soon' });
    expect(new Date(report.dueAt).getTime()).toBeGreaterThan(new Date(notification.dueAt).getTime());

    for (const email of ['olivia.owner@sunrise.example', 'adam.admin@sunrise.example']) {
      const got = await notificationsOf(email, incident.cardId);
      expect(got).toHaveLength(1);
      expect(got[0]!.priority).toBe('high');
      expect(got[0]!.link).toBe(`/incidents?incident=${incident.id}`);
      expect(got[0]!.message).toMatch(
        /^Reportable incident SUN-\d{5} for Jordan Lee \(Serious injury\): notify the NDIS Commission by /,
      );
    }
    expect(await notificationsOf('sophie.support@sunrise.example', incident.cardId)).toEqual([]);
  });

  it('an unauthorised restrictive practice reported on a card keeps the 24-hour clock until its severity is recorded as Low', async () => {
    const reported = await reportIncident('Incident: door locked without authorisation', {
      'incident-date': '2026-03-02',
      'incident-time': '14:30',
    });
    const awareAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const client = await sophie();
    const marked = await client.patch(`/api/incidents/${reported.id}`, {
      version: 1,
      category: 'restrictive-practice',
      reportable: true,
      reportableCategory: 'unauthorised-restrictive-practice',
      awareAt,
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const notificationDue = (incident: { deadlines: { kind: string; dueAt: string }[] }) =>
      new Date(incident.deadlines.find((d) => d.kind === 'incident-notification')!.dueAt).getTime();
    expect(marked.body.data.severity).toBeNull();
    expect(notificationDue(marked.body.data) - new Date(awareAt).getTime()).toBe(24 * 60 * 60 * 1000);

    const noHarm = await client.patch(`/api/incidents/${reported.id}`, { version: 2, severity: 'low' });
    expect(noHarm.status).toBe(200);
    expect(notificationDue(noHarm.body.data) - new Date(awareAt).getTime()).toBeGreaterThan(
      5 * 24 * 3_600_000,
    );
  });

  it('answers 409 with the current incident for a stale version', async () => {
    const res = await (await lee()).patch(`/api/incidents/${incident.id}`, { version: 1, severity: 'low' });
    expect(res.status).toBe(409);
    expect(res.body.error.details.current).toMatchObject({ id: incident.id, version: 2, severity: 'high' });
  });

  it('refuses a notification in the future or before awareness; recording it meets the deadline', async () => {
    const future = await (await lee()).patch(`/api/incidents/${incident.id}`, {
      version: 2,
      notifiedAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.body.error.message).toBe('A notification or report cannot be recorded in the future');
    const early = await (await lee()).patch(`/api/incidents/${incident.id}`, {
      version: 2,
      notifiedAt: new Date(Date.now() - 5 * 3_600_000).toISOString(),
    });
    expect(early.body.error.message).toBe(
      'A notification or report cannot be earlier than the time someone became aware',
    );

    const notifiedAt = new Date(Date.now() - 60_000).toISOString();
    const res = await (await lee()).patch(`/api/incidents/${incident.id}`, {
      version: 2,
      notifiedAt,
      notificationReference: 'NOT-2026-0042',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ notifiedAt, notificationReference: 'NOT-2026-0042', version: 3 });
    const notification = res.body.data.deadlines.find(
      (d: { kind: string }) => d.kind === 'incident-notification',
    );
    expect(notification).toMatchObject({ metAt: notifiedAt, status: 'met' });

    const audit = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'incident'), eq(auditLog.entityId, incident.id))),
    );
    const last = audit.find((a) =>
      a.changes.some((c: { field: string }) => c.field === 'notificationReference'),
    );
    expect(last?.changes).toEqual(
      expect.arrayContaining([{ field: 'notificationReference', oldValue: null, newValue: 'NOT-2026-0042' }]),
    );
  });

  it('lists it among reportable incidents, and not among overdue ones', async () => {
    const client = await olivia();
    const reportable = await client.get('/api/incidents?reportable=true&limit=200');
    expect(reportable.body.data.map((i: { id: string }) => i.id)).toContain(incident.id);
    expect(reportable.body.data.every((i: { reportable: boolean }) => i.reportable)).toBe(true);
    const overdue = await client.get('/api/incidents?overdue=true&limit=200');
    expect(overdue.body.data.map((i: { id: string }) => i.id)).not.toContain(incident.id);
  });

  it('un-marking it stops the clocks', async () => {
    const res = await (await lee()).patch(`/api/incidents/${incident.id}`, { version: 3, reportable: false });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ reportable: false, deadlines: [] });
    const again = await (await lee()).patch(`/api/incidents/${incident.id}`, {
      version: 4,
      fiveDayReportAt: new Date().toISOString(),
    });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(
      'Only a reportable incident has a Commission notification or 5-day report to record',
    );
  });
});

describe('who sees and changes incidents', () => {
  let incident: { id: string; cardId: string; version: number };
  let miaIncident: { id: string };

  beforeAll(async () => {
    incident = await reportIncident('Incident: property damaged');
    miaIncident = await reportIncident('Incident: Mia missed her medication', {}, await gus(), miaTeam);
  });

  it('family guardians see no incident at all, their own participant’s included', async () => {
    const client = await fiona();
    const list = await client.get('/api/incidents');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    expect((await client.get(`/api/incidents/${incident.id}`)).status).toBe(404);
    expect(
      (await client.patch(`/api/incidents/${incident.id}`, { version: 1, severity: 'low' })).status,
    ).toBe(404);
    const csv = await client.get('/api/incidents.csv');
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
  });

  it('auditors read every incident and change none', async () => {
    const client = await aria();
    const list = await client.get('/api/incidents?limit=200');
    const ids = list.body.data.map((i: { id: string }) => i.id);
    expect(ids).toEqual(expect.arrayContaining([incident.id, miaIncident.id]));
    expect((await client.get(`/api/incidents/${incident.id}`)).status).toBe(200);
    const patch = await client.patch(`/api/incidents/${incident.id}`, { version: 1, severity: 'critical' });
    expect(patch.status).toBe(403);
    expect(
      (await client.post(`/api/incidents/${incident.id}/actions`, { description: 'Call the family' })).status,
    ).toBe(403);
    expect((await client.post(`/api/incidents/${incident.id}/debrief`, {})).status).toBe(403);
  });

  it('a team’s support worker sees only their teams’ incidents', async () => {
    const client = await gus();
    const ids = (await client.get('/api/incidents?limit=200')).body.data.map((i: { id: string }) => i.id);
    expect(ids).toContain(miaIncident.id);
    expect(ids).not.toContain(incident.id);
    expect((await client.get(`/api/incidents/${incident.id}`)).status).toBe(404);
    expect((await client.get(`/api/incidents?teamId=${jordanTeam}`)).body.data).toEqual([]);
  });

  it('another tenant’s people get 404', async () => {
    const ben = await t.as('ben.owner@bluegum.example');
    expect((await ben.inTenant(sunrise).get(`/api/incidents/${incident.id}`)).status).toBe(404);
    const bluegum = await t.tenantId('Bluegum Disability Services');
    expect((await ben.inTenant(bluegum).get(`/api/incidents/${incident.id}`)).status).toBe(404);
    const theirs = await ben.inTenant(bluegum).get('/api/incidents');
    expect(theirs.body.data.map((i: { id: string }) => i.id)).not.toContain(incident.id);
  });
});

describe('follow-up actions and the debrief log', () => {
  let incident: { id: string; cardId: string; version: number };

  beforeAll(async () => {
    incident = await reportIncident('Incident: Jordan left the house alone');
  });

  it('adds, completes and removes actions, each audited, the register counting the open ones', async () => {
    const client = await sophie();
    const leeId = await userId('lee.lead@sunrise.example');
    const empty = await client.post(`/api/incidents/${incident.id}/actions`, { description: '  ' });
    expect(empty.status).toBe(400);
    const added = await client.post(`/api/incidents/${incident.id}/actions`, {
      description: 'Fit a door chime',
      assigneeId: leeId,
      dueOn: '2026-12-01',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data).toMatchObject({
      description: 'Fit a door chime',
      assignee: { id: leeId, name: 'Lee Lead' },
      doneAt: null,
    });
    const second = await client.post(`/api/incidents/${incident.id}/actions`, {
      description: 'Review the support plan',
    });
    const stranger = await client.post(`/api/incidents/${incident.id}/actions`, {
      description: 'Someone off the team',
      assigneeId: await userId('ben.owner@bluegum.example'),
    });
    expect(stranger.status).toBe(400);

    let read = await client.get(`/api/incidents/${incident.id}`);
    expect(read.body.data.actions.map((a: { description: string }) => a.description)).toEqual([
      'Fit a door chime',
      'Review the support plan',
    ]);
    expect(read.body.data.openActionCount).toBe(2);

    const done = await client.patch(`/api/incidents/${incident.id}/actions/${added.body.data.id}`, {
      isDone: true,
    });
    expect(done.status).toBe(200);
    expect(done.body.data.doneAt).not.toBeNull();
    expect((await client.delete(`/api/incidents/${incident.id}/actions/${second.body.data.id}`)).status).toBe(
      200,
    );
    expect((await client.delete(`/api/incidents/${incident.id}/actions/${second.body.data.id}`)).status).toBe(
      404,
    );
    read = await client.get(`/api/incidents/${incident.id}`);
    expect(read.body.data.actions).toHaveLength(1);
    expect(read.body.data.openActionCount).toBe(0);

    const audit = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'incident'), eq(auditLog.entityId, incident.id))),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(
      ['action-added', 'action-added', 'action-removed', 'action-updated', 'created'].sort(),
    );
  });

  it('creates a debrief log card for it, then refuses a second', async () => {
    const client = await sophie();
    const res = await client.post(`/api/incidents/${incident.id}/debrief`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.debrief).toMatchObject({ title: 'Debrief: Incident: Jordan left the house alone' });
    const card = await client.get(`/api/cards/${res.body.data.debrief.id}`);
    expect(card.body.data).toMatchObject({
      templateId: 'debrief-log',
      teamId: jordanTeam,
      participantId: jordan,
    });
    const again = await client.post(`/api/incidents/${incident.id}/debrief`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This incident already has a debrief log');
  });

  it('links an existing debrief log of the same team, and refuses another kind of card', async () => {
    const other = await reportIncident('Incident: raised voice at the shops');
    const client = await sophie();
    const notDebrief = await client.post(`/api/incidents/${other.id}/debrief`, { cardId: other.cardId });
    expect(notDebrief.status).toBe(400);
    expect(notDebrief.body.error.message).toBe('Link a Debrief Log card of the same team');
    const log = await client.post('/api/cards', {
      teamId: jordanTeam,
      title: 'Team debrief, Monday',
      templateId: 'debrief-log',
    });
    const linked = await client.post(`/api/incidents/${other.id}/debrief`, { cardId: log.body.data.id });
    expect(linked.status).toBe(200);
    expect(linked.body.data.debriefCardId).toBe(log.body.data.id);
  });
});

describe('raiseIncident (an unauthorised restrictive practice)', () => {
  it('makes the incident report card and a reportable entry linked to the use, clocks started', async () => {
    const sophieId = await userId('sophie.support@sunrise.example');
    const useId = '019a0000-0000-7000-8000-00000000beef';
    const awareAt = new Date(Date.now() - 10 * 60_000);
    const raised = await runInTenant(
      t.database.db,
      sunrise,
      {
        id: sophieId,
        email: 'sophie.support@sunrise.example',
        name: 'Sophie Support',
        platformRole: null,
        ip: null,
        userAgent: null,
      },
      (ctx) =>
        raiseIncident(ctx, {
          participantId: jordan,
          teamId: jordanTeam,
          occurredAt: new Date('2026-03-02T03:30:00Z'),
          title: 'Unauthorised seclusion: Jordan Lee',
          description: 'Seclusion was used on Jordan Lee without an authorisation in force that day.',
          reportableCategory: 'unauthorised-restrictive-practice',
          awareAt,
          restrictivePracticeUseId: useId,
        }),
    );
    expect(raised).toMatchObject({
      title: 'Unauthorised seclusion: Jordan Lee',
      occurredAt: '2026-03-02T03:30:00.000Z',
      category: 'restrictive-practice',
      reportable: true,
      reportableCategory: 'unauthorised-restrictive-practice',
      awareAt: awareAt.toISOString(),
      awareBy: { id: sophieId },
      restrictivePracticeUseId: useId,
    });
    expect(raised.deadlines.map((d) => d.kind).sort()).toEqual([
      'incident-five-day-report',
      'incident-notification',
    ]);
    // Not yet assessed for harm: notified within 24 hours.
    const due = (incident: typeof raised) =>
      new Date(incident.deadlines.find((d) => d.kind === 'incident-notification')!.dueAt).getTime();
    expect(raised.severity).toBeNull();
    expect(due(raised) - awareAt.getTime()).toBe(24 * 3_600_000);
    // Recorded as harming nobody (Low): 5 business days, the end of a later day.
    const lowered = await (await lee()).patch(`/api/incidents/${raised.id}`, {
      version: raised.version,
      severity: 'low',
    });
    expect(lowered.status).toBe(200);
    expect(due(lowered.body.data) - awareAt.getTime()).toBeGreaterThan(5 * 24 * 3_600_000);
    const [card] = await t.readInTenant(sunrise, (tx) =>
      tx.select().from(cards).where(eq(cards.id, raised.cardId)),
    );
    expect(card).toMatchObject({ templateId: 'incident-report', participantId: jordan, priority: 'high' });
    expect(card!.fieldValues).toMatchObject({ 'incident-date': '2026-03-02', 'incident-time': '14:30' });
    expect(await notificationsOf('olivia.owner@sunrise.example', raised.cardId)).toHaveLength(1);
  });
});

describe('GET /api/incidents: filters, sort and CSV', () => {
  it('filters by severity, category and period, and sorts by severity', async () => {
    const low = await reportIncident('Incident: minor scratch', {
      'incident-date': '2025-01-10',
      'incident-time': '09:00',
    });
    const severe = await reportIncident('Incident: broken wrist', {
      'incident-date': '2025-01-11',
      'incident-time': '09:00',
    });
    const unassessed = await reportIncident('Incident: bruise found at handover', {
      'incident-date': '2025-01-11',
      'incident-time': '10:00',
    });
    await (await lee()).patch(`/api/incidents/${severe.id}`, {
      version: 1,
      severity: 'critical',
      category: 'injury',
    });
    await (await lee()).patch(`/api/incidents/${low.id}`, { version: 1, severity: 'low' });
    const client = await olivia();
    const period = await client.get('/api/incidents?from=2025-01-10&to=2025-01-11&sort=severity&order=desc');
    // Not assessed first: it may be any severity.
    expect(period.body.data.map((i: { id: string }) => i.id)).toEqual([unassessed.id, severe.id, low.id]);
    expect(period.body.meta.total).toBe(3);
    const notAssessed = await client.get(
      '/api/incidents?from=2025-01-10&to=2025-01-11&severity=not-assessed',
    );
    expect(notAssessed.body.data.map((i: { id: string }) => i.id)).toEqual([unassessed.id]);
    const injury = await client.get('/api/incidents?category=injury&severity=critical&limit=200');
    expect(injury.body.data.map((i: { id: string }) => i.id)).toContain(severe.id);
    expect(injury.body.data.map((i: { id: string }) => i.id)).not.toContain(low.id);
    const bad = await client.get('/api/incidents?from=2025-02-01&to=2025-01-01');
    expect(bad.status).toBe(400);
  });

  it('exports the filtered register as CSV with a header row', async () => {
    const res = await (await olivia()).get(
      '/api/incidents.csv?from=2025-01-10&to=2025-01-11&sort=occurredAt&order=asc',
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = (res.body as string).trim().split('\r\n');
    expect(lines[0]).toMatch(/^Work item,Title,Participant,Team,Occurred,Category,Severity,Reportable,/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Incident: minor scratch,Jordan Lee');
    expect(lines[1]).toContain('10/01/2025 09:00');
    expect(lines[1]).toContain(',Low,');
    expect(lines[2]).toContain('Critical');
    expect(lines[3]).toContain('Incident: bruise found at handover');
    expect(lines[3]).toContain(',Not assessed,');
  });
});

describe('behaviour details and the participant filter (feeding behaviour analytics)', () => {
  it('records the behaviour and antecedent, trimmed and at most 200 characters, audited; clears them with null', async () => {
    const incident = await reportIncident('Incident: Jordan threw a plate');
    const client = await sophie();
    const res = await client.patch(`/api/incidents/${incident.id}`, {
      version: incident.version,
      behaviour: '  Throwing objects ',
      antecedent: 'Dinner served late',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ behaviour: 'Throwing objects', antecedent: 'Dinner served late' });
    const tooLong = await client.patch(`/api/incidents/${incident.id}`, {
      version: res.body.data.version,
      behaviour: 'x'.repeat(201),
    });
    expect(tooLong.status).toBe(400);
    const audit = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'incident'), eq(auditLog.entityId, incident.id))),
    );
    expect(audit.flatMap((a) => a.changes)).toEqual(
      expect.arrayContaining([
        { field: 'behaviour', oldValue: null, newValue: 'Throwing objects' },
        { field: 'antecedent', oldValue: null, newValue: 'Dinner served late' },
      ]),
    );
    const cleared = await client.patch(`/api/incidents/${incident.id}`, {
      version: res.body.data.version,
      antecedent: null,
    });
    expect(cleared.body.data).toMatchObject({ behaviour: 'Throwing objects', antecedent: null });
  });

  it('lists one participant’s incidents with participantId', async () => {
    const jordans = await reportIncident('Incident: Jordan at the pool');
    const mias = await reportIncident('Incident: Mia at the library', {}, await gus(), miaTeam);
    const client = await olivia();
    const ids = (await client.get(`/api/incidents?participantId=${jordan}&limit=200`)).body.data.map(
      (i: { id: string; participant: { id: string } }) => i.id,
    );
    expect(ids).toContain(jordans.id);
    expect(ids).not.toContain(mias.id);
    const csv = await client.get(`/api/incidents.csv?participantId=${jordan}`);
    expect(csv.body).toContain('Incident: Jordan at the pool');
    expect(csv.body).not.toContain('Incident: Mia at the library');
  });
});
