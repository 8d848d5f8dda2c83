import { createHash } from 'node:crypto';
import { quarterOf } from '@wattle/domain/audit-packs/quarters';
import { AuditPackManifestSchema, auditPackMessages } from '@wattle/domain/audit-packs/schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { auditLog } from '../../db/schema/audit';
import { auditPacks } from '../../db/schema/audit-packs';
import { incidents } from '../../db/schema/incidents';
import { restrictivePracticeUses } from '../../db/schema/restrictive-practices';
import { createAuditPackBuilder } from '../../jobs/audit-pack-builder';
import { todayIn } from '../cards/card-values';
import { readZip } from './read-zip';

/**
 * Audit packs against the real app (issue 16 item 6): Adam (admin) builds a pack for Jordan's Care
 * Team and this quarter; it builds in the background, downloads, unzips with another library, and
 * every file's SHA-256 and size match its manifest. Evidence of Mia's team stays out of it.
 */
let t: TestApp;
let sunrise: string;
let jordanTeam: string;
let miaTeam: string;
let jordan: string;
let mia: string;
const quarter = quarterOf(todayIn('Australia/Sydney'));

const as = async (email: string): Promise<TestClient> => (await t.as(email)).inTenant(sunrise);
const adam = () => as('adam.admin@sunrise.example');
const aria = () => as('aria.auditor@sunrise.example');
const priya = () => as('priya.practitioner@sunrise.example');

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the pack until it is ready or failed, noting every progress seen. */
async function untilFinished(id: string, client: TestClient) {
  const seen: number[] = [];
  for (let i = 0; i < 600; i++) {
    const res = await client.get(`/api/audit-packs/${id}`);
    expect(res.status).toBe(200);
    seen.push(res.body.data.progress);
    if (res.body.data.status === 'ready' || res.body.data.status === 'failed')
      return { pack: res.body.data, seen };
    await sleep(100);
  }
  throw new Error('the pack did not finish within a minute');
}

