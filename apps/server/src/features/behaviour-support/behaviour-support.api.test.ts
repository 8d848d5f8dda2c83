import { findBuiltInTemplate } from '@wattle/domain/templates/built-in-templates';
import type { FieldValues } from '@wattle/domain/templates/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';

/**
 * Behaviour support plans and engagements (issue 16 items 1 and 8): the Commission's plan deadlines
 * from the engagement, the plan workflow and its immutable approved versions, who may do what, family
 * sharing, and tenant isolation.
 */
let t: TestApp;
let sunrise: string;
let bluegum: string;
let jordanTeam: string;
let jordanId: string;
let priya: TestClient;
let olivia: TestClient;
let lee: TestClient;
let sophie: TestClient;
let fiona: TestClient;
let aria: TestClient;
let ben: TestClient;

/** A day n days back on Sunrise's calendar (Australia/Sydney), as the server counts days. */
const daysAgo = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(
    new Date(Date.now() - n * 86_400_000),
  );

/** A valid value for every required field of the template (signatures typed by Priya, signed in). */
function completeValues(templateId: string): FieldValues {
  const template = findBuiltInTemplate(templateId)!;
  const values: FieldValues = {};
  for (const field of template.fields) {
    if (!field.required) continue;
    const min = field.validation?.minLength ?? 0;
    const text = `Value for ${field.name}. `
      .repeat(Math.ceil((min + 1) / 20))
      .slice(0, Math.max(min + 5, 20));
    if (field.type === 'date') values[field.id] = '2026-01-15';
    else if (field.type === 'checkbox') values[field.id] = true;
    else if (field.type === 'select') values[field.id] = field.options![0]!;
    else if (field.type === 'multi-select') values[field.id] = [field.options![0]!];
    else if (field.type === 'signature')
      values[field.id] = { kind: 'typed', typed: 'Priya Practitioner', signerName: 'Priya Practitioner' };
    else if (field.id === 'participant-ndis') values[field.id] = '430123456';
    else if (field.id === 'participant-name') values[field.id] = 'Jordan Lee';
    else values[field.id] = `<p>${text}</p>`;
  }
  return values;
}

async function fillCard(client: TestClient, cardId: string, values: FieldValues) {
  const card = (await client.get(`/api/cards/${cardId}`)).body.data;
  const saved = await client.patch(`/api/cards/${cardId}`, { version: card.version, fieldValues: values });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data;
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const as = async (email: string, tenant = sunrise) => (await t.as(email)).inTenant(tenant);
  [priya, olivia, lee, sophie, fiona, aria, ben] = await Promise.all([
    as('priya.practitioner@sunrise.example'),
    as('olivia.owner@sunrise.example'),
    as('lee.lead@sunrise.example'),
    as('sophie.support@sunrise.example'),
    as('fiona.family@sunrise.example'),
    as('aria.auditor@sunrise.example'),
    as('ben.owner@bluegum.example', bluegum),
  ]);
  const teams = (await olivia.get('/api/teams')).body.data as {
    id: string;
    name: string;
    participant: { id: string } | null;
  }[];
  const jordan = teams.find((x) => x.name === "Jordan's Care Team")!;
  jordanTeam = jordan.id;
  jordanId = jordan.participant!.id;
});
afterAll(() => t.close());

