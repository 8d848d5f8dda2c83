import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { cards } from '../../db/schema/cards';
import { accountAuditLog } from '../../db/schema/users';

/**
 * Templates and rules (issue 17 item 2): Sam, the demo's system admin, publishes templates to every
 * tenant with immutable versions and retires them; tenants' cards keep the version they were made
 * with. Sam also keeps each tenant's card billing rules, which the invoice builder reads.
 */
let t: TestApp;
let sunrise: string;
let bluegum: string;
let jordanTeam: string;
let jordan: string;

const sam = () => t.as('sam.system@wattle.example');
const inSunrise = async (email: string): Promise<TestClient> => (await t.as(email)).inTenant(sunrise);
const olivia = () => inSunrise('olivia.owner@sunrise.example');

const put = (client: TestClient, url: string, payload: unknown) =>
  client.request({ method: 'PUT', url, payload: payload as never });

const field = (id: string, name: string, order: number, required = false) => ({
  id,
  name,
  type: 'text',
  required,
  order,
  ndisStandard: false,
});
const medication = {
  name: 'Medication Chart',
  description: 'Medicines given on each shift.',
  category: 'assessment',
  estimatedDuration: 2,
  fields: [field('medicine-name', 'Medicine name', 0, true), field('dose-given', 'Dose given', 1)],
};

async function sunriseAudit(entity: string, entityId: string) {
  return t.readInTenant(sunrise, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.at)),
  );
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const teams = (await (await olivia()).get('/api/teams')).body.data as {
    name: string;
    id: string;
    participant: { id: string } | null;
  }[];
  const team = teams.find((x) => x.name === "Jordan's Care Team")!;
  jordanTeam = team.id;
  jordan = team.participant!.id;
}, 180_000);
afterAll(() => t.close());