async function download(id: string, client: TestClient) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/audit-packs/${id}/download`,
    headers: { 'x-tenant-id': sunrise },
    cookies: client.cookies,
  });
  return res;
}

async function newCard(teamId: string, title: string, templateId: string | null, participantId: string) {
  const res = await (await priya()).post('/api/cards', { teamId, title, templateId, participantId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

beforeAll(async () => {
  t = await startTestApp();
  sunrise = await t.tenantId('Sunrise Support Network');
  const participants = (await (await adam()).get('/api/participants?limit=200')).body.data as {
    id: string;
    name: string;
    teamId: string;
  }[];
  const jordanRow = participants.find((p) => p.name === 'Jordan Lee')!;
  jordan = jordanRow.id;
  jordanTeam = jordanRow.teamId;
  const miaRow = participants.find((p) => p.name.startsWith('Mia'))!;
  mia = miaRow.id;
  miaTeam = miaRow.teamId;

  // Evidence in the quarter: a plan, a consent form and an incident on Jordan's team, a restrictive
  // practice used with Jordan; an incident on Mia's team that must stay out of Jordan's pack.
  await newCard(jordanTeam, 'Interim plan for the audit', 'interim-bsp', jordan);
  await newCard(jordanTeam, 'Consent for the audit', 'provider-consent-form', jordan);
  const jordanIncidentCard = await newCard(jordanTeam, 'Fall in the kitchen', 'incident-report', jordan);
  const miaIncidentCard = await newCard(miaTeam, 'Mia incident kept out', 'incident-report', mia);
  const occurredAt = new Date(`${quarter.from}T03:00:00Z`);
  await t.readInTenant(sunrise, async (tx) => {
    // Making an incident-report card may already have made its register entry: set it either way.
    const entries = [
      {
        cardId: jordanIncidentCard,
        participantId: jordan,
        teamId: jordanTeam,
        category: 'injury',
        severity: 'medium' as const,
        behaviour: 'Slipped on a wet floor',
      },
      {
        cardId: miaIncidentCard,
        participantId: mia,
        teamId: miaTeam,
        category: 'other',
        severity: 'low' as const,
        behaviour: null,
      },
    ];
    for (const entry of entries)
      await tx
        .insert(incidents)
        .values({ tenantId: sunrise, occurredAt, ...entry })
        .onConflictDoUpdate({
          target: [incidents.tenantId, incidents.cardId],
          set: { occurredAt, ...entry },
        });
    await tx.insert(restrictivePracticeUses).values({
      tenantId: sunrise,
      participantId: jordan,
      teamId: jordanTeam,
      practiceType: 'environmental',
      startedAt: occurredAt,
      durationMinutes: 15,
      reason: 'Locked the kitchen knife drawer',
      authorised: true,
    });
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('audit packs', () => {
  let packId: string;

  it('builds a team pack for a quarter in the background, with progress, and lists who built it', async () => {
    const started = await (await adam()).post('/api/audit-packs', {
      scope: 'team',
      scopeId: jordanTeam,
      periodFrom: quarter.from,
      periodTo: quarter.to,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.data).toEqual({ id: expect.any(String), status: 'queued' });
    packId = started.body.data.id;

    const { pack, seen } = await untilFinished(packId, await adam());
    expect(pack).toMatchObject({
      status: 'ready',
      progress: 100,
      scope: 'team',
      scopeId: jordanTeam,
      scopeName: "Jordan's Care Team",
      periodFrom: quarter.from,
      periodTo: quarter.to,
      error: null,
      requestedBy: { name: 'Adam Admin' },
    });
    expect(pack.fileCount).toBeGreaterThanOrEqual(9);
    expect(pack.byteSize).toBeGreaterThan(1000);
    // Progress only grows.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    const list = await (await aria()).get('/api/audit-packs');
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({
      id: packId,
      status: 'ready',
      requestedBy: { name: 'Adam Admin' },
    });
    expect(list.body.meta).toMatchObject({ total: 1 });
  }, 90_000);

  it('downloads a ZIP whose manifest lists every file with a matching SHA-256 and size', async () => {
    const res = await download(packId, await aria());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(
      `audit-pack-jordan-s-care-team-${quarter.from}-to-${quarter.to}.zip`,
    );
    const files = await readZip(res.rawPayload);
    const manifest = AuditPackManifestSchema.parse(JSON.parse(files.get('manifest.json')!.toString('utf8')));
    expect(manifest.pack).toMatchObject({
      id: packId,
      scopeName: "Jordan's Care Team",
      requestedBy: 'Adam Admin',
    });
    expect(manifest.files.map((f) => f.path).sort()).toEqual(
      [...files.keys()].filter((p) => p !== 'manifest.json').sort(),
    );
    for (const file of manifest.files) {
      const bytes = files.get(file.path)!;
      expect(file.bytes, file.path).toBe(bytes.length);
      expect(file.sha256, file.path).toBe(sha256(bytes));
    }

    const paths = [...files.keys()];
    for (const path of [
      'registers/incident-register.csv',
      'registers/restrictive-practice-register.csv',
      'registers/restrictive-practice-use-log.csv',
      'registers/restrictive-practice-monthly-reports.csv',
      'registers/behaviour-support-plans.csv',
      'registers/staff-training-and-screening.csv',
      'audit-log.csv',
    ])
      expect(paths, path).toContain(path);
    const planPdf = paths.find(
      (p) => p.startsWith('plans/Jordan Lee/') && p.endsWith('Interim Behaviour Support Plan.pdf'),
    );
    expect(planPdf, paths.join('\n')).toBeDefined();
    expect(files.get(planPdf!)!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(paths.some((p) => p.startsWith('consent-forms/Jordan Lee/') && p.endsWith('.pdf'))).toBe(true);

    const incidentsCsv = files.get('registers/incident-register.csv')!.toString('utf8');
    expect(incidentsCsv).toContain('Fall in the kitchen');
    expect(incidentsCsv).toContain('Slipped on a wet floor');
    expect(incidentsCsv).not.toContain('Mia incident kept out');
    expect(files.get('registers/restrictive-practice-use-log.csv')!.toString('utf8')).toContain(
      'Locked the kitchen knife drawer',
    );
    // Registers with nothing in the period still carry their header (after a UTF-8 byte-order mark).
    const monthly = files.get('registers/restrictive-practice-monthly-reports.csv')!;
    expect([...monthly.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(monthly.subarray(3).toString('utf8').trim()).toMatch(/^Participant,Month,Status,[^\r\n]*$/);
    const staff = files.get('registers/staff-training-and-screening.csv')!.toString('utf8');
    expect(staff).toContain('Sophie');
    const audit = files.get('audit-log.csv')!.toString('utf8');
    expect(audit).toContain('Interim plan for the audit');
    expect(audit).not.toContain('Mia incident kept out');
  });

  it('audits asking for, building and downloading a pack', async () => {
    const entries = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ action: auditLog.action, actorName: auditLog.actorName })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'audit-pack'), eq(auditLog.entityId, packId))),
    );
    expect(entries).toEqual(
      expect.arrayContaining([
        { action: 'requested', actorName: 'Adam Admin' },
        { action: 'built', actorName: null },
        { action: 'downloaded', actorName: 'Aria Auditor' },
      ]),
    );
  });

  it('lets auditors build packs and refuses everyone but owners, admins and auditors', async () => {
    const body = { scope: 'participant', scopeId: jordan, periodFrom: quarter.from, periodTo: quarter.to };
    const byAuditor = await (await aria()).post('/api/audit-packs', body);
    expect(byAuditor.status).toBe(202);
    for (const email of [
      'lee.lead@sunrise.example',
      'priya.practitioner@sunrise.example',
      'sophie.support@sunrise.example',
      'fiona.family@sunrise.example',
    ]) {
      const client = await as(email);
      expect((await client.post('/api/audit-packs', body)).status, email).toBe(403);
      expect((await client.get('/api/audit-packs')).status, email).toBe(403);
      expect((await client.get(`/api/audit-packs/${packId}`)).status, email).toBe(403);
      expect((await download(packId, client)).statusCode, email).toBe(403);
    }
    await t.app.auditPackBuilder.idle();
  }, 90_000);

  it('says what is wrong with a request and keeps nothing of it', async () => {
    const client = await adam();
    const noTeam = await client.post('/api/audit-packs', {
      scope: 'team',
      periodFrom: quarter.from,
      periodTo: quarter.to,
    });
    expect(noTeam.status).toBe(400);
    expect(JSON.stringify(noTeam.body.error)).toContain(auditPackMessages.scopeIdRequired);
    const backwards = await client.post('/api/audit-packs', {
      scope: 'organisation',
      periodFrom: quarter.to,
      periodTo: quarter.from,
    });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body.error)).toContain(auditPackMessages.periodOrder);
    const unknown = await client.post('/api/audit-packs', {
      scope: 'participant',
      scopeId: '0190a0c4-1111-7000-8000-000000000009',
      periodFrom: quarter.from,
      periodTo: quarter.to,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(auditPackMessages.participantNotFound);
    expect((await client.get('/api/audit-packs/0190a0c4-1111-7000-8000-000000000009')).status).toBe(404);
    const list = await client.get('/api/audit-packs');
    expect(list.body.meta.total).toBe(2);
  });

  it('builds a pack once when two instances sweep at the same time', async () => {
    const [queued] = await t.readInTenant(sunrise, (tx) =>
      tx
        .insert(auditPacks)
        .values({
          tenantId: sunrise,
          scope: 'team',
          scopeId: miaTeam,
          scopeName: "Mia's Care Team",
          periodFrom: quarter.from,
          periodTo: quarter.to,
        })
        .returning({ id: auditPacks.id }),
    );
    // A second instance on the same database, beside the app's own builder.
    const other = createAuditPackBuilder({ database: t.database, storage: t.app.storage });
    try {
      await Promise.all([t.app.auditPackBuilder.sweep(), other.sweep()]);
      await Promise.all([t.app.auditPackBuilder.idle(), other.idle()]);
    } finally {
      await other.stop();
    }
    const { pack } = await untilFinished(queued!.id, await adam());
    expect(pack.status).toBe('ready');
    const built = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'audit-pack'), eq(auditLog.entityId, queued!.id))),
    );
    expect(built).toEqual([{ action: 'built' }]);
  }, 90_000);

  it('refuses to download a pack not built yet, and resumes a build a stopped server left behind', async () => {
    // As a server that stopped mid-build leaves it: 'building', part way, no file.
    const [left] = await t.readInTenant(sunrise, (tx) =>
      tx
        .insert(auditPacks)
        .values({
          tenantId: sunrise,
          scope: 'organisation',
          scopeName: 'Sunrise Support Network',
          periodFrom: quarter.from,
          periodTo: quarter.to,
          status: 'building',
          progress: 40,
          startedAt: new Date(Date.now() - 60_000),
        })
        .returning({ id: auditPacks.id }),
    );
    const early = await download(left!.id, await adam());
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(auditPackMessages.notReady);

    // What the server does at start: sweep every tenant for queued and half-built packs.
    expect(await t.app.auditPackBuilder.sweep()).toBeGreaterThanOrEqual(1);
    const { pack } = await untilFinished(left!.id, await adam());
    expect(pack).toMatchObject({ status: 'ready', progress: 100, requestedBy: null });
    const files = await readZip((await download(left!.id, await adam())).rawPayload);
    expect(files.has('manifest.json')).toBe(true);
    // The organisation's pack holds Mia's incident too.
    expect(files.get('registers/incident-register.csv')!.toString('utf8')).toContain('Mia incident kept out');
  }, 90_000);
});
