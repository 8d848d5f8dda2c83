import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../test/harness';
import { auditLog } from '../db/schema/audit';
import { cards } from '../db/schema/cards';
import { cardComments, cardFiles } from '../db/schema/comments';
import { pdfBytes } from '../features/files/test-documents';
import { uploadTo } from '../features/files/test-upload';
import { runFileRetention } from './file-retention-job';

let t: TestApp;
let filesDir: string;
let sunrise: string;
let jordanTeam: string;
const dayMs = 86_400_000;

const as = async (email: string): Promise<TestClient> => (await t.as(email)).inTenant(sunrise);
const lee = () => as('lee.lead@sunrise.example');
const priya = () => as('priya.practitioner@sunrise.example');

async function newCard(client: TestClient, body: Record<string, unknown> = {}) {
  const res = await client.post('/api/cards', { teamId: jordanTeam, title: 'Retention check', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
}

async function upload(client: TestClient, cardId: string, name: string, fields: Record<string, string> = {}) {
  const res = await uploadTo(client, cardId, { name, bytes: pdfBytes(name) }, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.file as { id: string };
}

async function rows(ids: string[]) {
  return t.readInTenant(sunrise, (tx) =>
    tx
      .select()
      .from(cardFiles)
      .where(and(eq(cardFiles.tenantId, sunrise), inArray(cardFiles.id, ids))),
  );
}

const storedPath = (key: string) => path.join(filesDir, key);
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'wattle-retention-'));
  t = await startTestApp({ env: { FILES_DIR: filesDir } });
  sunrise = await t.tenantId('Sunrise Support Network');
  const teams = (await (await lee()).get('/api/teams')).body.data as { id: string; name: string }[];
  jordanTeam = teams.find((x) => x.name === "Jordan's Care Team")!.id;
});
afterAll(async () => {
  await t.close();
  await rm(filesDir, { recursive: true, force: true });
});

