import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';

/**
 * `POST /api/cards/{id}/ai-draft` on the real app: drafts from the participant's own cards, only
 * those the caller may read, only into empty fields, and saves nothing.
 */
let t: TestApp;
let sunrise: string;
let olivia: TestClient;
let lee: TestClient;
let jordanTeam: string;
let miaTeam: string;

/** A participant of this file alone, so demo cards never count (made in beforeAll). */
let participantId: string;
/** Another participant, whose records must not count. */
let otherParticipantId: string;

async function createCard(
  client: TestClient,
  body: { teamId: string; title: string; templateId: string | null; participantId?: string | null },
  fieldValues?: Record<string, unknown>,
) {
  const created = await client.post('/api/cards', { participantId, ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  if (!fieldValues) return created.body.data;
  const patched = await client.patch(`/api/cards/${created.body.data.id}`, {
    version: created.body.data.version,
    fieldValues,
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  return patched.body.data;
}

let plan: { id: string; version: number };

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  olivia = (await t.as('olivia.owner@sunrise.example')).inTenant(sunrise);
  lee = (await t.as('lee.lead@sunrise.example')).inTenant(sunrise);
  const teams = (await olivia.get('/api/teams')).body.data as { id: string; name: string }[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team")!.id;
  miaTeam = teams.find((x) => x.name === "Mia's Care Team")!.id;
  const participant = async (name: string, ndisNumber: string) => {
    const res = await olivia.post('/api/participants', { name, ndisNumber, dateOfBirth: '2001-06-30' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  participantId = await participant('Drafty McDraft', '438880001');
  otherParticipantId = await participant('Other Person', '438880002');

  // Oldest first: an interim plan, then an assessment that rewrites the antecedents.
  await createCard(
    olivia,
    { teamId: jordanTeam, title: 'Interim plan', templateId: 'interim-bsp' },
    {
      antecedents: '<p>Older note: changes to routine.</p>',
      'behavior-intensity': 'High',
      'replacement-behaviors': '<p>Ask for a break using the break card.</p>',
      'review-frequency': 'Monthly',
    },
  );
  await createCard(
    olivia,
    { teamId: jordanTeam, title: 'Assessment', templateId: 'functional-behaviour-assessment' },
    {
      antecedents: '<p>Loud, crowded places; unexpected noises such as alarms.</p>',
      'behavior-frequency': 'Daily',
    },
  );
  await createCard(
    olivia,
    { teamId: jordanTeam, title: 'Fire alarm at the shopping centre', templateId: 'incident-report' },
    { 'incident-date': '2025-03-01' },
  );
  await createCard(
    olivia,
    { teamId: jordanTeam, title: 'Ran from the bus stop', templateId: 'incident-report' },
    { 'incident-date': '2025-02-10' },
  );
  // Newest of all, on a team Lee is not on.
  await createCard(
    olivia,
    { teamId: miaTeam, title: 'Upset during respite <visit>', templateId: 'incident-report' },
    { 'incident-date': '2025-04-02' },
  );
  // Deleted records do not count.
  const deleted = await createCard(olivia, {
    teamId: jordanTeam,
    title: 'Logged by mistake',
    templateId: 'incident-report',
  });
  expect((await olivia.delete(`/api/cards/${deleted.id}?version=${deleted.version}`)).status).toBeLessThan(
    300,
  );
  // Another participant's records do not count either.
  await createCard(
    olivia,
    {
      teamId: jordanTeam,
      title: 'Someone else',
      templateId: 'functional-behaviour-assessment',
      participantId: otherParticipantId,
    },
    { antecedents: '<p>Not this participant.</p>', 'behavior-frequency': 'Weekly' },
  );

  plan = await createCard(
    olivia,
    { teamId: jordanTeam, title: 'Comprehensive plan', templateId: 'comprehensive-bsp' },
    { 'behavior-intensity': 'Low' },
  );
});
afterAll(() => t.close());

describe('POST /api/cards/:id/ai-draft', () => {
  it('fills empty fields with the newest earlier value and summarises the incidents for behaviour fields', async () => {
    const res = await olivia.post(`/api/cards/${plan.id}/ai-draft`, { sectionId: 'assessment' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { fieldValues, sources } = res.body.data;
    expect(sources).toEqual({ assessments: 1, incidents: 3, previousPlans: 1 });
    expect(fieldValues).toEqual({
      // The assessment is newer than the interim plan.
      antecedents: '<p>Loud, crowded places; unexpected noises such as alarms.</p>',
      'behavior-frequency': 'Daily',
      // No earlier value: a summary of the incidents on record, the newest by incident date, escaped.
      'target-behaviors':
        '<p>Recorded incidents: 3. Most recent: Upset during respite &lt;visit&gt; (2 April 2025).</p>',
      // Not behavior-intensity, filled on this card already; never dates, ticks or signatures
      // (rp-review-date, uses-restrictive-practice).
    });
  });

  it("reads only the records the caller may read: Lee leads Jordan's team, not Mia's", async () => {
    const res = await lee.post(`/api/cards/${plan.id}/ai-draft`, { sectionId: 'assessment' });
    expect(res.status).toBe(200);
    expect(res.body.data.sources).toEqual({ assessments: 1, incidents: 2, previousPlans: 1 });
    expect(res.body.data.fieldValues['target-behaviors']).toBe(
      '<p>Recorded incidents: 2. Most recent: Fire alarm at the shopping centre (1 March 2025).</p>',
    );
  });

  it('drafts other sections from the plans on record', async () => {
    const strategies = await olivia.post(`/api/cards/${plan.id}/ai-draft`, { sectionId: 'strategies' });
    expect(strategies.body.data.fieldValues).toEqual({
      'replacement-behaviors': '<p>Ask for a break using the break card.</p>',
    });
    const monitoring = await olivia.post(`/api/cards/${plan.id}/ai-draft`, { sectionId: 'monitoring' });
    expect(monitoring.body.data.fieldValues).toEqual({ 'review-frequency': 'Monthly' });
  });

  it('saves nothing: the card keeps its version and its audit trail', async () => {
    const card = (await olivia.get(`/api/cards/${plan.id}`)).body.data;
    expect(card.version).toBe(plan.version);
    expect(card.fieldValues).not.toHaveProperty('target-behaviors');
    const audit = (await olivia.get(`/api/cards/${plan.id}/audit`)).body.data;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['updated', 'created']);
  });

  it('answers empty values and zero counts for a card without a participant', async () => {
    const lone = await createCard(olivia, {
      teamId: jordanTeam,
      title: 'Plan with no participant',
      templateId: 'interim-bsp',
      participantId: null,
    });
    const res = await olivia.post(`/api/cards/${lone.id}/ai-draft`, { sectionId: 'assessment' });
    expect(res.body).toEqual({
      success: true,
      data: { fieldValues: {}, sources: { assessments: 0, incidents: 0, previousPlans: 0 } },
    });
  });

  it('refuses the sections without an AI button, unknown sections and cards without a template', async () => {
    for (const [sectionId, name] of [
      ['participant-info', 'Participant Information'],
      ['practitioner-info', 'Practitioner Information'],
      ['signatures', 'Signatures & Dates'],
    ]) {
      const res = await olivia.post(`/api/cards/${plan.id}/ai-draft`, { sectionId });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: 'BAD_REQUEST', message: `${name} has no AI drafting` });
    }
    const unknown = await olivia.post(`/api/cards/${plan.id}/ai-draft`, { sectionId: 'everything' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('VALIDATION_FAILED');
    expect(unknown.body.error.details[0].path).toEqual(['sectionId']);

    const plain = await createCard(olivia, { teamId: jordanTeam, title: 'Book a taxi', templateId: null });
    const noTemplate = await olivia.post(`/api/cards/${plain.id}/ai-draft`, { sectionId: 'assessment' });
    expect(noTemplate.status).toBe(400);
    expect(noTemplate.body.error.message).toBe('This card has no template to draft from');
  });

  it('needs write:cards: a guardian gets 404, the auditor 403, another tenant 404', async () => {
    const fiona = (await t.as('fiona.family@sunrise.example')).inTenant(sunrise);
    const guardian = await fiona.post(`/api/cards/${plan.id}/ai-draft`, { sectionId: 'assessment' });
    expect(guardian.status).toBe(404);
    expect(guardian.body.error.message).toBe('Card not found');

    const aria = (await t.as('aria.auditor@sunrise.example')).inTenant(sunrise);
    const auditor = await aria.post(`/api/cards/${plan.id}/ai-draft`, { sectionId: 'assessment' });
    expect(auditor.status).toBe(403);

    const ben = await t.as('ben.owner@bluegum.example');
    const bluegum = await t.tenantId('Bluegum Disability Services');
    const stranger = await ben
      .inTenant(bluegum)
      .post(`/api/cards/${plan.id}/ai-draft`, { sectionId: 'assessment' });
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).not.toContain('Loud');
  });

  it('refuses a card that can no longer be edited', async () => {
    const priya = (await t.as('priya.practitioner@sunrise.example')).inTenant(sunrise);
    const report = await createCard(
      priya,
      { teamId: jordanTeam, title: 'Complete report', templateId: 'incident-report' },
      {
        'participant-name': '<p>Jordan Lee</p>',
        'participant-ndis': '430123456',
        'incident-date': '2025-03-05',
        'incident-time': '09:15',
        'incident-location': '<p>School gate</p>',
        'incident-description': '<p>Jordan dropped his bag and ran back inside the school.</p>',
        'immediate-actions': '<p>Followed him and waited in the library.</p>',
        'reported-by-signature': {
          kind: 'typed',
          typed: 'Priya Practitioner',
          signerName: 'Priya Practitioner',
          signedAt: '2025-03-05T00:00:00.000Z',
        },
      },
    );
    const started = await priya.patch(`/api/cards/${report.id}`, {
      version: report.version,
      status: 'in-progress',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const review = await priya.patch(`/api/cards/${report.id}`, {
      version: started.body.data.version,
      status: 'pending-review',
    });
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    const res = await priya.post(`/api/cards/${report.id}/ai-draft`, { sectionId: 'strategies' });
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({
      code: 'WORKFLOW_REFUSED',
      message: 'This card is pending-review and can no longer be edited. Move it back to in progress first.',
    });
  });
});