describe('published templates', () => {
  let templateId: string;
  let firstCard: string;

  it('refuses everyone but a system admin, a global admin and a tenant owner included', async () => {
    for (const email of [
      'olivia.owner@sunrise.example',
      'ava.global@wattle.example',
      'lee.lead@sunrise.example',
    ]) {
      const client = await t.as(email);
      const publish = await client.post('/api/published-templates', medication);
      expect(publish.status, email).toBe(403);
      expect(publish.body.error.message).toBe('Only system admins can change templates and rules');
      expect((await client.get('/api/published-templates')).status, email).toBe(403);
    }
  });

  it('publishes a template as version 1.0 that every tenant lists and makes cards from', async () => {
    const res = await (await sam()).post('/api/published-templates', medication);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    templateId = res.body.data.id;
    expect(res.body.data).toMatchObject({
      name: 'Medication Chart',
      version: '1.0',
      versionNumber: 1,
      isPublished: true,
      tenantId: null,
      isActive: true,
    });
    for (const [tenant, email] of [
      [sunrise, 'sophie.support@sunrise.example'],
      [bluegum, 'ben.owner@bluegum.example'],
    ] as const) {
      const list = await (await t.as(email)).inTenant(tenant).get('/api/templates');
      expect(
        list.body.data.find((x: { id: string }) => x.id === templateId),
        email,
      ).toMatchObject({
        version: '1.0',
      });
    }
    const card = await (await inSunrise('sophie.support@sunrise.example')).post('/api/cards', {
      teamId: jordanTeam,
      title: 'Evening medicines',
      templateId,
    });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    expect(card.body.data).toMatchObject({
      templateId,
      templateName: 'Medication Chart',
      templateVersion: 1,
    });
    firstCard = card.body.data.id;
    const audit = await t.database.db
      .select()
      .from(accountAuditLog)
      .where(eq(accountAuditLog.action, 'template-published'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.metadata).toMatchObject({ entity: 'published-template', entityId: templateId });
  });

  it('publishes version 2.0 for new cards while cards made with 1.0 keep it', async () => {
    const v2 = {
      ...medication,
      fields: [...medication.fields, field('witnessed-by', 'Witnessed by', 2, true)],
      fromVersion: 1,
    };
    const res = await (await sam()).post(`/api/published-templates/${templateId}/versions`, v2);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ version: '2.0', versionNumber: 2 });

    // Published versions never change: publishing from 1.0 again is refused.
    const stale = await (await sam()).post(`/api/published-templates/${templateId}/versions`, v2);
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current.versionNumber).toBe(2);
    const v1 = await (await sam()).get(`/api/published-templates/${templateId}?version=1`);
    expect(v1.body.data.fields.map((f: { id: string }) => f.id)).toEqual(['medicine-name', 'dose-given']);

    const lee = await inSunrise('lee.lead@sunrise.example');
    const listed = (await lee.get('/api/templates')).body.data.find(
      (x: { id: string }) => x.id === templateId,
    );
    expect(listed.fields.map((f: { id: string }) => f.id)).toContain('witnessed-by');
    const newer = await lee.post('/api/cards', {
      teamId: jordanTeam,
      title: 'Morning medicines',
      templateId,
    });
    expect(newer.body.data.templateVersion).toBe(2);
    // The required new field counts only on the new card.
    const issueFields = (c: { compliance: { issues: { fieldId?: string }[] } }) =>
      c.compliance.issues.map((i) => i.fieldId);
    expect(issueFields(newer.body.data)).toContain('witnessed-by');

    const older = (await lee.get(`/api/cards/${firstCard}`)).body.data;
    expect(older.templateVersion).toBe(1);
    expect(issueFields(older)).not.toContain('witnessed-by');
    const olderTemplate = await lee.get(`/api/templates/${templateId}?version=${older.templateVersion}`);
    expect(olderTemplate.body.data).toMatchObject({ version: '1.0', versionNumber: 1 });
    // The card page reads the card and the version its form is drawn from in one request.
    const withTemplate = (await lee.get(`/api/cards/${firstCard}?include=template`)).body.data;
    expect(withTemplate.template).toEqual(olderTemplate.body.data);
    expect(withTemplate.templateVersion).toBe(1);
    // The old card's form is the old version's: the new field is no field of it.
    const patch = await lee.patch(`/api/cards/${firstCard}`, {
      version: older.version,
      fieldValues: { 'witnessed-by': 'Lee' },
    });
    expect(patch.status).toBe(400);
    const saved = await lee.patch(`/api/cards/${firstCard}`, {
      version: older.version,
      fieldValues: { 'medicine-name': 'Paracetamol' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.templateVersion).toBe(1);

    const history = (await (await sam()).get('/api/published-templates')).body.data.find(
      (x: { id: string }) => x.id === templateId,
    );
    expect(history).toMatchObject({ latestVersion: 2, isActive: true });
    expect(history.versions.map((v: { version: string }) => v.version)).toEqual(['2.0', '1.0']);
    expect(history.versions[0].publishedByName).toBe('Sam System');
  });

  it('retires a template: no new cards, existing cards unaffected', async () => {
    const res = await (await sam()).post(`/api/published-templates/${templateId}/retire`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.isActive).toBe(false);
    expect((await (await sam()).post(`/api/published-templates/${templateId}/retire`)).status).toBe(409);
    const again = await (await sam()).post(`/api/published-templates/${templateId}/versions`, {
      ...medication,
      fromVersion: 2,
    });
    expect(again.status).toBe(409);

    const client = await olivia();
    const list = (await client.get('/api/templates')).body.data.map((x: { id: string }) => x.id);
    expect(list).not.toContain(templateId);
    const refused = await client.post('/api/cards', {
      teamId: jordanTeam,
      title: 'More medicines',
      templateId,
    });
    expect(refused.status).toBe(400);
    const card = await client.get(`/api/cards/${firstCard}`);
    expect(card.body.data).toMatchObject({ templateId, templateVersion: 1 });
    expect((await client.get(`/api/templates/${templateId}?version=1`)).status).toBe(200);
  });
});