describe('the file retention job', () => {
  it('deletes only the files past retention that allow auto-delete or were deleted, once, audited', async () => {
    const card = await newCard(await lee());
    const attachment = await upload(await lee(), card.id, 'Old attachment.pdf');
    const removed = await upload(await lee(), card.id, 'Deleted by lead.pdf');
    expect((await (await lee()).delete(`/api/files/${removed.id}`)).status).toBe(204);
    const plan = await newCard(await priya(), {
      title: 'Comprehensive plan',
      templateId: 'comprehensive-bsp',
    });
    const fba = await upload(await priya(), plan.id, 'FBA report.pdf', { requirementId: 'fba-report' });
    const ids = [attachment.id, removed.id, fba.id];
    const before = await rows(ids);
    const keys = new Map(before.map((r) => [r.id, r.storageKey]));
    for (const key of keys.values()) expect(await exists(storedPath(key))).toBe(true);

    // Today, and the day before retention ends: nothing is due.
    const uploadedAt = Math.max(...before.map((r) => r.uploadedAt.getTime()));
    expect((await runFileRetention(t.database.db, t.app.storage)).deleted).toBe(0);
    const almost = new Date(Math.min(...before.map((r) => r.uploadedAt.getTime())) + 2554 * dayMs);
    expect((await runFileRetention(t.database.db, t.app.storage, { now: almost })).deleted).toBe(0);

    // The clock moved past 2555 days.
    const later = new Date(uploadedAt + 2556 * dayMs);
    const run = await runFileRetention(t.database.db, t.app.storage, { now: later });
    expect(run.failed).toBe(0);
    expect(run.deleted).toBe(2);

    const after = new Map((await rows(ids)).map((r) => [r.id, r]));
    expect(after.get(attachment.id)).toMatchObject({ purgedAt: later, deletedAt: later });
    expect(after.get(removed.id)?.purgedAt).toEqual(later);
    // Deleted by a person earlier: that time is kept.
    expect(after.get(removed.id)?.deletedAt?.getTime()).toBeLessThan(later.getTime());
    // The required document does not allow auto-delete: kept, bytes and all, until an admin decides.
    expect(after.get(fba.id)).toMatchObject({ purgedAt: null, deletedAt: null, autoDelete: false });
    expect(await exists(storedPath(keys.get(attachment.id)!))).toBe(false);
    expect(await exists(storedPath(keys.get(removed.id)!))).toBe(false);
    expect(await exists(storedPath(keys.get(fba.id)!))).toBe(true);

    // Gone from the card and from file storage; the required document is listed as past retention.
    expect((await (await lee()).get(`/api/cards/${card.id}/files`)).body.data).toEqual([]);
    const thread = await (await lee()).get(`/api/cards/${card.id}/comments`);
    expect(thread.body.data.map((c: { content: string }) => c.content)).toEqual([]);
    const listed = await (await as('olivia.owner@sunrise.example')).get('/api/files');
    expect(listed.body.data.map((f: { name: string }) => f.name)).toEqual(['FBA report.pdf']);
    // The tallied total (migration 0033) followed the job's deletions.
    expect(listed.body.meta.total).toBe(1);

    const audit = await t.readInTenant(sunrise, (tx) =>
      tx
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.tenantId, sunrise),
            eq(auditLog.entity, 'file'),
            eq(auditLog.action, 'retention-deleted'),
          ),
        ),
    );
    expect(audit.map((a) => a.entityId).sort()).toEqual([attachment.id, removed.id].sort());
    const entry = audit.find((a) => a.entityId === attachment.id)!;
    expect(entry.actorId).toBeNull();
    expect(entry.metadata).toMatchObject({
      name: 'Old attachment.pdf',
      retentionDays: 2555,
      autoDelete: true,
    });
    expect(entry.changes).toEqual([
      { field: 'deletedAt', oldValue: null, newValue: later.toISOString() },
      { field: 'purgedAt', oldValue: null, newValue: later.toISOString() },
    ]);

    // Again (a restart, a second instance): nothing twice.
    const again = await runFileRetention(t.database.db, t.app.storage, {
      now: new Date(later.getTime() + dayMs),
    });
    expect(again.deleted).toBe(0);
  });

  it("removes a required document's completion when its retention allows auto-delete", async () => {
    const plan = await newCard(await priya(), { title: 'Short-kept plan', templateId: 'comprehensive-bsp' });
    const fba = await upload(await priya(), plan.id, 'Short FBA.pdf', { requirementId: 'fba-report' });
    // As a template keeping it 30 days with auto-delete would have recorded it.
    const [row] = await t.readInTenant(sunrise, (tx) =>
      tx
        .update(cardFiles)
        .set({ retentionDays: 30, autoDelete: true })
        .where(and(eq(cardFiles.tenantId, sunrise), eq(cardFiles.id, fba.id)))
        .returning(),
    );
    const deleteAfter = new Date(row!.uploadedAt.getTime() + 30 * dayMs);
    await t.readInTenant(sunrise, (tx) =>
      tx
        .update(cardFiles)
        .set({ deleteAfter })
        .where(and(eq(cardFiles.tenantId, sunrise), eq(cardFiles.id, fba.id))),
    );
    const cardBefore = (await (await priya()).get(`/api/cards/${plan.id}`)).body.data;
    expect(cardBefore.completedRequirements.documents).toEqual(['fba-report']);

    // A quarantined upload for the same document (bytes never kept) does not keep it complete.
    await t.readInTenant(sunrise, (tx) =>
      tx.insert(cardFiles).values({
        tenantId: sunrise,
        cardId: plan.id,
        name: 'Infected FBA.pdf',
        originalName: 'Infected FBA.pdf',
        description: row!.description,
        category: row!.category,
        format: 'pdf',
        contentType: 'application/octet-stream',
        size: row!.size,
        checksum: row!.checksum,
        storageKey: `${row!.storageKey}-quarantined`,
        requirementId: 'fba-report',
        virusScanStatus: 'infected',
        uploadedBy: row!.uploadedBy,
        purgedAt: new Date(),
      }),
    );
    // A blob already gone (a run stopped after removing it) does not stop the job.
    await rm(storedPath(row!.storageKey));
    const run = await runFileRetention(t.database.db, t.app.storage, {
      now: new Date(deleteAfter.getTime() + 1),
    });
    expect(run).toMatchObject({ deleted: 1, failed: 0 });

    const cardAfter = (await (await priya()).get(`/api/cards/${plan.id}`)).body.data;
    expect(cardAfter.completedRequirements.documents).toEqual([]);
    expect(cardAfter.version).toBe(cardBefore.version + 1);
    const [comment] = await t.readInTenant(sunrise, (tx) =>
      tx
        .select({ deletedAt: cardComments.deletedAt })
        .from(cardComments)
        .where(and(eq(cardComments.tenantId, sunrise), eq(cardComments.cardId, plan.id))),
    );
    expect(comment?.deletedAt).not.toBeNull();
    const [card] = await t.readInTenant(sunrise, (tx) =>
      tx.select({ documents: cards.completedRequirements }).from(cards).where(eq(cards.id, plan.id)),
    );
    expect(card?.documents.documents).toEqual([]);
  });
});
