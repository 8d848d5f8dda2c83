import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';

let t: TestApp;
let sunrise: string;
let bluegum: string;
let jordanTeam: string;

async function as(email: string, tenant?: string): Promise<TestClient> {
  return (await t.as(email)).inTenant(tenant ?? sunrise);
}

const builtInIds = [
  'comprehensive-bsp',
  'interim-bsp',
  'functional-behaviour-assessment',
  'provider-consent-form',
  'training-attendance-register',
  'debrief-log',
  'risk-management-plan',
  'incident-report',
];

const homeVisit = {
  name: 'Home Visit Checklist',
  description: 'What to check on every home visit.',
  category: 'assessment',
  estimatedDuration: 3,
  fields: [
    {
      id: 'visit-date',
      name: 'Visit Date',
      type: 'date',
      required: true,
      order: 1,
      ndisStandard: false,
    },
    {
      id: 'visit-notes',
      name: 'Visit Notes',
      type: 'textarea',
      required: true,
      order: 2,
      ndisStandard: false,
      validation: { maxLength: 300 },
    },
    {
      id: 'smoke-alarm-tested',
      name: 'Smoke alarm tested',
      type: 'checkbox',
      required: false,
      order: 3,
      ndisStandard: false,
      defaultValue: false,
    },
  ],
};

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const teams = (await (await as('olivia.owner@sunrise.example')).get('/api/teams')).body.data as any[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team").id;
});
afterAll(() => t.close());

describe('GET /api/templates', () => {
  it('lists the eight built-in templates to any member, a family guardian included', async () => {
    for (const email of [
      'olivia.owner@sunrise.example',
      'sophie.support@sunrise.example',
      'fiona.family@sunrise.example',
    ]) {
      const res = await (await as(email)).get('/api/templates');
      expect(res.status, email).toBe(200);
      expect(res.body.data.slice(0, 8).map((x: any) => x.id)).toEqual(builtInIds);
      expect(res.body.meta.total).toBe(res.body.data.length);
    }
  });

  it('answers one template by id, with its fields, and 404 for an unknown one', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const bsp = await olivia.get('/api/templates/comprehensive-bsp');
    expect(bsp.status).toBe(200);
    expect(bsp.body.data).toMatchObject({
      id: 'comprehensive-bsp',
      tenantId: null,
      isBuiltIn: true,
      ndisRequired: true,
      estimatedDuration: 21,
    });
    expect(bsp.body.data.fields).toHaveLength(44);
    const missing = await olivia.get('/api/templates/not-a-template');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Template not found');
  });
});