describe('engagements and the plan deadlines', () => {
  let engagementId: string;

  it('records that behaviour support started and keeps the interim and comprehensive deadlines', async () => {
    const created = await priya.post('/api/behaviour-support-engagements', {
      participantId: jordanId,
      engagedOn: daysAgo(40),
      note: 'Referred after school incidents',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const engagement = created.body.data;
    engagementId = engagement.id;
    expect(engagement).toMatchObject({
      participantName: 'Jordan Lee',
      engagedOn: daysAgo(40),
      endedOn: null,
    });
    const byKind = Object.fromEntries(engagement.deadlines.map((d: { kind: string }) => [d.kind, d]));
    expect(byKind['bsp-interim']).toMatchObject({ status: 'overdue', metAt: null });
    expect(byKind['bsp-comprehensive']).toMatchObject({ status: 'upcoming', metAt: null });

    const listed = await priya.get(`/api/behaviour-support-engagements?participantId=${jordanId}&open=true`);
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([engagementId]);
    const audit = await t.readInTenant(sunrise, (tx) =>
      tx.execute(`select action from audit_log where entity_id = '${engagementId}'`),
    );
    expect((audit as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toContain(
      'created',
    );
  });

  it('refuses a second open engagement, a date in the future and an end before the start', async () => {
    const again = await priya.post('/api/behaviour-support-engagements', {
      participantId: jordanId,
      engagedOn: daysAgo(3),
    });
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe(
      'Behaviour support for this participant is already recorded as started: end it first',
    );
    const future = await priya.post('/api/behaviour-support-engagements', {
      participantId: jordanId,
      engagedOn: '2099-01-01',
    });
    expect(future.status).toBe(400);
    expect(future.body.error.message).toBe('The date behaviour support started cannot be in the future');
    const backwards = await priya.patch(`/api/behaviour-support-engagements/${engagementId}`, {
      version: 1,
      endedOn: daysAgo(50),
    });
    expect(backwards.status).toBe(400);
    const stale = await priya.patch(`/api/behaviour-support-engagements/${engagementId}`, {
      version: 7,
      note: 'x',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current.id).toBe(engagementId);
  });

  it('lets only plan writers record it; guardians and other tenants do not see it', async () => {
    const body = { participantId: jordanId, engagedOn: daysAgo(1) };
    expect((await sophie.post('/api/behaviour-support-engagements', body)).status).toBe(403);
    expect((await aria.post('/api/behaviour-support-engagements', body)).status).toBe(403);
    expect((await fiona.post('/api/behaviour-support-engagements', body)).status).toBe(404);
    expect((await ben.post('/api/behaviour-support-engagements', body)).status).toBe(404);
    expect((await fiona.get('/api/behaviour-support-engagements')).body.data).toEqual([]);
    expect((await ben.get('/api/behaviour-support-engagements')).body.data).toEqual([]);
    expect((await aria.get('/api/behaviour-support-engagements')).body.data.length).toBeGreaterThan(0);
  });
});

describe('a plan from draft to approval', () => {
  let planId: string;
  let cardId: string;
  let approvedReview: string;

  it('creates an interim plan with its working card prefilled from the participant record', async () => {
    const prefill = await priya.get(`/api/behaviour-support-plans/prefill?teamId=${jordanTeam}&kind=interim`);
    expect(prefill.status).toBe(200);
    expect(prefill.body.data.fields).toEqual(
      expect.arrayContaining([
        { id: 'participant-name', name: 'Participant Name', value: 'Jordan Lee' },
        { id: 'participant-ndis', name: 'NDIS Number', value: '430123456' },
        { id: 'participant-dob', name: 'Date of Birth', value: '14/03/2009' },
      ]),
    );
    const created = await priya.post('/api/behaviour-support-plans', { teamId: jordanTeam, kind: 'interim' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const plan = created.body.data;
    planId = plan.id;
    cardId = plan.cardId;
    expect(plan).toMatchObject({
      kind: 'interim',
      status: 'draft',
      currentVersion: 1,
      approvedVersion: null,
      participantId: jordanId,
      title: 'Interim Behaviour Support Plan: Jordan Lee',
      templateId: 'interim-bsp',
      sharedWithFamily: false,
    });
    expect(plan.allowedActions).toEqual(['edit', 'submit', 'share']);
    expect(plan.versions.map((v: { number: number; status: string }) => [v.number, v.status])).toEqual([
      [1, 'draft'],
    ]);
    const card = (await priya.get(`/api/cards/${cardId}`)).body.data;
    expect(card.fieldValues).toMatchObject({
      'participant-name': 'Jordan Lee',
      'participant-ndis': '430123456',
    });
    expect(card.type).toBe('bsp');
  });

  it('refuses creation to support workers, guardians, auditors and other tenants', async () => {
    const body = { teamId: jordanTeam, kind: 'interim' };
    expect((await sophie.post('/api/behaviour-support-plans', body)).status).toBe(403);
    expect((await aria.post('/api/behaviour-support-plans', body)).status).toBe(403);
    expect((await fiona.post('/api/behaviour-support-plans', body)).status).toBe(404);
    expect((await ben.post('/api/behaviour-support-plans', body)).status).toBe(404);
  });

  it('refuses to submit an incomplete plan, and submits a complete one, locking its form', async () => {
    const incomplete = await priya.post(`/api/behaviour-support-plans/${planId}/submit`, {});
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.error.message).toBe(
      'Complete every required field of the plan before submitting it',
    );
    expect(incomplete.body.error.details.issues.length).toBeGreaterThan(0);

    await fillCard(priya, cardId, {
      ...completeValues('interim-bsp'),
      'rp-type': ['Environmental restraint'],
      'teaching-strategies': '<p>Offer a visual timetable before each change</p>',
    });
    const submitted = await priya.post(`/api/behaviour-support-plans/${planId}/submit`, {});
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.data).toMatchObject({
      status: 'in-review',
      restrictivePractices: ['Environmental restraint'],
    });
    expect(submitted.body.data.allowedActions).toEqual(['share', 'approve', 'reject']);
    const card = (await priya.get(`/api/cards/${cardId}`)).body.data;
    // The working card follows the plan's status, its State and its column (decision 0037).
    expect(card).toMatchObject({ status: 'pending-review', state: 'review', ndisStatus: 'in-review' });
    expect(card.workflowStateId).not.toBe('done');
    const edit = await priya.patch(`/api/cards/${cardId}`, {
      version: card.version,
      fieldValues: { 'teaching-strategies': '<p>Changed in review</p>' },
    });
    expect(edit.status).toBeGreaterThanOrEqual(400);
  });

  it('is approved only by a clinician on the team or an administrator', async () => {
    for (const client of [lee, sophie, aria]) {
      const refused = await client.post(`/api/behaviour-support-plans/${planId}/approve`, {});
      expect(refused.status).toBe(403);
    }
    expect((await fiona.post(`/api/behaviour-support-plans/${planId}/approve`, {})).status).toBe(404);
    expect((await ben.post(`/api/behaviour-support-plans/${planId}/approve`, {})).status).toBe(404);
    const stale = await priya.post(`/api/behaviour-support-plans/${planId}/approve`, { version: 1 });
    expect(stale.status).toBe(409);

    const approved = await priya.post(`/api/behaviour-support-plans/${planId}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const plan = approved.body.data;
    expect(plan).toMatchObject({
      status: 'approved',
      approvedVersion: 1,
      approvedByName: 'Priya Practitioner',
    });
    expect(plan.reviewDueOn).toBe(
      `${Number(daysAgo(0).slice(0, 4)) + 1}${daysAgo(0).slice(4)}`.replace(/-02-29$/, '-02-28'),
    );
    approvedReview = plan.reviewDueOn;
    expect(plan.deadlines.map((d: { kind: string; status: string }) => [d.kind, d.status])).toEqual([
      ['bsp-review', 'upcoming'],
    ]);
    expect(plan.allowedActions).toEqual(['new-version', 'share', 'needs-changed']);
    expect((await priya.get(`/api/cards/${cardId}`)).body.data).toMatchObject({
      status: 'approved',
      state: 'done',
      ndisStatus: 'approved',
      workflowStateId: 'done',
    });
  });

  it('meets the interim deadline; the comprehensive one stays open', async () => {
    const [engagement] = (await priya.get(`/api/behaviour-support-engagements?participantId=${jordanId}`))
      .body.data;
    const byKind = Object.fromEntries(engagement.deadlines.map((d: { kind: string }) => [d.kind, d]));
    expect(byKind['bsp-interim'].status).toBe('met');
    expect(byKind['bsp-comprehensive'].status).toBe('upcoming');
  });

  it('keeps the approved version unchanged while a new version is written, sent back and approved', async () => {
    const noSummary = await priya.post(`/api/behaviour-support-plans/${planId}/versions`, {
      changeSummary: '',
    });
    expect(noSummary.status).toBe(400);
    const started = await priya.post(`/api/behaviour-support-plans/${planId}/versions`, {
      changeSummary: 'Add a warning before changes',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ status: 'draft', currentVersion: 2, approvedVersion: 1 });

    // The change unsettles the signatures given for version 1 (decision 0021): they are given again.
    const signatures = Object.fromEntries(
      Object.entries(completeValues('interim-bsp')).filter(([, v]) => typeof v === 'object' && v !== null),
    );
    await fillCard(priya, cardId, {
      'teaching-strategies': '<p>Offer a visual timetable and a five-minute warning before each change</p>',
      ...signatures,
    });
    const v1 = (await priya.get(`/api/behaviour-support-plans/${planId}/versions/1`)).body.data;
    expect(v1).toMatchObject({ status: 'approved', isFrozen: true });
    expect(v1.fieldValues['teaching-strategies']).toBe('<p>Offer a visual timetable before each change</p>');
    const v2 = (await priya.get(`/api/behaviour-support-plans/${planId}/versions/2`)).body.data;
    expect(v2).toMatchObject({
      status: 'draft',
      isFrozen: false,
      changeSummary: 'Add a warning before changes',
    });

    const diff = (await priya.get(`/api/behaviour-support-plans/${planId}/diff?from=1&to=2`)).body.data;
    expect(
      diff.fields
        .filter((f: { change: string }) => f.change !== 'unchanged')
        .map((f: { fieldId: string }) => f.fieldId),
    ).toContain('teaching-strategies');
    const changed = diff.fields.find((f: { fieldId: string }) => f.fieldId === 'teaching-strategies');
    expect(changed).toMatchObject({ label: 'Teaching Strategies', change: 'changed' });
    expect(
      changed.words
        .filter((w: { added: boolean }) => w.added)
        .map((w: { value: string }) => w.value)
        .join('')
        .trim(),
    ).toBe('and a five-minute warning');

    expect((await priya.post(`/api/behaviour-support-plans/${planId}/submit`, {})).status).toBe(200);
    const noReason = await olivia.post(`/api/behaviour-support-plans/${planId}/reject`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    const rejected = await olivia.post(`/api/behaviour-support-plans/${planId}/reject`, {
      reason: 'Say how long the warning is given for',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'draft', approvedVersion: 1 });
    expect(rejected.body.data.versions[1]).toMatchObject({
      status: 'draft',
      rejectionReason: 'Say how long the warning is given for',
    });
    expect((await priya.get(`/api/cards/${cardId}`)).body.data).toMatchObject({
      status: 'in-progress',
      state: 'doing',
      workflowStateId: 'in-progress',
    });

    expect((await priya.post(`/api/behaviour-support-plans/${planId}/submit`, {})).status).toBe(200);
    const approved = await olivia.post(`/api/behaviour-support-plans/${planId}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      approvedVersion: 2,
      approvedByName: 'Olivia Owner',
    });
    expect(approved.body.data.versions.map((v: { status: string }) => v.status)).toEqual([
      'superseded',
      'approved',
    ]);
    const frozen = (await priya.get(`/api/behaviour-support-plans/${planId}/versions/1`)).body.data;
    expect(frozen.fieldValues['teaching-strategies']).toBe(
      '<p>Offer a visual timetable before each change</p>',
    );
  });

  it('brings the review forward when needs change, never to a future date', async () => {
    const future = await priya.post(`/api/behaviour-support-plans/${planId}/needs-changed`, {
      needsChangedOn: '2099-01-01',
    });
    expect(future.status).toBe(400);
    const recorded = await priya.post(`/api/behaviour-support-plans/${planId}/needs-changed`, {
      needsChangedOn: daysAgo(0),
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body.data.needsChangedOn).toBe(daysAgo(0));
    expect(recorded.body.data.reviewDueOn < approvedReview).toBe(true);
    const review = recorded.body.data.deadlines.find((d: { kind: string }) => d.kind === 'bsp-review');
    expect(new Date(review.dueAt).getTime() - Date.now()).toBeLessThan(32 * 86_400_000);
  });

  it('shows family guardians only plans shared with family; auditors read all and change nothing', async () => {
    expect((await fiona.get(`/api/behaviour-support-plans/${planId}`)).status).toBe(404);
    expect((await fiona.get(`/api/behaviour-support-plans?teamId=${jordanTeam}`)).body.data).toEqual([]);
    // Nor its working card through the cards API.
    expect((await fiona.get(`/api/cards/${cardId}`)).status).toBe(404);
    expect((await aria.get(`/api/behaviour-support-plans/${planId}`)).status).toBe(200);
    expect(
      (await aria.post(`/api/behaviour-support-plans/${planId}/share`, { sharedWithFamily: true })).status,
    ).toBe(403);
    expect(
      (await sophie.post(`/api/behaviour-support-plans/${planId}/share`, { sharedWithFamily: true })).status,
    ).toBe(403);
    expect((await sophie.get(`/api/behaviour-support-plans/${planId}`)).status).toBe(200);

    const shared = await priya.post(`/api/behaviour-support-plans/${planId}/share`, {
      sharedWithFamily: true,
    });
    expect(shared.status).toBe(200);
    expect(shared.body.data.sharedWithFamily).toBe(true);
    const read = await fiona.get(`/api/behaviour-support-plans/${planId}`);
    expect(read.status).toBe(200);
    expect(read.body.data.allowedActions).toEqual([]);
    expect(
      (await fiona.get(`/api/behaviour-support-plans?teamId=${jordanTeam}`)).body.data.map(
        (p: { id: string }) => p.id,
      ),
    ).toContain(planId);
    expect((await fiona.get(`/api/behaviour-support-plans/${planId}/versions/2`)).status).toBe(200);
    expect((await fiona.get(`/api/cards/${cardId}`)).status).toBe(200);
    expect(
      (await fiona.post(`/api/behaviour-support-plans/${planId}/versions`, { changeSummary: 'x' })).status,
    ).toBe(403);
  });

  it('answers 404 to other tenants, with their own tenant or this one', async () => {
    expect((await ben.get(`/api/behaviour-support-plans/${planId}`)).status).toBe(404);
    expect((await ben.get(`/api/behaviour-support-plans/${planId}/versions`)).status).toBe(404);
    expect((await ben.get(`/api/behaviour-support-plans/${planId}/diff?from=1&to=2`)).status).toBe(404);
    const inSunrise = await ben.inTenant(sunrise).get(`/api/behaviour-support-plans/${planId}`);
    expect(inSunrise.status).toBe(404);
  });

  it('audits every step of the plan', async () => {
    const result = await t.readInTenant(sunrise, (tx) =>
      tx.execute(`select action from audit_log where entity_id = '${planId}' order by at, id`),
    );
    const actions = (result as unknown as { rows: { action: string }[] }).rows.map((r) => r.action);
    expect(actions).toEqual([
      'created',
      'submitted',
      'approved',
      'new-version',
      'submitted',
      'rejected',
      'submitted',
      'approved',
      'needs-changed',
      'shared',
    ]);
  });
});

describe('a comprehensive plan', () => {
  it('meets the comprehensive deadline and supersedes the approved interim plan', async () => {
    const created = await priya.post('/api/behaviour-support-plans', {
      participantId: jordanId,
      kind: 'comprehensive',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const plan = created.body.data;
    await fillCard(priya, plan.cardId, completeValues('comprehensive-bsp'));
    const submitted = await priya.post(`/api/behaviour-support-plans/${plan.id}/submit`, {});
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect((await olivia.post(`/api/behaviour-support-plans/${plan.id}/approve`, {})).status).toBe(200);

    const plans = (await priya.get(`/api/behaviour-support-plans?participantId=${jordanId}`)).body.data as {
      kind: string;
      status: string;
      deadlines: unknown[];
    }[];
    expect(plans.map((p) => [p.kind, p.status])).toEqual([
      ['comprehensive', 'approved'],
      ['interim', 'superseded'],
    ]);
    expect(plans[1]!.deadlines).toEqual([]);
    const [engagement] = (await priya.get(`/api/behaviour-support-engagements?participantId=${jordanId}`))
      .body.data;
    expect(engagement.deadlines.map((d: { status: string }) => d.status)).toEqual(['met', 'met']);
  });

  it('keeps the demo’s approved interim plan for Mia, and drops the deadlines not met when her engagement ends', async () => {
    const mia = (await olivia.get('/api/teams')).body.data.find(
      (x: { name: string }) => x.name === "Mia's Care Team",
    );
    const plans = (await priya.get(`/api/behaviour-support-plans?teamId=${mia.id}`)).body.data;
    expect(
      plans.map((p: { kind: string; status: string; sharedWithFamily: boolean }) => [
        p.kind,
        p.status,
        p.sharedWithFamily,
      ]),
    ).toEqual([['interim', 'approved', true]]);
    const [engagement] = (
      await priya.get(`/api/behaviour-support-engagements?participantId=${mia.participant.id}&open=true`)
    ).body.data;
    expect(engagement.deadlines.map((d: { kind: string; status: string }) => [d.kind, d.status])).toEqual([
      ['bsp-interim', 'met'],
      ['bsp-comprehensive', 'upcoming'],
    ]);
    const ended = await priya.patch(`/api/behaviour-support-engagements/${engagement.id}`, {
      version: engagement.version,
      endedOn: daysAgo(0),
    });
    expect(ended.status).toBe(200);
    expect(ended.body.data.endedOn).toBe(daysAgo(0));
    expect(ended.body.data.deadlines.map((d: { kind: string }) => d.kind)).toEqual(['bsp-interim']);
  });
});
