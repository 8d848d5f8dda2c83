import { quarterOf } from '@wattle/domain/audit-packs/quarters';
import { AuditPackManifestSchema } from '@wattle/domain/audit-packs/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { todayIn } from '../cards/card-values';
import { extractPdfText } from '../cards/pdf-extract-text';
import { readZip } from './read-zip';

/**
 * A behaviour support plan's PDF in an audit pack is the approved, immutable version in force during
 * the period, not the working card as it is being edited (decisions 0025, 0026). Mia's demo interim
 * plan (version 1, approved) has a new version being written; Jordan's first plan was never approved,
 * so his pack shows its latest version, marked so. The file names and manifest say which version.
 */
let t: TestApp;
let sunrise: string;
const quarter = quarterOf(todayIn('Australia/Sydney'));
const draftText = 'A new version is being written: not yet approved';
const jordanText = 'Jordan throws objects when a routine changes';

const as = async (email: string): Promise<TestClient> => (await t.as(email)).inTenant(sunrise);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const text = async (pdf: Buffer) => (await extractPdfText(pdf)).pages.join('\n').replace(/\s+/g, ' ');

let miaCard: { id: string; workItemId: string };
let jordanCard: { id: string; workItemId: string };
let miaPlanId: string;
let jordanPlanId: string;

async function editCard(client: TestClient, cardId: string, fieldValues: Record<string, unknown>) {
  const card = (await client.get(`/api/cards/${cardId}`)).body.data;
  const res = await client.patch(`/api/cards/${cardId}`, {
    version: card.version,
    fieldValues: { ...card.fieldValues, ...fieldValues },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; workItemId: string };
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  const priya = await as('priya.practitioner@sunrise.example');
  const teams = (await priya.get('/api/teams')).body.data as { id: string; name: string }[];
  const team = (name: string) => teams.find((x) => x.name === name)!.id;

  const [miaPlan] = (await priya.get(`/api/behaviour-support-plans?teamId=${team("Mia's Care Team")}`)).body
    .data;
  miaPlanId = miaPlan.id;
  const started = await priya.post(`/api/behaviour-support-plans/${miaPlanId}/versions`, {
    changeSummary: 'Add the evening routine',
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  miaCard = await editCard(priya, miaPlan.cardId, { 'target-behaviors': `<p>${draftText}</p>` });

  const created = await priya.post('/api/behaviour-support-plans', {
    teamId: team("Jordan's Care Team"),
    kind: 'interim',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  jordanPlanId = created.body.data.id;
  jordanCard = await editCard(priya, created.body.data.cardId, {
    'target-behaviors': `<p>${jordanText}</p>`,
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('plan PDFs in an audit pack', () => {
  let files: Map<string, Buffer>;
  let manifest: ReturnType<typeof AuditPackManifestSchema.parse>;

  beforeAll(async () => {
    const adam = await as('adam.admin@sunrise.example');
    const started = await adam.post('/api/audit-packs', {
      scope: 'organisation',
      periodFrom: quarter.from,
      periodTo: quarter.to,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.data.id as string;
    for (let i = 0; i < 900; i++) {
      const pack = (await adam.get(`/api/audit-packs/${id}`)).body.data;
      if (pack.status === 'failed') throw new Error(pack.error);
      if (pack.status === 'ready') break;
      await sleep(100);
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit-packs/${id}/download`,
      headers: { 'x-tenant-id': sunrise },
      cookies: adam.cookies,
    });
    expect(res.statusCode).toBe(200);
    files = await readZip(res.rawPayload);
    manifest = AuditPackManifestSchema.parse(JSON.parse(files.get('manifest.json')!.toString('utf8')));
  }, 120_000);

  it('draws an approved plan from its frozen version in force, not the version being written', async () => {
    const path = `plans/Mia Thompson/${miaCard.workItemId} Interim Behaviour Support Plan v1.pdf`;
    expect([...files.keys()], [...files.keys()].join('\n')).toContain(path);
    // Only the version in force: neither the working card nor the draft version 2 has a file.
    expect([...files.keys()].filter((p) => p.includes(miaCard.workItemId))).toEqual([path]);
    const pdf = await text(files.get(path)!);
    expect(pdf).toContain('Mia pushes staff away and bites her hand');
    expect(pdf).not.toContain(draftText);
    expect(pdf).toMatch(
      /Plan version 1 · Approved \d{1,2} \w+ \d{4}, .* by Priya Practitioner · In force during the audit period/,
    );
    expect(manifest.files.find((f) => f.path === path)!.planVersion).toEqual({
      planId: miaPlanId,
      number: 1,
      status: 'approved',
      approvedAt: expect.any(String),
      basis: 'in-force',
    });
  });

  it('falls back to the latest version of a plan never approved, and says so', async () => {
    const path = `plans/Jordan Lee/${jordanCard.workItemId} Interim Behaviour Support Plan v1.pdf`;
    expect([...files.keys()]).toContain(path);
    const pdf = await text(files.get(path)!);
    expect(pdf).toContain(jordanText);
    expect(pdf).toContain("No version was approved by the audit period's end: the latest version then");
    expect(manifest.files.find((f) => f.path === path)!.planVersion).toEqual({
      planId: jordanPlanId,
      number: 1,
      status: 'draft',
      approvedAt: null,
      basis: 'latest-not-approved',
    });
  });

  it('keeps drawing plan cards that are not a plan record as they are, with no version', () => {
    const plain = manifest.files.filter((f) => f.path.startsWith('plans/') && !f.planVersion);
    for (const file of plain) expect(file.path).not.toMatch(/ v\d+\.pdf$/);
  });
});