describe('POST /api/templates', () => {
  it('lets only tenant owners and admins add a template', async () => {
    for (const email of [
      'lee.lead@sunrise.example',
      'priya.practitioner@sunrise.example',
      'aria.auditor@sunrise.example',
    ]) {
      const res = await (await as(email)).post('/api/templates', homeVisit);
      expect(res.status, email).toBe(403);
    }
    const list = (await (await as('olivia.owner@sunrise.example')).get('/api/templates')).body.data;
    expect(list.map((x: any) => x.name)).not.toContain('Home Visit Checklist');
  });

  it("adds a tenant admin's template with a slug id, audited, for that tenant only", async () => {
    const adam = await as('adam.admin@sunrise.example');
    const res = await adam.post('/api/templates', homeVisit);
    expect(res.status).toBe(201);
    const created = res.body.data;
    expect(created.id).toMatch(/^home-visit-checklist-[a-z0-9]{6}$/);
    expect(created).toMatchObject({
      tenantId: sunrise,
      name: 'Home Visit Checklist',
      category: 'assessment',
      ndisRequired: false,
      version: '1.0',
      isActive: true,
      isBuiltIn: false,
      estimatedDuration: 3,
      requiredDocuments: [],
      complianceRules: {
        mandatoryValidation: true,
        signatureRequired: false,
        witnessRequired: false,
        reviewCycle: 0,
      },
    });
    expect(created.fields.map((f: any) => f.id)).toEqual(['visit-date', 'visit-notes', 'smoke-alarm-tested']);
    expect(created.pdfTemplate.sections.flatMap((s: any) => s.fields).sort()).toEqual(
      ['smoke-alarm-tested', 'visit-date', 'visit-notes'].sort(),
    );

    const listed = (await (await as('sophie.support@sunrise.example')).get('/api/templates')).body.data;
    expect(listed.at(-1).id).toBe(created.id);
    expect(
      (await (await as('fiona.family@sunrise.example')).get(`/api/templates/${created.id}`)).status,
    ).toBe(200);

    const ben = await as('ben.owner@bluegum.example', bluegum);
    expect((await ben.get(`/api/templates/${created.id}`)).status).toBe(404);
    expect((await ben.get('/api/templates')).body.data.map((x: any) => x.id)).toEqual(builtInIds);

    const [entry] = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'template'), eq(auditLog.entityId, created.id))),
    );
    expect(entry).toMatchObject({ action: 'created', actorName: 'Adam Admin' });
  });

  it('makes cards from a custom template: defaults, due date, field checks and compliance', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const created = (await olivia.post('/api/templates', { ...homeVisit, name: 'Home Visit Form' })).body
      .data;
    const lee = await as('lee.lead@sunrise.example');
    const res = await lee.post('/api/cards', {
      teamId: jordanTeam,
      title: 'Home visit, March',
      templateId: created.id,
    });
    expect(res.status).toBe(201);
    const card = res.body.data;
    expect(card).toMatchObject({
      templateId: created.id,
      templateName: 'Home Visit Form',
      type: 'task',
      category: 'assessment',
      fieldValues: { 'smoke-alarm-tested': false },
      compliance: { isCompliant: false, completion: 0 },
    });
    expect(card.compliance.issues.map((i: any) => i.description)).toEqual([
      'Required field "Visit Date" is missing',
      'Required field "Visit Notes" is missing',
    ]);
    const unknown = await lee.patch(`/api/cards/${card.id}`, {
      version: 1,
      fieldValues: { 'participant-name': 'x' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Unknown field "participant-name"');
    const long = await lee.patch(`/api/cards/${card.id}`, {
      version: 1,
      fieldValues: { 'visit-notes': 'x'.repeat(301) },
    });
    // Over the template's maximum: kept, and reported as a compliance issue.
    expect(long.status).toBe(200);
    expect(long.body.data.compliance.issues).toContainEqual(
      expect.objectContaining({ description: '"Visit Notes" must be no more than 300 characters' }),
    );
    const filled = await lee.patch(`/api/cards/${card.id}`, {
      version: 2,
      fieldValues: { 'visit-date': '2027-03-02', 'visit-notes': '<p>All good.</p>' },
    });
    expect(filled.body.data.compliance).toMatchObject({ isCompliant: true, completion: 100, issues: [] });
    // Another tenant cannot use it.
    const ben = await as('ben.owner@bluegum.example', bluegum);
    const benTeam = (await ben.get('/api/teams')).body.data[0].id;
    const foreign = await ben.post('/api/cards', { teamId: benTeam, title: 'x', templateId: created.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toBe(`Unknown template "${created.id}"`);
  });

  it('refuses templates without fields or with repeated field ids', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const empty = await olivia.post('/api/templates', { ...homeVisit, fields: [] });
    expect(empty.status).toBe(400);
    const twice = await olivia.post('/api/templates', {
      ...homeVisit,
      fields: [homeVisit.fields[0], { ...homeVisit.fields[1], id: 'visit-date' }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toContain('Field ids must be unique');
  });

  it('creates once for a repeated Idempotency-Key', async () => {
    const olivia = await as('olivia.owner@sunrise.example');
    const key = `template-${randomUUID()}`;
    const body = { ...homeVisit, name: 'Idempotent Template' };
    const first = await olivia.post('/api/templates', body, { 'idempotency-key': key });
    const second = await olivia.post('/api/templates', body, { 'idempotency-key': key });
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.body.data.id).toBe(first.body.data.id);
    const names = (await olivia.get('/api/templates')).body.data.map((x: any) => x.name);
    expect(names.filter((n: string) => n === 'Idempotent Template')).toHaveLength(1);
  });
});
