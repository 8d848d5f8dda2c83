import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eicarSignatureName,
  eicarTestString,
  type RunningClamd,
  skipClamdTests,
  startClamd,
} from '../../../test/clamd-server';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { maintenanceActor, withTenant } from '../../db/with-tenant';
import { pdfBytes } from './test-documents';
import { scanPendingFiles } from './virus-scan';

/**
 * Virus scanning against a REAL clamd (Debian's clamav-daemon), started by the test with a signature
 * database holding only the EICAR test signature. If clamd cannot start, these tests fail saying why;
 * WATTLE_SKIP_CLAMD_TESTS=1 skips them (README, "Tests").
 */
let clamd: RunningClamd;
let t: TestApp;
let filesDir: string;
let sunrise: string;
let jordanTeam: string;

const lee = 'lee.lead@sunrise.example';
const sophie = 'sophie.support@sunrise.example';
/** Nothing listens here: clamd "down". */
const deadClamd = 'tcp://127.0.0.1:9';

async function as(email: string): Promise<TestClient> {
  return (await t.as(email)).inTenant(sunrise);
}

/** A PDF that carries the EICAR string (a scanner reports it wherever it sits in the file). */
const infectedPdf = () =>
  Buffer.concat([pdfBytes('Looks harmless'), Buffer.from(`${eicarTestString}\n`, 'latin1')]);

function multipart(file: { name: string; bytes: Buffer }) {
  const boundary = `----wattle${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(email: string, cardId: string, file: { name: string; bytes: Buffer }) {
  return (await as(email)).request({ method: 'POST', url: `/api/cards/${cardId}/files`, ...multipart(file) });
}

async function download(email: string, fileId: string) {
  const client = await t.as(email);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/files/${fileId}`,
    headers: { 'x-tenant-id': sunrise },
    cookies: client.cookies,
  });
  return { status: res.statusCode, bytes: res.rawPayload, json: () => res.json() };
}

async function newCard() {
  const res = await (await as(lee)).post('/api/cards', { teamId: jordanTeam, title: 'Scanned visit' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
}

const storedFileCount = async () => {
  const tenantDir = path.join(filesDir, sunrise.toLowerCase());
  return (await readdir(tenantDir).catch(() => [])).length;
};

async function auditOf(fileId: string) {
  return withTenant(t.database.db, sunrise, maintenanceActor, (tx) =>
    tx
      .select({ action: auditLog.action, metadata: auditLog.metadata })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'file'), eq(auditLog.entityId, fileId))),
  );
}

async function notificationsOf(email: string) {
  return (await (await as(email)).get('/api/notifications')).body.data as any[];
}

