import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { docBytes, docxBytes, exeBytes, pdfBytes } from './test-documents';

let t: TestApp;
let filesDir: string;
let sunrise: string;
let bluegum: string;
let jordanTeam: string;

const emails = {
  olivia: 'olivia.owner@sunrise.example',
  lee: 'lee.lead@sunrise.example',
  priya: 'priya.practitioner@sunrise.example',
  sophie: 'sophie.support@sunrise.example',
  fiona: 'fiona.family@sunrise.example',
  gus: 'gus.guest@sunrise.example',
  aria: 'aria.auditor@sunrise.example',
  ben: 'ben.owner@bluegum.example',
} as const;
type Person = keyof typeof emails;

async function as(person: Person, tenant?: string): Promise<TestClient> {
  const client = await t.as(emails[person]);
  return client.inTenant(tenant ?? (person === 'ben' ? bluegum : sunrise));
}

async function newCard(body: Record<string, unknown> = {}, creator: Person = 'lee') {
  const res = await (await as(creator)).post('/api/cards', {
    teamId: jordanTeam,
    title: 'Home visit',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; workItemId: string; version: number; type: string };
}

/**
 * A behaviour support plan of Jordan's team made through the plans API and shared with family: its
 * working card is what a family guardian may open (decision 0025).
 */
async function sharedPlanCard() {
  const priya = await as('priya');
  const made = await priya.post('/api/behaviour-support-plans', { teamId: jordanTeam, kind: 'interim' });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const shared = await priya.post(`/api/behaviour-support-plans/${made.body.data.id}/share`, {
    sharedWithFamily: true,
  });
  expect(shared.status, JSON.stringify(shared.body)).toBe(200);
  return { id: made.body.data.cardId as string };
}

/** A multipart/form-data body: fields first, then the file part (if any). */
function multipart(
  file: { name: string; bytes: Buffer; type?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----wattle${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  person: Person,
  cardId: string,
  file: { name: string; bytes: Buffer; type?: string } | null,
  fields: Record<string, string> = {},
) {
  const body = multipart(file, fields);
  return (await as(person)).request({
    method: 'POST',
    url: `/api/cards/${cardId}/files`,
    payload: body.payload,
    headers: body.headers,
  });
}

/** A download as raw bytes (the harness would try to read them as JSON). */
async function download(person: Person, url: string, options: { tenant?: string | null } = {}) {
  const client = await t.as(emails[person]);
  const tenant = options.tenant === undefined ? sunrise : options.tenant;
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: tenant ? { 'x-tenant-id': tenant } : {},
    cookies: client.cookies,
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json: () => res.json() };
}

/** A PDF of exactly `size` bytes. */
function pdfOfSize(size: number): Buffer {
  const head = pdfBytes();
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}

/** A valid value for every required field of a template (as the cards tests fill them). */
function requiredValues(template: any) {
  const values: Record<string, unknown> = {};
  for (const field of template.fields) {
    if (!field.required) continue;
    const min = field.validation?.minLength ?? 0;
    const text = `Value for ${field.name}. `
      .repeat(Math.ceil((min + 1) / 20))
      .slice(0, Math.max(min + 5, 20));
    if (field.type === 'date') values[field.id] = '2026-01-15';
    else if (field.type === 'checkbox') values[field.id] = true;
    else if (field.type === 'select') values[field.id] = field.options[0];
    else if (field.type === 'multi-select') values[field.id] = [field.options[0]];
    else if (field.type === 'signature')
      values[field.id] = {
        kind: 'typed',
        typed: 'Priya Practitioner',
        signerName: 'Priya Practitioner',
      };
    else if (field.id === 'participant-ndis') values[field.id] = '430123456';
    else values[field.id] = field.validation?.maxLength ? text.slice(0, field.validation.maxLength) : text;
  }
  return values;
}

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'wattle-files-api-'));
  t = await startTestApp({ env: { FILES_DIR: filesDir } });
  sunrise = await t.tenantId('Sunrise Support Network');
  bluegum = await t.tenantId('Bluegum Disability Services');
  const teams = (await (await as('olivia')).get('/api/teams')).body.data as any[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team").id;
});
afterAll(async () => {
  await t.close();
  await rm(filesDir, { recursive: true, force: true });
});