describe('custom templates: edit as a new version, copy, retire', () => {
  let templateId: string;
  let firstCard: string;
  const checklist = {
    name: 'Home Visit Checklist',
    category: 'assessment',
    fields: [field('visit-notes', 'Visit notes', 0, true)],
  };

  beforeAll(async () => {
    const created = await (await olivia()).post('/api/templates', checklist);
    templateId = created.body.data.id;
    const card = await (await olivia()).post('/api/cards', {
      teamId: jordanTeam,
      title: 'Home visit',
      templateId,
    });
    firstCard = card.body.data.id;
    expect(card.body.data.templateVersion).toBe(1);
  });

  it('saves an edit as version 2.0; earlier cards keep 1.0; a stale edit is 409', async () => {
    const edit = {
      ...checklist,
      fields: [...checklist.fields, field('smoke-alarm', 'Smoke alarm tested', 1)],
      fromVersion: 1,
    };
    const lee = await inSunrise('lee.lead@sunrise.example');
    expect((await put(lee, `/api/templates/${templateId}`, edit)).status).toBe(403);
    const res = await put(await olivia(), `/api/templates/${templateId}`, edit);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ version: '2.0', versionNumber: 2, isActive: true });
    const stale = await put(await olivia(), `/api/templates/${templateId}`, edit);
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current.versionNumber).toBe(2);

    const card = (await (await olivia()).get(`/api/cards/${firstCard}`)).body.data;
    expect(card.templateVersion).toBe(1);
    const v1 = await (await olivia()).get(`/api/templates/${templateId}?version=1`);
    expect(v1.body.data.fields.map((f: { id: string }) => f.id)).toEqual(['visit-notes']);
    const newer = await (await olivia()).post('/api/cards', {
      teamId: jordanTeam,
      title: 'Visit 2',
      templateId,
    });
    expect(newer.body.data.templateVersion).toBe(2);

    const audit = await sunriseAudit('template', templateId);
    expect(audit[0]).toMatchObject({ action: 'version-saved', actorName: 'Olivia Owner' });
    expect(audit[0]!.changes).toContainEqual({ field: 'version', oldValue: '1.0', newValue: '2.0' });
  });

  it('does not edit built-in or published templates in place (copy them instead)', async () => {
    const res = await put(await olivia(), '/api/templates/incident-report', { ...checklist, fromVersion: 1 });
    expect(res.status).toBe(404);
  });

  it('copies a template into a new custom one named "Copy of …", audited', async () => {
    const res = await (await olivia()).post(`/api/templates/${templateId}/copy`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Copy of Home Visit Checklist',
      version: '1.0',
      isActive: true,
    });
    expect(res.body.data.id).not.toBe(templateId);
    expect(res.body.data.fields.map((f: { id: string }) => f.id)).toEqual(['visit-notes', 'smoke-alarm']);
    const audit = await sunriseAudit('template', res.body.data.id);
    expect(audit[0]).toMatchObject({
      action: 'copied',
      metadata: { copiedFrom: templateId, copiedVersion: '2.0' },
    });

    const builtIn = await (await olivia()).post('/api/templates/debrief-log/copy');
    expect(builtIn.status).toBe(201);
    expect(builtIn.body.data.name).toBe('Copy of Debrief Log');
    const lee = await inSunrise('lee.lead@sunrise.example');
    expect((await lee.post(`/api/templates/${templateId}/copy`)).status).toBe(403);
    expect((await (await olivia()).post('/api/templates/no-such-template/copy')).status).toBe(404);
  });

  it('retires a custom template: gone from the list, no new cards, existing cards keep it', async () => {
    const lee = await inSunrise('lee.lead@sunrise.example');
    expect((await lee.post(`/api/templates/${templateId}/retire`)).status).toBe(403);
    const res = await (await olivia()).post(`/api/templates/${templateId}/retire`);
    expect(res.status).toBe(200);
    expect(res.body.data.isActive).toBe(false);
    expect((await (await olivia()).post(`/api/templates/${templateId}/retire`)).status).toBe(409);
    const edit = await put(await olivia(), `/api/templates/${templateId}`, { ...checklist, fromVersion: 2 });
    expect(edit.status).toBe(409);
    const list = (await (await olivia()).get('/api/templates')).body.data.map((x: { id: string }) => x.id);
    expect(list).not.toContain(templateId);
    const refused = await (await olivia()).post('/api/cards', {
      teamId: jordanTeam,
      title: 'Visit 3',
      templateId,
    });
    expect(refused.status).toBe(400);
    const card = await (await olivia()).get(`/api/cards/${firstCard}`);
    expect(card.body.data).toMatchObject({ templateId, templateVersion: 1 });
    const audit = await sunriseAudit('template', templateId);
    expect(audit[0]).toMatchObject({ action: 'retired' });
  });
});

