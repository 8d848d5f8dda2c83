import { randomUUID } from 'node:crypto';
import { signatureRuleOf } from '@wattle/domain/templates/signatures';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { cards } from '../../db/schema/cards';
import { listenForChanges } from '../events/change-feed';
import { addDays, todayIn } from './card-values';

let t: TestApp;
let sunrise: string;
let bluegum: string;
let jordanTeam: string;
/** Jordan Lee, the participant Jordan's Care Team centres on. */
let jordanParticipant: string;
let miaTeam: string;
const userIds = new Map<string, string>();

const emails = {
  olivia: 'olivia.owner@sunrise.example',
  adam: 'adam.admin@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  priya: 'priya.practitioner@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
  fiona: 'fiona.family@sunrise.example',
  theo: 'theo.therapist@sunrise.example',
  gus: 'gus.guest@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
  ben: 'ben.owner@bluegum.example',
} as const;
type Person = keyof typeof emails;

/** A signed-in person in Sunrise (Ben in Bluegum). */
async function as(person: Person, tenant?: string): Promise<TestClient> {
  const client = await t.as(emails[person]);
  return client.inTenant(tenant ?? (person === 'ben' ? bluegum : sunrise));
}

async function newCard(person: Person, body: Record<string, unknown>) {
  const res = await (await as(person)).post('/api/cards', { teamId: jordanTeam, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function patch(
  person: Person,
  id: string,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  return (await as(person)).patch(`/api/cards/${id}`, body, headers);
}

async function auditOf(id: string) {
  const res = await (await as('olivia')).get(`/api/cards/${id}/audit`);
  expect(res.status).toBe(200);
  return res.body.data as any[];
}

/**
 * A valid value for every required field of a template (or only those the filter keeps). Signatures
 * are the signer's own (`signer`, who sends them), or the participant's for captured ones.
 */
function requiredValues(
  template: any,
  keep: (field: any) => boolean = () => true,
  signer = 'Priya Practitioner',
) {
  const values: Record<string, unknown> = {};
  for (const field of template.fields) {
    if (!field.required || !keep(field)) continue;
    const min = field.validation?.minLength ?? 0;
    const text = `Value for ${field.name}. `
      .repeat(Math.ceil((min + 1) / 20))
      .slice(0, Math.max(min + 5, 20));
    switch (field.type) {
      case 'date':
        values[field.id] = '2026-01-15';
        break;
      case 'checkbox':
        values[field.id] = true;
        break;
      case 'select':
        values[field.id] = field.options[0];
        break;
      case 'multi-select':
        values[field.id] = [field.options[0]];
        break;
      case 'signature': {
        const name = signatureRuleOf(field).signer === 'self' ? signer : 'Jordan Lee';
        values[field.id] = { kind: 'typed', typed: name, signerName: name };
        break;
      }
      default:
        if (field.id === 'participant-ndis') values[field.id] = '430123456';
        else if (field.id === 'incident-time') values[field.id] = '15:40';
        else
          values[field.id] = field.validation?.maxLength ? text.slice(0, field.validation.maxLength) : text;
    }
  }
  return values;
}

async function template(id: string) {
  const res = await (await as('olivia')).get(`/api/templates/${id}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const teams = (await (await as('olivia')).get('/api/teams')).body.data as any[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team").id;
  jordanParticipant = teams.find((x) => x.name === "Jordan's Care Team").participant.id;
  miaTeam = teams.find((x) => x.name === "Mia's Care Team").id;
  for (const member of teams.flatMap((x) => x.members)) userIds.set(member.email, member.userId);
});
afterAll(() => t.close());

describe('POST /api/cards', () => {
  it('starts a card as a draft of medium priority with a work item id, the due date and one created entry', async () => {
    const card = await newCard('priya', { title: 'Behaviour support plan review for Jordan' });
    expect(card).toMatchObject({
      tenantId: sunrise,
      teamId: jordanTeam,
      type: 'bsp',
      templateId: 'comprehensive-bsp',
      templateName: 'Comprehensive Behaviour Support Plan',
      status: 'draft',
      state: 'todo',
      ndisStatus: 'draft',
      priority: 'medium',
      category: 'behavior',
      workflowStateId: 'todo',
      // A new card names the participant its team centres on.
      participantId: jordanParticipant,
      version: 1,
      createdByName: 'Priya Practitioner',
      lastModifiedByName: 'Priya Practitioner',
      completedRequirements: { fields: [], documents: [], approvals: [] },
    });
    expect(card.workItemId).toMatch(/^SUN-\d{5}$/);
    expect(card.dueDate).toBe(addDays(todayIn('Australia/Sydney'), 21));
    expect(card.compliance).toMatchObject({ isCompliant: false, completion: 0 });
    expect(card.compliance.issues).toContainEqual(
      expect.objectContaining({
        severity: 'critical',
        description: 'Digital signature required for NDIS compliance',
      }),
    );
    const audit = await auditOf(card.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'created', userName: 'Priya Practitioner' });
  });

  it('numbers work items one after another within the tenant', async () => {
    const a = await newCard('lee', { title: 'Call the school', templateId: null });
    const b = await newCard('lee', { title: 'Call the bus company', templateId: null });
    const n = (id: string) => Number(id.slice(4));
    expect(n(b.workItemId)).toBe(n(a.workItemId) + 1);
    const other = await (await as('ben')).get('/api/cards');
    expect(other.body.data.map((c: any) => c.workItemId)).toEqual(['BLU-00001']);
  });

  it('gives a card without a template no due date and the task type, and keeps a given due date', async () => {
    const task = await newCard('lee', { title: 'Order new headphones', templateId: null });
    expect(task).toMatchObject({ type: 'task', templateId: null, dueDate: null, category: null });
    expect(task.compliance).toMatchObject({ isCompliant: true, completion: 100, issues: [] });
    const dated = await newCard('lee', { title: 'Incident at the pool', dueDate: '2027-02-01' });
    expect(dated).toMatchObject({ templateId: 'incident-report', type: 'incident', dueDate: '2027-02-01' });
  });

  it('refuses an unknown template, an unknown field and an assignee from outside the team', async () => {
    const lee = await as('lee');
    const unknown = await lee.post('/api/cards', { teamId: jordanTeam, title: 'X', templateId: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Unknown template "nope"',
    });
    const field = await lee.post('/api/cards', {
      teamId: jordanTeam,
      title: 'Incident at the park',
      fieldValues: { 'not-a-field': 'x' },
    });
    expect(field.status).toBe(400);
    expect(field.body.error.message).toBe('Unknown field "not-a-field"');
    const assignee = await lee.post('/api/cards', {
      teamId: jordanTeam,
      title: 'Roster',
      assigneeId: userIds.get(emails.theo),
    });
    expect(assignee.status).toBe(400);
    expect(assignee.body.error.message).toBe('Assignee is not on this team');
    // On the team, but a family guardian, who does not see its cards.
    const guardian = await lee.post('/api/cards', {
      teamId: jordanTeam,
      title: 'Roster',
      assigneeId: await idOf('fiona'),
    });
    expect(guardian.status).toBe(400);
    expect(guardian.body.error.message).toBe(
      "Fiona Family cannot be assigned cards: as Family Guardian they do not see the team's cards",
    );
    // A tenant admin may take any team's card.
    const admin = await newCard('lee', { title: 'Roster', assigneeId: await idOf('olivia') });
    expect(admin.assigneeName).toBe('Olivia Owner');
  });

  it('fills template default values and cleans rich text given at creation', async () => {
    const card = await newCard('sophie', {
      title: 'Incident report: bus stop',
      fieldValues: {
        'incident-description': '<p>Ran onto the road<script>alert(1)</script> near the stop.</p>',
      },
    });
    expect(card.fieldValues['incident-description']).toBe('<p>Ran onto the road near the stop.</p>');
  });

  it('creates once for a repeated Idempotency-Key', async () => {
    const lee = await as('lee');
    const key = `card-${randomUUID()}`;
    const body = { teamId: jordanTeam, title: 'Idempotent card', templateId: null };
    const first = await lee.post('/api/cards', body, { 'idempotency-key': key });
    const second = await lee.post('/api/cards', body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body.data.id).toBe(first.body.data.id);
    const [row] = await t.readInTenant(sunrise, (tx) =>
      tx.select({ n: count() }).from(cards).where(eq(cards.title, 'Idempotent card')),
    );
    expect(row!.n).toBe(1);
  });

  it('refuses people who may not write cards on the team', async () => {
    expect((await (await as('fiona')).post('/api/cards', { teamId: jordanTeam, title: 'x' })).status).toBe(
      403,
    );
    expect((await (await as('aria')).post('/api/cards', { teamId: jordanTeam, title: 'x' })).status).toBe(
      403,
    );
    const gus = await (await as('gus')).post('/api/cards', { teamId: jordanTeam, title: 'x' });
    expect(gus.status).toBe(404);
    expect(gus.body.error.message).toBe('Team not found');
  });
});

async function idOf(person: Person): Promise<string> {
  const me = await (await t.as(emails[person])).get('/api/me');
  return me.body.data.id;
}

describe('GET /api/cards', () => {
  it('lists the visible teams’ cards, newest change first, with the total', async () => {
    const olivia = await as('olivia');
    const all = await olivia.get('/api/cards?limit=200');
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBe(all.body.data.length);
    const times = all.body.data.map((c: any) => c.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.body.data.every((c: any) => c.tenantId === sunrise)).toBe(true);
    const titles = all.body.data.map((c: any) => c.title);
    expect(titles).toContain('Comprehensive Behaviour Support Plan: Jordan Lee');
    expect(titles).toContain('Interim Behaviour Support Plan: Mia Thompson');
  });

  it('pages with limit and offset and filters by team, status, type and template', async () => {
    const olivia = await as('olivia');
    const whole = (await olivia.get(`/api/cards?teamId=${jordanTeam}&limit=200`)).body;
    const page1 = (await olivia.get(`/api/cards?teamId=${jordanTeam}&limit=2`)).body;
    const page2 = (await olivia.get(`/api/cards?teamId=${jordanTeam}&limit=2&offset=2`)).body;
    expect(page1.meta).toEqual({ total: whole.meta.total, limit: 2, offset: 0 });
    expect(page2.meta).toEqual({ total: whole.meta.total, limit: 2, offset: 2 });
    expect([...page1.data, ...page2.data].map((c: any) => c.id)).toEqual(
      whole.data.slice(0, 4).map((c: any) => c.id),
    );
    expect(whole.data.every((c: any) => c.teamId === jordanTeam)).toBe(true);

    const inProgress = (await olivia.get(`/api/cards?status=in-progress`)).body.data;
    expect(inProgress.map((c: any) => c.title)).toContain('Incident report: distress at school pick-up');
    expect(inProgress.every((c: any) => c.status === 'in-progress')).toBe(true);
    const bsps = (await olivia.get('/api/cards?type=bsp')).body.data;
    expect(bsps.length).toBeGreaterThan(0);
    expect(bsps.every((c: any) => c.type === 'bsp')).toBe(true);
    const interim = (await olivia.get('/api/cards?templateId=interim-bsp')).body.data;
    expect(interim.map((c: any) => c.title)).toEqual(['Interim Behaviour Support Plan: Mia Thompson']);
  });

  it('shows members only their teams, a guest only the shared team, and a guardian no cards', async () => {
    const sophie = (await (await as('sophie')).get('/api/cards?limit=200')).body.data;
    expect(sophie.length).toBeGreaterThan(0);
    expect(sophie.every((c: any) => c.teamId === jordanTeam)).toBe(true);
    const gus = (await (await as('gus')).get('/api/cards?limit=200')).body.data;
    expect(gus.length).toBeGreaterThan(0);
    expect(gus.every((c: any) => c.teamId === miaTeam)).toBe(true);
    const fiona = await (await as('fiona')).get('/api/cards');
    expect(fiona.body).toMatchObject({ success: true, data: [], meta: { total: 0 } });
    expect((await (await as('fiona')).get(`/api/cards?teamId=${jordanTeam}`)).status).toBe(403);
    expect((await (await as('gus')).get(`/api/cards?teamId=${jordanTeam}`)).status).toBe(404);
    const aria = (await (await as('aria')).get('/api/cards?limit=200')).body.data;
    expect(new Set(aria.map((c: any) => c.teamId))).toEqual(new Set([jordanTeam, miaTeam]));
  });

  it("shows another tenant none of Sunrise's cards", async () => {
    const ben = await as('ben');
    const own = (await ben.get('/api/cards')).body.data;
    expect(own.map((c: any) => c.title)).toEqual(['Print a visual schedule for the morning routine']);
    const sunriseCard = (await (await as('olivia')).get('/api/cards')).body.data[0];
    expect((await ben.get(`/api/cards/${sunriseCard.id}`)).status).toBe(404);
    const asSunrise = await (await t.as(emails.ben)).inTenant(sunrise).get('/api/cards');
    expect(asSunrise.status).toBe(404);
  });
});

describe('GET /api/cards/:id', () => {
  it('adds the template the form is drawn from on ?include=template, and nothing without it', async () => {
    const plan = await newCard('lee', {
      title: 'Plan read with its template',
      templateId: 'comprehensive-bsp',
    });
    const bare = await newCard('lee', { title: 'A card without a template', templateId: null });
    const lee = await as('lee');

    const alone = await lee.get(`/api/cards/${plan.id}`);
    expect(alone.status).toBe(200);
    expect(alone.body.data).not.toHaveProperty('template');

    const both = await lee.get(`/api/cards/${plan.id}?include=template`);
    expect(both.status).toBe(200);
    const { template: included, ...card } = both.body.data;
    expect(card).toEqual(alone.body.data);
    expect(included).toEqual(await template('comprehensive-bsp'));

    const none = await lee.get(`/api/cards/${bare.id}?include=template`);
    expect(none.body.data.template).toBeNull();

    expect((await lee.get(`/api/cards/${plan.id}?include=everything`)).status).toBe(400);
    // Only those who may read the card: another tenant's owner gets nothing of it.
    expect((await (await as('ben')).get(`/api/cards/${plan.id}?include=template`)).status).toBe(404);
  });
});

describe('PATCH /api/cards/:id', () => {
  it('merges field values one by one and keeps two people’s changes to different fields', async () => {
    const card = await newCard('priya', { title: 'Behaviour support plan: merge test' });
    const first = await patch('priya', card.id, {
      version: 1,
      fieldValues: { 'participant-name': 'Jordan Lee' },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(2);
    // Lee started from version 1 too, but changes another field: applied, nothing lost.
    const second = await patch('lee', card.id, {
      version: 1,
      fieldValues: { 'participant-dob': '2009-03-14' },
    });
    expect(second.status).toBe(200);
    expect(second.body.data.version).toBe(3);
    expect(second.body.data.fieldValues).toEqual({
      'participant-name': 'Jordan Lee',
      'participant-dob': '2009-03-14',
    });
    expect(second.body.data.lastModifiedByName).toBe('Lee Lead');
    expect(second.body.data.completedRequirements.fields).toEqual(['participant-name', 'participant-dob']);
    // Clearing one value leaves the other.
    const cleared = await patch('priya', card.id, { version: 3, fieldValues: { 'participant-dob': null } });
    expect(cleared.body.data.fieldValues).toEqual({ 'participant-name': 'Jordan Lee' });
  });

  it('answers 409 with the current card when the same field was changed after the caller’s version', async () => {
    const card = await newCard('priya', { title: 'Behaviour support plan: conflict test' });
    await patch('priya', card.id, { version: 1, fieldValues: { 'participant-name': 'Jordan Lee' } });
    const stale = await patch('lee', card.id, {
      version: 1,
      fieldValues: { 'participant-name': 'Jordan L.' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('CONFLICT');
    expect(stale.body.error.details.conflictingFields).toEqual(['fieldValues.participant-name']);
    expect(stale.body.error.details.current).toMatchObject({
      id: card.id,
      version: 2,
      fieldValues: { 'participant-name': 'Jordan Lee' },
    });
    // Title conflicts the same way; from the current version the change goes through.
    await patch('priya', card.id, { version: 2, title: 'Plan for Jordan' });
    const title = await patch('lee', card.id, { version: 2, title: 'Jordan plan' });
    expect(title.status).toBe(409);
    expect(title.body.error.details.conflictingFields).toEqual(['title']);
    const fresh = await patch('lee', card.id, {
      version: 3,
      fieldValues: { 'participant-name': 'Jordan L.' },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toMatchObject({
      title: 'Plan for Jordan',
      fieldValues: { 'participant-name': 'Jordan L.' },
    });
    // A version from the future is refused too.
    expect((await patch('lee', card.id, { version: 99, title: 'Future' })).status).toBe(409);
  });

  it('refuses bad values with a clear message and keeps what was saved', async () => {
    const bsp = await template('comprehensive-bsp');
    const method = bsp.fields.find((f: any) => f.id === 'consultation-method');
    const card = await newCard('priya', {
      title: 'Behaviour support plan: bad input',
      fieldValues: { 'participant-name': 'Jordan Lee' },
    });
    // Over a field's maximum is a compliance issue (stored); past what any text value holds is refused.
    const huge = await patch('priya', card.id, {
      version: 1,
      fieldValues: { 'participant-name': 'x'.repeat(20_001) },
    });
    expect(huge.status).toBe(400);
    expect(huge.body.error.code).toBe('VALIDATION_FAILED');
    const unknown = await patch('priya', card.id, { version: 1, fieldValues: { 'shoe-size': '9' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Unknown field "shoe-size"');
    const option = await patch('priya', card.id, {
      version: 1,
      fieldValues: { 'consultation-method': 'Carrier pigeon' },
    });
    expect(option.status).toBe(400);
    expect(option.body.error.message).toBe(`"${method.name}" must be one of the listed options`);
    const date = await patch('priya', card.id, {
      version: 1,
      fieldValues: { 'participant-dob': '2009-02-30' },
    });
    expect(date.status).toBe(400);
    const shape = await patch('priya', card.id, {
      version: 1,
      fieldValues: { 'uses-restrictive-practice': 'yes' },
    });
    expect(shape.status).toBe(400);
    const title = await patch('priya', card.id, { version: 1, title: '   ' });
    expect(title.status).toBe(400);
    const extra = await patch('priya', card.id, { version: 1, colour: 'red' });
    expect(extra.status).toBe(400);
    const kept = await (await as('priya')).get(`/api/cards/${card.id}`);
    expect(kept.body.data).toMatchObject({ version: 1, fieldValues: { 'participant-name': 'Jordan Lee' } });
    expect(await auditOf(card.id)).toHaveLength(1);
  });

  it('stores short and mis-patterned drafts, flagging them as compliance issues', async () => {
    const card = await newCard('priya', { title: 'Behaviour support plan: drafts' });
    const res = await patch('priya', card.id, {
      version: 1,
      fieldValues: { 'participant-name': 'J', 'participant-ndis': '12345' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.compliance.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fieldId: 'participant-name', severity: 'medium', type: 'invalid-data' }),
        expect.objectContaining({ fieldId: 'participant-ndis', severity: 'high', type: 'invalid-data' }),
      ]),
    );
    // Past the field's maximum is kept too (spec section 5: medium), so nothing typed is lost.
    const long = await patch('priya', card.id, {
      version: 2,
      fieldValues: { 'participant-address': `<p>${'a'.repeat(201)}</p>` },
    });
    expect(long.status).toBe(200);
    expect(long.body.data.fieldValues['participant-address']).toBe(`<p>${'a'.repeat(201)}</p>`);
    expect(long.body.data.compliance.issues).toContainEqual(
      expect.objectContaining({
        fieldId: 'participant-address',
        severity: 'medium',
        description: '"Participant Address" must be no more than 200 characters',
      }),
    );
  });

  it('cleans rich text of scripts, handlers and javascript: links before storing it', async () => {
    const card = await newCard('priya', { title: 'Behaviour support plan: rich text' });
    const res = await patch('priya', card.id, {
      version: 1,
      fieldValues: {
        'participant-address':
          '<p onclick="steal()">14 Banksia St<script>alert(1)</script></p><a href="javascript:alert(1)" target="_blank">map</a><img src=x onerror=alert(1)>',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.fieldValues['participant-address']).toBe(
      '<p>14 Banksia St</p><a href="#" target="_blank" rel="noopener noreferrer">map</a>',
    );
  });

  it('refuses field values on a card without a template, and unknown team columns and assignees', async () => {
    const task = await newCard('lee', { title: 'Plain task', templateId: null });
    const field = await patch('lee', task.id, { version: 1, fieldValues: { notes: 'x' } });
    expect(field.status).toBe(400);
    expect(field.body.error.message).toBe('Unknown field "notes"');
    const column = await patch('lee', task.id, { version: 1, workflowStateId: 'nowhere' });
    expect(column.status).toBe(400);
    const assignee = await patch('lee', task.id, { version: 1, assigneeId: userIds.get(emails.theo) });
    expect(assignee.status).toBe(400);
    expect(assignee.body.error.message).toBe('Assignee is not on this team');
    // State and NDIS Status follow the status (decision 0037): setting either is refused, saying so.
    const state = await patch('lee', task.id, { version: 1, state: 'waiting' });
    expect(state.status).toBe(400);
    expect(state.body.error.message).toMatch(/^State is the card's column on the team's board/);
    const ndis = await patch('lee', task.id, { version: 1, ndisStatus: 'submitted' });
    expect(ndis.status).toBe(400);
    expect(ndis.body.error.message).toMatch(/^NDIS Status follows the card's workflow status/);
    // A draft cannot jump to Done (approved) on the board.
    const skip = await patch('lee', task.id, { version: 1, workflowStateId: 'done' });
    expect(skip.status).toBe(422);
    expect(skip.body.error.message).toBe('Cannot move from Draft to Approved');
    const ok = await patch('lee', task.id, {
      version: 1,
      workflowStateId: 'in-progress',
      assigneeId: userIds.get(emails.sophie),
      priority: 'high',
      state: 'todo',
      ndisStatus: 'draft',
      tags: ['transport'],
      dueDate: '2027-01-10',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      workflowStateId: 'in-progress',
      status: 'in-progress',
      state: 'doing',
      ndisStatus: 'draft',
      assigneeName: 'Sophie Support',
      priority: 'high',
      tags: ['transport'],
      dueDate: '2027-01-10',
    });
  });

  it('answers an unchanged PATCH with the card as it is, without a new version or audit entry', async () => {
    const task = await newCard('lee', { title: 'Nothing changes', templateId: null });
    const res = await patch('lee', task.id, { version: 1, title: 'Nothing changes', priority: 'medium' });
    expect(res.status).toBe(200);
    expect(res.body.data.version).toBe(1);
    expect(await auditOf(task.id)).toHaveLength(1);
  });

  it('refuses writers without write:cards and hides cards from those who cannot read them', async () => {
    const card = await newCard('lee', { title: 'Permission test', templateId: null });
    expect((await patch('aria', card.id, { version: 1, title: 'x' })).status).toBe(403);
    const fiona = await patch('fiona', card.id, { version: 1, title: 'x' });
    expect(fiona.status).toBe(404);
    expect(fiona.body.error.message).toBe('Card not found');
    expect((await patch('gus', card.id, { version: 1, title: 'x' })).status).toBe(404);
    expect((await (await as('fiona')).get(`/api/cards/${card.id}`)).status).toBe(404);
    expect((await (await as('aria')).get(`/api/cards/${card.id}`)).status).toBe(200);
  });
});

describe('the compliance workflow', () => {
  it('needs participant and practitioner information before a draft starts', async () => {
    const bsp = await template('comprehensive-bsp');
    const card = await newCard('priya', { title: 'Behaviour support plan: workflow' });
    const early = await patch('priya', card.id, { version: 1, status: 'in-progress' });
    expect(early.status).toBe(422);
    expect(early.body.error).toEqual({
      code: 'WORKFLOW_REFUSED',
      message: 'Complete Participant Information and Practitioner Information before starting work',
    });
    const filled = await patch('priya', card.id, {
      version: 1,
      fieldValues: requiredValues(
        bsp,
        (f) => f.id.startsWith('participant-') || f.id.startsWith('practitioner-'),
      ),
    });
    const started = await patch('priya', card.id, {
      version: filled.body.data.version,
      status: 'in-progress',
    });
    expect(started.status).toBe(200);
    expect(started.body.data.status).toBe('in-progress');
    // A comprehensive plan needs its functional behaviour assessment report before review.
    const all = await patch('priya', card.id, {
      version: started.body.data.version,
      fieldValues: requiredValues(bsp),
    });
    expect(all.body.data.compliance.completion).toBe(100);
    const review = await patch('priya', card.id, {
      version: all.body.data.version,
      status: 'pending-review',
    });
    expect(review.status).toBe(422);
    expect(review.body.error.message).toBe(
      'Upload the required documents before review: Functional Behaviour Assessment Report',
    );
    const skip = await patch('priya', card.id, { version: all.body.data.version, status: 'approved' });
    expect(skip.status).toBe(422);
    expect(skip.body.error.code).toBe('WORKFLOW_REFUSED');
  });

  it('lets only a clinician send a card for review or approve it, recording each approval, and locks it', async () => {
    const incident = await template('incident-report');
    const card = await newCard('sophie', {
      title: 'Incident report: workflow',
      fieldValues: requiredValues(incident, undefined, 'Sophie Support'),
    });
    expect(card.compliance.completion).toBe(100);
    const started = await patch('sophie', card.id, { version: 1, status: 'in-progress' });
    expect(started.status).toBe(200);
    const refused = await patch('sophie', card.id, { version: 2, status: 'pending-review' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({
      code: 'WORKFLOW_REFUSED',
      message: 'A clinician must approve this step',
    });

    const reviewed = await patch('priya', card.id, { version: 2, status: 'pending-review' });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.data.status).toBe('pending-review');
    expect(reviewed.body.data.completedRequirements.approvals).toEqual([
      expect.objectContaining({
        userId: userIds.get(emails.priya),
        userName: 'Priya Practitioner',
        status: 'pending-review',
      }),
    ]);

    const locked = await patch('priya', card.id, { version: 3, title: 'Changed under review' });
    expect(locked.status).toBe(422);
    expect(locked.body.error).toEqual({
      code: 'WORKFLOW_REFUSED',
      message: 'This card is pending-review and can no longer be edited. Move it back to in progress first.',
    });
    const lockedValue = await patch('priya', card.id, {
      version: 3,
      fieldValues: { 'incident-location': 'Somewhere else' },
    });
    expect(lockedValue.status).toBe(422);
    // Under review it sits in In Progress (the default workflow has no review column), In Review for
    // the NDIS; its place in the column still moves.
    const tracked = await patch('sophie', card.id, { version: 3, boardPosition: 123_456 });
    expect(tracked.status).toBe(200);
    expect(tracked.body.data).toMatchObject({
      workflowStateId: 'in-progress',
      state: 'review',
      ndisStatus: 'in-review',
    });

    expect((await patch('sophie', card.id, { version: 4, status: 'approved' })).status).toBe(422);
    const approved = await patch('lee', card.id, { version: 4, status: 'approved' });
    expect(approved.status).toBe(422);
    const byPriya = await patch('priya', card.id, { version: 4, status: 'approved' });
    expect(byPriya.status).toBe(200);
    // Approving moves the card to Done: one status, shown alike everywhere (decision 0037).
    expect(byPriya.body.data).toMatchObject({
      status: 'approved',
      workflowStateId: 'done',
      state: 'done',
      ndisStatus: 'approved',
    });
    expect(byPriya.body.data.completedRequirements.approvals.map((a: any) => a.status)).toEqual([
      'pending-review',
      'approved',
    ]);
    const back = await patch('priya', card.id, { version: 5, status: 'in-progress' });
    expect(back.status).toBe(422);
    expect(back.body.error.message).toBe('Cannot move from Approved to In Progress');
    const archived = await patch('sophie', card.id, { version: 5, status: 'archived' });
    expect(archived.status).toBe(200);
    expect(archived.body.data.status).toBe('archived');
  });

  it('lets a tenant admin approve, and moves a card back from review to in progress for edits', async () => {
    const incident = await template('incident-report');
    const card = await newCard('sophie', {
      title: 'Incident report: admin',
      fieldValues: requiredValues(incident, undefined, 'Sophie Support'),
    });
    await patch('sophie', card.id, { version: 1, status: 'in-progress' });
    const reviewed = await patch('olivia', card.id, { version: 2, status: 'pending-review' });
    expect(reviewed.status).toBe(200);
    const back = await patch('sophie', card.id, { version: 3, status: 'in-progress' });
    expect(back.status).toBe(200);
    const edited = await patch('sophie', card.id, {
      version: 4,
      title: 'Incident report: admin (corrected)',
    });
    expect(edited.status).toBe(200);
  });
});

describe('Save (submit)', () => {
  it('refuses while a critical issue exists and stores nothing of that request', async () => {
    const card = await newCard('priya', { title: 'Behaviour support plan: submit' });
    const res = await patch('priya', card.id, {
      version: 1,
      submit: true,
      fieldValues: { 'participant-name': 'Jordan Lee' },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'COMPLIANCE_REQUIRED',
      message: 'Critical issues must be resolved before submitting for review',
    });
    const kept = await (await as('priya')).get(`/api/cards/${card.id}`);
    expect(kept.body.data).toMatchObject({ version: 1, fieldValues: {} });
  });

  it('moves the status as the card save status says: in progress below 100%, pending review at 100%', async () => {
    const incident = await template('incident-report');
    const values = requiredValues(incident);
    const card = await newCard('priya', {
      title: 'Incident report: submit',
      fieldValues: {
        'participant-name': values['participant-name'],
        'participant-ndis': values['participant-ndis'],
      },
    });
    const partial = await patch('priya', card.id, { version: 1, submit: true });
    expect(partial.status).toBe(200);
    expect(partial.body.data.status).toBe('in-progress');
    expect(partial.body.data.compliance.completion).toBeLessThan(100);
    const complete = await patch('priya', card.id, { version: 2, submit: true, fieldValues: values });
    expect(complete.status).toBe(200);
    expect(complete.body.data.status).toBe('pending-review');
    expect(complete.body.data.compliance).toMatchObject({ completion: 100, isCompliant: true });
    // A support worker's Save at 100% stays in progress: review needs a clinician.
    const other = await newCard('sophie', {
      title: 'Incident report: support save',
      fieldValues: requiredValues(incident, undefined, 'Sophie Support'),
    });
    const saved = await patch('sophie', other.id, { version: 1, submit: true });
    expect(saved.body.data.status).toBe('in-progress');
  });
});

describe('the audit trail', () => {
  it('records each change with field, old and new value, who, ip and user agent, newest first', async () => {
    const card = await newCard('priya', { title: 'Behaviour support plan: audit' });
    await patch(
      'priya',
      card.id,
      {
        version: 1,
        title: 'Behaviour support plan: audited',
        fieldValues: { 'participant-name': 'Jordan Lee' },
      },
      { 'user-agent': 'cards-test/1.0' },
    );
    const entries = await auditOf(card.id);
    expect(entries.map((e) => e.action)).toEqual(['updated', 'created']);
    expect(entries[0]).toMatchObject({
      userId: userIds.get(emails.priya),
      userName: 'Priya Practitioner',
      ipAddress: '127.0.0.1',
      userAgent: 'cards-test/1.0',
      metadata: { version: 2, fromVersion: 1 },
    });
    expect(entries[0].changes).toEqual([
      {
        field: 'title',
        oldValue: 'Behaviour support plan: audit',
        newValue: 'Behaviour support plan: audited',
      },
      { field: 'fieldValues.participant-name', oldValue: null, newValue: 'Jordan Lee' },
    ]);
  });

  it('records an undo as an undo and keeps signature images out of the log', async () => {
    const card = await newCard('priya', { title: 'Behaviour support plan: undo' });
    const signature = {
      kind: 'drawn',
      image:
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      signerName: 'Priya Practitioner',
      signedAt: '2026-01-15T10:00:00.000Z',
    };
    const signed = await patch('priya', card.id, {
      version: 1,
      fieldValues: { 'practitioner-signature': signature, 'participant-name': 'Jordan' },
    });
    const recorded = signed.body.data.fieldValues['practitioner-signature'];
    expect(recorded).toMatchObject({
      kind: 'drawn',
      image: signature.image,
      signerName: 'Priya Practitioner',
    });
    const undone = await patch('priya', card.id, {
      version: 2,
      intent: 'undo',
      fieldValues: { 'participant-name': null },
    });
    expect(undone.status).toBe(200);
    const entries = await auditOf(card.id);
    expect(entries.map((e) => e.action)).toEqual(['undo', 'updated', 'created']);
    // Undoing a signed value unsettles the signature, and the log says so.
    const audited = {
      kind: 'drawn',
      signerName: 'Priya Practitioner',
      signedAt: recorded.signedAt,
      recordedBy: recorded.recordedBy,
      valuesHash: recorded.valuesHash,
    };
    expect(entries[0].changes).toEqual([
      { field: 'fieldValues.participant-name', oldValue: 'Jordan', newValue: null },
      {
        field: 'fieldValues.practitioner-signature',
        oldValue: { ...audited, state: 'matches' },
        newValue: { ...audited, state: 'changed' },
      },
    ]);
    expect(entries[0].metadata).toMatchObject({ signaturesNoLongerMatching: ['practitioner-signature'] });
    expect(entries[1].changes).toContainEqual({
      field: 'fieldValues.practitioner-signature',
      oldValue: null,
      newValue: { ...audited, state: 'matches' },
    });
    expect(JSON.stringify(entries)).not.toContain('base64');
  });

  it('pages back with before and answers only for readers of the card', async () => {
    const card = await newCard('lee', { title: 'Audit paging', templateId: null });
    let version = 1;
    for (const priority of ['high', 'low', 'medium', 'high']) {
      version = (await patch('lee', card.id, { version, priority })).body.data.version;
    }
    const olivia = await as('olivia');
    const first = await olivia.get(`/api/cards/${card.id}/audit?limit=2`);
    expect(first.body.meta).toEqual({ total: 5, limit: 2, offset: 0 });
    const last = first.body.data[1].timestamp;
    const next = await olivia.get(`/api/cards/${card.id}/audit?limit=10&before=${encodeURIComponent(last)}`);
    const ids = [...first.body.data, ...next.body.data].map((e: any) => e.id);
    expect(new Set(ids).size).toBe(5);
    expect(next.body.data.at(-1).action).toBe('created');
    expect((await (await as('fiona')).get(`/api/cards/${card.id}/audit`)).status).toBe(404);
    expect((await (await as('ben')).get(`/api/cards/${card.id}/audit`)).status).toBe(404);
  });

  it('gives the seeded cards a true trail from the people who made them', async () => {
    const list = (await (await as('olivia')).get('/api/cards?limit=200')).body.data;
    const incident = list.find((c: any) => c.title === 'Incident report: distress at school pick-up');
    expect(incident).toMatchObject({
      status: 'in-progress',
      state: 'doing',
      createdByName: 'Sophie Support',
    });
    const entries = await auditOf(incident.id);
    expect(entries.map((e) => e.action)).toEqual(['updated', 'updated', 'created']);
    expect(entries.every((e) => e.userName === 'Sophie Support')).toBe(true);
  });
});

describe('DELETE /api/cards/:id', () => {
  it('soft-deletes with the current version for those who may delete, audited; later reads answer 404', async () => {
    const card = await newCard('sophie', { title: 'To be deleted', templateId: null });
    expect((await (await as('sophie')).delete(`/api/cards/${card.id}?version=1`)).status).toBe(403);
    const stale = await (await as('lee')).delete(`/api/cards/${card.id}?version=7`);
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current.id).toBe(card.id);
    const res = await (await as('lee')).delete(`/api/cards/${card.id}?version=1`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const read = await (await as('lee')).get(`/api/cards/${card.id}`);
    expect(read.status).toBe(404);
    expect(read.body.error.message).toBe('Card not found');
    expect((await patch('lee', card.id, { version: 2, title: 'Back' })).status).toBe(404);
    const list = (await (await as('lee')).get('/api/cards?limit=200')).body.data;
    expect(list.map((c: any) => c.id)).not.toContain(card.id);
    const [row] = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, card.id), eq(auditLog.action, 'deleted'))),
    );
    expect(row).toMatchObject({ entity: 'card', actorName: 'Lee Lead' });
    const [stored] = await t.readInTenant(sunrise, (tx) =>
      tx.select().from(cards).where(eq(cards.id, card.id)),
    );
    expect(stored!.deletedAt).not.toBeNull();
  });
});

describe('search text', () => {
  it('keeps the lower-cased title, description, assignee, dates and visible field text for search', async () => {
    const card = await newCard('priya', {
      title: 'Behaviour support plan: Search Me',
      description: 'Quiet Room',
      assigneeId: userIds.get(emails.sophie),
      fieldValues: { 'participant-address': '<p>14 <b>Banksia</b> Street</p>' },
    });
    const [row] = await t.readInTenant(sunrise, (tx) =>
      tx.select({ text: cards.searchText }).from(cards).where(eq(cards.id, card.id)),
    );
    for (const part of [
      'search me',
      'quiet room',
      'sophie support',
      card.dueDate,
      '14 banksia street',
      card.workItemId.toLowerCase(),
    ]) {
      expect(row!.text).toContain(part);
    }
    await patch('priya', card.id, { version: 1, title: 'Renamed plan', assigneeId: null });
    const [after] = await t.readInTenant(sunrise, (tx) =>
      tx.select({ text: cards.searchText }).from(cards).where(eq(cards.id, card.id)),
    );
    expect(after!.text).toContain('renamed plan');
    expect(after!.text).not.toContain('sophie');
    expect(after!.text).not.toContain('<');
  });
});

describe('live changes and the API document', () => {
  it('announces each card creation, change and deletion on the change feed', async () => {
    const messages: any[] = [];
    const stop = await listenForChanges(t.database, (payload) => messages.push(JSON.parse(payload ?? '{}')), {
      warn: () => undefined,
    } as never);
    try {
      const card = await newCard('lee', { title: 'Live card', templateId: null });
      await patch('lee', card.id, { version: 1, priority: 'high' });
      await (await as('lee')).delete(`/api/cards/${card.id}?version=2`);
      const expected = [
        { type: 'created', entity: 'card', id: card.id, version: 1 },
        { type: 'updated', entity: 'card', id: card.id, version: 2 },
        { type: 'deleted', entity: 'card', id: card.id, version: 3 },
      ];
      const until = Date.now() + 5000;
      const ofCard = () => messages.filter((m) => m.event?.id === card.id);
      while (ofCard().length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(ofCard()).toEqual(expected.map((event) => ({ tenantId: sunrise, userId: null, event })));
    } finally {
      await stop();
    }
  });

  it('documents the card and template routes in the OpenAPI document', async () => {
    const doc = (await t.anonymous().get('/api/openapi.json')).body;
    for (const [path, method] of [
      ['/api/cards', 'get'],
      ['/api/cards', 'post'],
      ['/api/cards/{id}', 'get'],
      ['/api/cards/{id}', 'patch'],
      ['/api/cards/{id}', 'delete'],
      ['/api/cards/{id}/audit', 'get'],
      ['/api/templates', 'get'],
      ['/api/templates', 'post'],
      ['/api/templates/{id}', 'get'],
    ] as const) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags, `${method} ${path}`).toEqual([
        path.startsWith('/api/cards') ? 'cards' : 'templates',
      ]);
      expect(operation.description, `${method} ${path}`).toBeTruthy();
    }
  });
});