describe.skipIf(skipClamdTests)('virus scanning with clamd (CLAMAV_URL)', () => {
  beforeAll(async () => {
    clamd = await startClamd();
    filesDir = await mkdtemp(path.join(tmpdir(), 'wattle-virus-scan-'));
    t = await startTestApp({ env: { FILES_DIR: filesDir, CLAMAV_URL: clamd.url } });
    sunrise = await t.tenantId('Sunrise Support Network');
    const teams = (await (await as(lee)).get('/api/teams')).body.data as any[];
    jordanTeam = teams.find((x) => x.name === "Jordan's Care Team").id;
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await clamd?.stop();
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  it('a clean file is scanned, marked clean and downloads as before', async () => {
    const card = await newCard();
    const bytes = pdfBytes('A clean care plan');
    const res = await upload(sophie, card.id, { name: 'plan.pdf', bytes });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.file.virusScanStatus).toBe('clean');
    const got = await download(lee, res.body.data.file.id);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(bytes)).toBe(true);
  });

  it('a file carrying the EICAR string is quarantined: refused, never stored, the uploader told', async () => {
    const card = await newCard();
    const before = await storedFileCount();
    const res = await upload(sophie, card.id, { name: 'eicar.pdf', bytes: infectedPdf() });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.code).toBe('FILE_INFECTED');
    expect(res.body.error.message).toBe(
      `"eicar.pdf" contains a virus (${eicarSignatureName}.UNOFFICIAL) and was quarantined: nobody can download it`,
    );
    // No bytes kept, nothing on the card, no 'Attached' comment.
    expect(await storedFileCount()).toBe(before);
    const files = (await (await as(lee)).get(`/api/cards/${card.id}/files`)).body.data as any[];
    expect(files).toEqual([]);
    const comments = (await (await as(lee)).get(`/api/cards/${card.id}/comments`)).body.data as any[];
    expect(comments.some((c) => String(c.content).includes('eicar.pdf'))).toBe(false);

    // The uploader's in-app notification links to the card.
    const notice = (await notificationsOf(sophie)).find((n) => String(n.message).includes('eicar.pdf'));
    expect(notice).toMatchObject({ priority: 'high', cardId: card.id });

    // Recorded as quarantined (audited with the signature) and never downloadable.
    const quarantined = await withTenant(t.database.db, sunrise, maintenanceActor, (tx) =>
      tx
        .select({ entityId: auditLog.entityId, metadata: auditLog.metadata })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'file'), eq(auditLog.action, 'quarantined'))),
    );
    const entry = quarantined.find((a) => (a.metadata as any).cardId === card.id);
    expect(entry?.metadata).toMatchObject({
      name: 'eicar.pdf',
      signature: `${eicarSignatureName}.UNOFFICIAL`,
    });
    const got = await download(lee, entry!.entityId);
    expect(got.status).toBe(422);
    expect(got.json().error).toMatchObject({
      code: 'FILE_INFECTED',
      message: 'This file was quarantined because a virus was found in it; it cannot be downloaded',
    });
  });

  it('when clamd cannot be reached a file is kept pending (not downloadable) until the job scans it', async () => {
    const card = await newCard();
    t.config.clamavUrl = deadClamd;
    let cleanId: string;
    let infectedId: string;
    try {
      const clean = await upload(sophie, card.id, { name: 'notes.pdf', bytes: pdfBytes('Notes') });
      expect(clean.status, JSON.stringify(clean.body)).toBe(201);
      expect(clean.body.data.file.virusScanStatus).toBe('pending');
      cleanId = clean.body.data.file.id;
      const infected = await upload(sophie, card.id, { name: 'later.pdf', bytes: infectedPdf() });
      expect(infected.status).toBe(201);
      infectedId = infected.body.data.file.id;
    } finally {
      t.config.clamavUrl = clamd.url;
    }
    const locked = await download(lee, cleanId);
    expect(locked.status).toBe(423);
    expect(locked.json().error).toEqual({
      code: 'SCAN_PENDING',
      message: 'This file is still being checked for viruses; it can be downloaded once the check finishes',
    });

    // The job with clamd still down changes nothing and says so.
    const down = await scanPendingFiles({ db: t.database.db, storage: t.app.storage, clamavUrl: deadClamd });
    expect(down).toEqual({ clean: 0, infected: 0, failed: 1 });
    expect((await download(lee, cleanId)).status).toBe(423);

    const before = await storedFileCount();
    const ran = await scanPendingFiles({ db: t.database.db, storage: t.app.storage, clamavUrl: clamd.url });
    expect(ran).toEqual({ clean: 1, infected: 1, failed: 0 });
    expect(await storedFileCount()).toBe(before - 1);

    expect((await download(lee, cleanId)).status).toBe(200);
    expect((await download(lee, infectedId)).status).toBe(422);
    const files = (await (await as(lee)).get(`/api/cards/${card.id}/files`)).body.data as any[];
    expect(files.map((f) => [f.name, f.virusScanStatus])).toEqual([['notes.pdf', 'clean']]);
    const comments = (await (await as(lee)).get(`/api/cards/${card.id}/comments`)).body.data as any[];
    expect(comments.some((c) => String(c.content).includes('later.pdf'))).toBe(false);
    expect(comments.some((c) => String(c.content).includes('notes.pdf'))).toBe(true);
    expect((await notificationsOf(sophie)).some((n) => String(n.message).includes('"later.pdf"'))).toBe(true);
    expect((await auditOf(infectedId)).map((a) => a.action)).toContain('quarantined');
    expect((await auditOf(cleanId)).map((a) => a.action)).toContain('scanned');

    // Run again: nothing is pending any more.
    expect(
      await scanPendingFiles({ db: t.database.db, storage: t.app.storage, clamavUrl: clamd.url }),
    ).toEqual({ clean: 0, infected: 0, failed: 0 });
  });
});