describe('card billing rules', () => {
  const rulesUrl = () => `/api/platform/tenants/${sunrise}/card-billing-rules`;
  const rule = {
    cardType: 'task',
    category: 'review',
    baseRateCents: 19_355,
    estimatedHours: 1.5,
    ndisLineItem: '15_054_0128_1_3',
    gstApplicable: false,
  };
  let ruleId: string;
  let cardId: string;

  /** A done, billable review task for Jordan due on the day: the rule prices it. */
  async function doneReviewCard(dueDate: string) {
    const card = await (await olivia()).post('/api/cards', {
      teamId: jordanTeam,
      title: `Quarterly plan review ${dueDate}`,
      type: 'task',
      category: 'review',
      participantId: jordan,
      dueDate,
    });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    await t.readInTenant(sunrise, (tx) =>
      tx
        .update(cards)
        .set({ state: 'done' })
        .where(and(eq(cards.tenantId, sunrise), eq(cards.id, card.body.data.id))),
    );
    return card.body.data.id as string;
  }

  async function cardLine(date: string) {
    const res = await (await inSunrise('adam.admin@sunrise.example')).post('/api/invoices', {
      participantId: jordan,
      periodFrom: date,
      periodTo: date,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const line = res.body.data.lineItems.find((l: { cardId: string | null }) => l.cardId === cardId);
    return { invoiceId: res.body.data.id as string, line };
  }

  it('refuses everyone but a system admin', async () => {
    for (const email of [
      'olivia.owner@sunrise.example',
      'ava.global@wattle.example',
      'ben.owner@bluegum.example',
    ]) {
      const client = await t.as(email);
      expect((await client.get(rulesUrl())).status, email).toBe(403);
      expect((await client.post(rulesUrl(), rule)).status, email).toBe(403);
    }
  });

  it('checks each field and names it', async () => {
    const client = await sam();
    const bad = await client.post(rulesUrl(), { ...rule, ndisLineItem: '15-054' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('A support item number looks like 01_011_0107_1_1');
    const hours = await client.post(rulesUrl(), { ...rule, estimatedHours: 0 });
    expect(JSON.stringify(hours.body.error)).toContain('Estimated hours must be more than 0');
    const rate = await client.post(rulesUrl(), { ...rule, baseRateCents: -1 });
    expect(JSON.stringify(rate.body.error)).toContain('Base rate cannot be negative');
    const unknown = await client.get(
      '/api/platform/tenants/00000000-0000-4000-8000-000000000000/card-billing-rules',
    );
    expect(unknown.status).toBe(404);
  });

  it('adds a rule (one per card type and category) that the invoice builder uses', async () => {
    const res = await (await sam()).post(rulesUrl(), rule);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ruleId = res.body.data.id;
    expect(res.body.data).toMatchObject({ ...rule, tenantId: sunrise, version: 1 });
    expect((await (await sam()).post(rulesUrl(), rule)).status).toBe(409);
    const rules = await (await sam()).get(rulesUrl());
    expect(rules.body.data.map((r: { id: string }) => r.id)).toContain(ruleId);
    // Bluegum's rules are its own.
    const others = await (await sam()).get(`/api/platform/tenants/${bluegum}/card-billing-rules`);
    expect(others.body.data.map((r: { id: string }) => r.id)).not.toContain(ruleId);

    cardId = await doneReviewCard('2031-03-03');
    const { invoiceId, line } = await cardLine('2031-03-03');
    expect(line).toMatchObject({
      supportItemNumber: '15_054_0128_1_3',
      quantity: 1.5,
      unitPriceCents: 19_355,
      amountCents: 29_033,
      gstCode: 'P2',
    });
    const voided = await (await inSunrise('adam.admin@sunrise.example')).post(
      `/api/invoices/${invoiceId}/void`,
      {
        reason: 'Rule about to change',
      },
    );
    expect(voided.status).toBe(200);
  });

  it('edits a rule from its version; invoices built afterwards read the edit; audited in the tenant', async () => {
    const client = await sam();
    const res = await client.patch(`${rulesUrl()}/${ruleId}`, {
      version: 1,
      baseRateCents: 20_000,
      estimatedHours: 2,
      gstApplicable: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      baseRateCents: 20_000,
      estimatedHours: 2,
      gstApplicable: true,
      version: 2,
    });
    const stale = await client.patch(`${rulesUrl()}/${ruleId}`, { version: 1, baseRateCents: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.details.current.baseRateCents).toBe(20_000);

    const { line } = await cardLine('2031-03-03');
    expect(line).toMatchObject({ quantity: 2, unitPriceCents: 20_000, amountCents: 40_000, gstCode: 'P1' });

    const audit = await sunriseAudit('card-billing-rule', ruleId);
    expect(audit[0]).toMatchObject({ action: 'updated', actorName: 'Sam System' });
    expect(audit[0]!.changes).toContainEqual({ field: 'baseRateCents', oldValue: 19_355, newValue: 20_000 });
    expect(audit[0]!.changes.map((c) => c.field)).not.toContain('ndisLineItem');
  });

  it('deletes a rule: the card type and category is no longer invoiced', async () => {
    const res = await (await sam()).delete(`${rulesUrl()}/${ruleId}`);
    expect(res.status).toBe(200);
    expect((await (await sam()).delete(`${rulesUrl()}/${ruleId}`)).status).toBe(404);
    const audit = await sunriseAudit('card-billing-rule', ruleId);
    expect(audit[0]).toMatchObject({ action: 'deleted' });
  });
});