describe('uploads', () => {
  it('attaches a PDF with a system comment, and another member downloads the same bytes', async () => {
    const card = await newCard();
    const bytes = pdfBytes('Visit summary');
    const res = await upload('sophie', card.id, { name: 'C:\\fakepath\\Visit summary.pdf', bytes });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { file, comment } = res.body.data;
    expect(file).toMatchObject({
      cardId: card.id,
      name: 'Visit summary.pdf',
      originalName: 'Visit summary.pdf',
      type: 'pdf',
      contentType: 'application/pdf',
      size: bytes.length,
      url: `/api/files/${file.id}`,
      uploadedByName: 'Sophie Support',
      virusScanStatus: 'not-scanned',
      downloadCount: 0,
      requirementId: null,
    });
    expect(file.metadata.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(comment).toMatchObject({
      type: 'system',
      content: 'Attached Visit summary.pdf',
      userName: 'Sophie Support',
      userRole: 'Support Worker',
      metadata: { fileId: file.id, filename: 'Visit summary.pdf', url: `/api/files/${file.id}` },
    });

    // Stored under the tenant's folder, byte for byte.
    const stored = await readdir(path.join(filesDir, sunrise));
    expect(stored.length).toBeGreaterThan(0);
    const thread = await (await as('lee')).get(`/api/cards/${card.id}/comments`);
    expect(thread.body.data.map((c: any) => c.content)).toEqual(['Attached Visit summary.pdf']);

    const got = await download('lee', `/api/files/${file.id}`);
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.bytes, bytes)).toBe(0);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Visit summary.pdf"; filename*=UTF-8''Visit%20summary.pdf`,
    );
    expect(got.headers['x-content-type-options']).toBe('nosniff');

    // A plain link: the tenant in the query, no header.
    const link = await download('priya', `/api/files/${file.id}?tenantId=${sunrise}`, { tenant: null });
    expect(link.status).toBe(200);
    expect(Buffer.compare(link.bytes, bytes)).toBe(0);

    const list = await (await as('priya')).get(`/api/cards/${card.id}/files`);
    expect(list.body.data).toMatchObject([{ id: file.id, downloadCount: 2 }]);
    expect(list.body.data[0].metadata.lastAccessed).not.toBeNull();
    const audit = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'file'), eq(auditLog.entityId, file.id))),
    );
    expect(audit.map((a) => a.action).sort()).toEqual(['downloaded', 'downloaded', 'uploaded']);
    const commentAudit = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'comment'), eq(auditLog.entityId, comment.id))),
    );
    expect(commentAudit).toMatchObject([
      {
        action: 'created',
        changes: [{ field: 'content', oldValue: null, newValue: 'Attached Visit summary.pdf' }],
        metadata: { cardId: card.id, workItemId: card.workItemId, type: 'system', fileId: file.id },
      },
    ]);
  });

  it('accepts DOCX and DOC by their content', async () => {
    const card = await newCard();
    const docx = await upload('sophie', card.id, { name: 'notes.docx', bytes: docxBytes() });
    expect(docx.status, JSON.stringify(docx.body)).toBe(201);
    expect(docx.body.data.file).toMatchObject({
      type: 'docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const doc = await upload('sophie', card.id, { name: 'old notes.doc', bytes: docBytes() });
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    expect(doc.body.data.file).toMatchObject({ type: 'doc', contentType: 'application/msword' });
    const got = await download('lee', docx.body.data.file.url);
    expect(Buffer.compare(got.bytes, docxBytes())).toBe(0);
  });

  it('names a file after the format of its content, whatever extension the uploader typed', async () => {
    const card = await newCard();
    const hta = await upload('sophie', card.id, { name: 'invoice.hta', bytes: pdfBytes('Invoice') });
    expect(hta.status, JSON.stringify(hta.body)).toBe(201);
    const { file, comment } = hta.body.data;
    expect(file).toMatchObject({ name: 'invoice.pdf', originalName: 'invoice.pdf', type: 'pdf' });
    expect(comment).toMatchObject({
      content: 'Attached invoice.pdf',
      metadata: { fileId: file.id, filename: 'invoice.pdf' },
    });
    const got = await download('lee', file.url);
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="invoice.pdf"; filename*=UTF-8''invoice.pdf`,
    );
    // What was typed stays in the audit trail.
    const [audit] = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'file'), eq(auditLog.entityId, file.id), eq(auditLog.action, 'uploaded')),
        ),
    );
    expect(audit?.metadata).toMatchObject({ name: 'invoice.pdf', uploadedAs: 'invoice.hta' });

    // A missing extension is added; a Word document named .pdf is offered as .docx.
    const bare = await upload('sophie', card.id, { name: 'Care plan', bytes: docBytes() });
    expect(bare.body.data.file.name).toBe('Care plan.doc');
    const wrong = await upload('sophie', card.id, { name: 'notes.pdf', bytes: docxBytes() });
    expect(wrong.body.data.file.name).toBe('notes.docx');
    expect(wrong.body.data.comment.content).toBe('Attached notes.docx');
    const thread = await (await as('lee')).get(`/api/cards/${card.id}/comments`);
    expect(thread.body.data.map((c: any) => c.content)).toEqual([
      'Attached invoice.pdf',
      'Attached Care plan.doc',
      'Attached notes.docx',
    ]);
  });

  it('refuses a renamed executable, an empty file, a missing file and a file over 10 MB, storing nothing', async () => {
    const card = await newCard();
    const exe = await upload('sophie', card.id, {
      name: 'report.pdf',
      bytes: exeBytes(),
      type: 'application/pdf',
    });
    expect(exe.status).toBe(415);
    expect(exe.body.error).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only PDF, DOC and DOCX files can be attached',
    });
    const empty = await upload('sophie', card.id, { name: 'empty.pdf', bytes: Buffer.alloc(0) });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('The file is empty');
    const missing = await upload('sophie', card.id, null, { note: 'no file' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Choose a file to attach');
    const json = await (await as('sophie')).post(`/api/cards/${card.id}/files`, { file: 'x' });
    expect(json.status).toBe(400);
    for (const headers of [
      { 'content-type': 'multipart/form-data' },
      { 'content-type': 'multipart/form-data; boundary=abc' },
    ]) {
      const malformed = await (await as('sophie')).request({
        method: 'POST',
        url: `/api/cards/${card.id}/files`,
        headers,
        payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
      });
      expect(malformed.status, JSON.stringify(malformed.body)).toBe(400);
    }

    const big = await upload('sophie', card.id, { name: 'big.pdf', bytes: pdfOfSize(10_485_761) });
    expect(big.status).toBe(413);
    expect(big.body.error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The file is larger than the 10 MB limit',
    });
    // Beyond the 20 MB cut-off the stream itself is stopped.
    const huge = await upload('sophie', card.id, { name: 'huge.pdf', bytes: pdfOfSize(20_971_530) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.message).toBe('The file is larger than the 10 MB limit');
    // Exactly 10 MB is allowed.
    expect(
      (await upload('sophie', card.id, { name: 'limit.pdf', bytes: pdfOfSize(10_485_760) })).status,
    ).toBe(201);

    const list = await (await as('sophie')).get(`/api/cards/${card.id}/files`);
    expect(list.body.data.map((f: any) => f.name)).toEqual(['limit.pdf']);
    const thread = await (await as('sophie')).get(`/api/cards/${card.id}/comments`);
    expect(thread.body.data.map((c: any) => c.content)).toEqual(['Attached limit.pdf']);
  });

  it('lets only card writers upload', async () => {
    const plan = await sharedPlanCard();
    const file = { name: 'x.pdf', bytes: pdfBytes() };
    expect((await upload('fiona', plan.id, file)).status).toBe(403);
    expect((await upload('aria', plan.id, file)).status).toBe(403);
    expect((await upload('gus', plan.id, file)).status).toBe(404);
    expect((await upload('ben', plan.id, file)).status).toBe(404);
    expect((await (await as('sophie')).get(`/api/cards/${plan.id}/files`)).body.data).toEqual([]);
  });

  it("completes a template's required document, up to 20 MB, and undoes it when the file is deleted", async () => {
    const plan = await newCard({ title: 'Comprehensive plan', templateId: 'comprehensive-bsp' });
    const unknown = await upload(
      'priya',
      plan.id,
      { name: 'x.pdf', bytes: pdfBytes() },
      { requirementId: 'nope' },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('This card\'s template has no required document "nope"');
    const tooBig = await upload(
      'priya',
      plan.id,
      { name: 'fba.pdf', bytes: pdfOfSize(20_971_521) },
      {
        requirementId: 'fba-report',
      },
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe('The file is larger than the 20 MB limit');

    const res = await upload(
      'priya',
      plan.id,
      { name: 'FBA report.pdf', bytes: pdfOfSize(15_000_000) },
      {
        requirementId: 'fba-report',
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.file).toMatchObject({ requirementId: 'fba-report', category: 'required-document' });
    const card = (await (await as('priya')).get(`/api/cards/${plan.id}`)).body.data;
    expect(card.completedRequirements.documents).toEqual(['fba-report']);
    expect(card.version).toBe(plan.version + 1);
    const cardAudit = (await (await as('olivia')).get(`/api/cards/${plan.id}/audit`)).body.data;
    expect(cardAudit[0].changes).toEqual([
      { field: 'completedRequirements.documents', oldValue: [], newValue: ['fba-report'] },
    ]);

    // The uploader is no team admin, but may take back their own file.
    expect((await (await as('priya')).delete(`/api/files/${res.body.data.file.id}`)).status).toBe(204);
    const after = (await (await as('priya')).get(`/api/cards/${plan.id}`)).body.data;
    expect(after.completedRequirements.documents).toEqual([]);
  });

  it('lets a plan into review once its required document is uploaded', async () => {
    const bsp = (await (await as('priya')).get('/api/templates/comprehensive-bsp')).body.data;
    // Priya creates it: the practitioner's signature is a clinician's, and her own.
    const plan = await newCard(
      { title: 'Comprehensive plan', templateId: 'comprehensive-bsp', fieldValues: requiredValues(bsp) },
      'priya',
    );
    const priya = await as('priya');
    const started = await priya.patch(`/api/cards/${plan.id}`, {
      version: plan.version,
      status: 'in-progress',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const refused = await priya.patch(`/api/cards/${plan.id}`, {
      version: started.body.data.version,
      status: 'pending-review',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      'Upload the required documents before review: Functional Behaviour Assessment Report',
    );
    const uploaded = await upload(
      'priya',
      plan.id,
      { name: 'FBA.docx', bytes: docxBytes('FBA') },
      {
        requirementId: 'fba-report',
      },
    );
    expect(uploaded.status).toBe(201);
    const review = await priya.patch(`/api/cards/${plan.id}`, {
      version: started.body.data.version + 1,
      status: 'pending-review',
    });
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    expect(review.body.data.status).toBe('pending-review');
  });
});

describe('downloads and deletes', () => {
  it('refuses downloads to other tenants and to people who cannot open the card, with 404', async () => {
    const task = await newCard();
    const { file } = (await upload('sophie', task.id, { name: 'private.pdf', bytes: pdfBytes() })).body.data;
    const ben = await download('ben', file.url, { tenant: sunrise });
    expect(ben.status).toBe(404);
    expect(ben.json().error.message).toBe('Organisation not found');
    const benOwn = await download('ben', file.url, { tenant: bluegum });
    expect(benOwn.status).toBe(404);
    expect(benOwn.json().error.message).toBe('File not found');
    expect((await download('gus', file.url)).status).toBe(404);
    const fiona = await download('fiona', file.url);
    expect(fiona.status).toBe(404);
    expect(fiona.json().error.message).toBe('File not found');
    expect((await download('lee', `/api/files/${randomUUID()}`)).status).toBe(404);
    expect((await (await as('fiona')).get(`/api/cards/${task.id}/files`)).status).toBe(404);

    // A family guardian opens a behaviour support plan shared with family, and so its files.
    const plan = await sharedPlanCard();
    const shared = (await upload('sophie', plan.id, { name: 'plan.pdf', bytes: pdfBytes('plan') })).body.data
      .file;
    expect((await download('fiona', shared.url)).status).toBe(200);
    expect((await (await as('fiona')).get(`/api/cards/${plan.id}/files`)).body.data).toHaveLength(1);
  });

  it('lets the uploader or a team admin delete a file, which takes its comment with it', async () => {
    const card = await newCard();
    const first = (await upload('sophie', card.id, { name: 'one.pdf', bytes: pdfBytes('1') })).body.data;
    const second = (await upload('sophie', card.id, { name: 'two.pdf', bytes: pdfBytes('2') })).body.data;

    const priya = await (await as('priya')).delete(`/api/files/${first.file.id}`);
    expect(priya.status).toBe(403);
    expect(priya.body.error.message).toBe(
      'Only the person who uploaded this file or a team admin can delete it',
    );
    expect((await (await as('aria')).delete(`/api/files/${first.file.id}`)).status).toBe(403);
    expect((await (await as('ben')).delete(`/api/files/${first.file.id}`)).status).toBe(404);

    expect((await (await as('sophie')).delete(`/api/files/${first.file.id}`)).status).toBe(204);
    expect((await (await as('lee')).delete(`/api/files/${second.file.id}`)).status).toBe(204);
    expect((await (await as('lee')).delete(`/api/files/${second.file.id}`)).status).toBe(404);
    expect((await (await as('lee')).get(`/api/cards/${card.id}/files`)).body.data).toEqual([]);
    expect((await (await as('lee')).get(`/api/cards/${card.id}/comments`)).body.data).toEqual([]);
    expect((await download('lee', first.file.url)).status).toBe(404);
    // System comments belong to nobody: not even the uploader edits or deletes one.
    const third = (await upload('sophie', card.id, { name: 'three.pdf', bytes: pdfBytes('3') })).body.data;
    const edit = await (await as('sophie')).patch(`/api/cards/${card.id}/comments/${third.comment.id}`, {
      content: 'Changed',
    });
    expect(edit.status).toBe(403);
    expect(edit.body.error.message).toBe('System comments cannot be edited');
    // The bytes stay in storage for the retention period.
    const stored = await readdir(path.join(filesDir, sunrise));
    const contents = await Promise.all(stored.map((name) => readFile(path.join(filesDir, sunrise, name))));
    expect(contents.some((b) => Buffer.compare(b, pdfBytes('1')) === 0)).toBe(true);
  });
});

describe('documentation', () => {
  it('documents the comment and file routes in the OpenAPI document', async () => {
    const doc = (await t.anonymous().get('/api/openapi.json')).body;
    for (const [route, method, tag] of [
      ['/api/cards/{id}/comments', 'get', 'comments'],
      ['/api/cards/{id}/comments', 'post', 'comments'],
      ['/api/cards/{id}/comments/{commentId}', 'patch', 'comments'],
      ['/api/cards/{id}/comments/{commentId}', 'delete', 'comments'],
      ['/api/cards/{id}/comments/{commentId}/reaction', 'put', 'comments'],
      ['/api/cards/{id}/comments/{commentId}/reaction', 'delete', 'comments'],
      ['/api/cards/{id}/mentionable', 'get', 'comments'],
      ['/api/cards/{id}/files', 'post', 'files'],
      ['/api/cards/{id}/files', 'get', 'files'],
      ['/api/files/{id}', 'get', 'files'],
      ['/api/files/{id}', 'delete', 'files'],
    ] as const) {
      const operation = doc.paths[route]?.[method];
      expect(operation, `${method} ${route}`).toBeDefined();
      expect(operation.tags).toEqual([tag]);
      expect(operation.description.length).toBeGreaterThan(20);
    }
    // An edit's mentions, and the card a notification links to, are in the document too.
    const patchBody = JSON.stringify(doc.paths['/api/cards/{id}/comments/{commentId}'].patch.requestBody);
    expect(patchBody).toContain('"mentions"');
    const inbox = JSON.stringify(doc.paths['/api/notifications'].get.responses['200']);
    expect(inbox).toContain('"cardId"');
  });
});
