import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { cards } from '../db/schema/cards';
import { cardComments, cardFiles } from '../db/schema/comments';
import { tenants } from '../db/schema/tenants';
import { maintenanceActor, withTenant, withUser } from '../db/with-tenant';
import { writeAuditEntries } from '../features/audit/write-audit';
import { publishChange } from '../features/events/change-feed';
import type { FileStorage } from '../storage/file-storage';

/** Files handled per transaction: a batch's bytes are removed while its rows are locked. */
const batchSize = 200;

export interface FileRetentionOptions {
  /** The moment retention is reckoned from (tests move it forward). */
  now?: Date;
  signal?: AbortSignal;
  log?: { error(details: object, message: string): void };
}

export interface FileRetentionResult {
  tenants: number;
  deleted: number;
  failed: number;
}

/**
 * The daily retention job (issue 17 item 1, decision 0029). For every tenant, in its own
 * transactions under row-level security: the files whose `delete_after` has passed and whose bytes
 * are still kept, that either allow auto-delete or were already deleted by a person, lose their
 * bytes and are marked deleted and purged, with an audit entry 'retention-deleted' by the system.
 *
 * Idempotent and safe to repeat: rows are taken `for update skip locked` (a second instance takes
 * others or none), the bytes are removed before the transaction commits (storage deletes of a key
 * already gone succeed), and a committed row is never taken again. A run stopped between the two
 * leaves the row unpurged and the next run finishes it.
 */
export async function runFileRetention(
  db: Database,
  storage: FileStorage,
  options: FileRetentionOptions = {},
): Promise<FileRetentionResult> {
  const now = options.now ?? new Date();
  const directory = await withUser(db, maintenanceActor, (tx) =>
    tx.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id)),
  );
  const result: FileRetentionResult = { tenants: 0, deleted: 0, failed: 0 };
  for (const tenant of directory) {
    if (options.signal?.aborted) break;
    result.tenants += 1;
    try {
      for (;;) {
        if (options.signal?.aborted) break;
        const done = await withTenant(db, tenant.id, maintenanceActor, (tx) =>
          purgeBatch(tx, storage, tenant.id, now),
        );
        result.deleted += done;
        if (done < batchSize) break;
      }
    } catch (err) {
      result.failed += 1;
      options.log?.error({ err, tenantId: tenant.id }, 'file retention job failed');
    }
  }
  return result;
}

/** One batch of one tenant: answers how many files it deleted. */
async function purgeBatch(tx: Tx, storage: FileStorage, tenantId: string, now: Date): Promise<number> {
  const due = await tx
    .select({
      id: cardFiles.id,
      cardId: cardFiles.cardId,
      name: cardFiles.name,
      storageKey: cardFiles.storageKey,
      size: cardFiles.size,
      checksum: cardFiles.checksum,
      requirementId: cardFiles.requirementId,
      retentionDays: cardFiles.retentionDays,
      autoDelete: cardFiles.autoDelete,
      uploadedAt: cardFiles.uploadedAt,
      deleteAfter: cardFiles.deleteAfter,
      deletedAt: cardFiles.deletedAt,
    })
    .from(cardFiles)
    .where(
      and(
        eq(cardFiles.tenantId, tenantId),
        isNull(cardFiles.purgedAt),
        lte(cardFiles.deleteAfter, now),
        or(eq(cardFiles.autoDelete, true), isNotNull(cardFiles.deletedAt)),
      ),
    )
    .orderBy(asc(cardFiles.deleteAfter), asc(cardFiles.id))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  if (due.length === 0) return 0;
  const ids = due.map((f) => f.id);

  await tx
    .update(cardFiles)
    .set({
      purgedAt: now,
      deletedAt: sql`coalesce(${cardFiles.deletedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(cardFiles.tenantId, tenantId), inArray(cardFiles.id, ids)));

  // A live file's 'Attached …' comment goes with it, as when a person deletes it (file-access.ts).
  const wasLive = due.filter((f) => f.deletedAt === null);
  const announcements =
    wasLive.length === 0
      ? []
      : await tx
          .update(cardComments)
          .set({ deletedAt: now, updatedAt: now, version: sql`${cardComments.version} + 1` })
          .where(
            and(
              eq(cardComments.tenantId, tenantId),
              eq(cardComments.type, 'system'),
              isNull(cardComments.deletedAt),
              inArray(
                sql`${cardComments.metadata}->>'fileId'`,
                wasLive.map((f) => f.id),
              ),
            ),
          )
          .returning({ id: cardComments.id, cardId: cardComments.cardId, version: cardComments.version });

  const cardVersions = await clearRequiredDocuments(tx, tenantId, wasLive, now);

  await writeAuditEntries(
    tx,
    due.map((f) => ({
      tenantId,
      actor: null,
      entity: 'file',
      entityId: f.id,
      action: 'retention-deleted',
      changes: [
        ...(f.deletedAt === null
          ? [{ field: 'deletedAt', oldValue: null, newValue: now.toISOString() }]
          : []),
        { field: 'purgedAt', oldValue: null, newValue: now.toISOString() },
      ],
      metadata: {
        cardId: f.cardId,
        name: f.name,
        size: f.size,
        checksum: f.checksum,
        uploadedAt: f.uploadedAt.toISOString(),
        retentionDays: f.retentionDays,
        autoDelete: f.autoDelete,
        deleteAfter: f.deleteAfter.toISOString(),
        ...(f.deletedAt ? { deletedAt: f.deletedAt.toISOString() } : {}),
        commentIds: announcements.filter((c) => c.cardId === f.cardId).map((c) => c.id),
      },
    })),
  );
  for (const c of announcements) {
    await publishChange(tx, {
      tenantId,
      userId: null,
      event: { type: 'deleted', entity: 'comment', id: c.cardId, version: c.version },
    });
  }
  for (const [cardId, version] of cardVersions) {
    await publishChange(tx, {
      tenantId,
      userId: null,
      event: { type: 'updated', entity: 'card', id: cardId, version },
    });
  }

  // The bytes go last, while the rows are still locked: should this fail, the transaction rolls back
  // and the next run tries again; should the commit fail after it, the next run finds the bytes gone,
  // which storage deletes accept.
  for (const f of due) await storage.delete(f.storageKey);
  return due.length;
}

/**
 * A required document whose last live file the job removed is no longer complete on its card, as
 * when a person deletes it: the card takes a new version and an audit entry by the system. Answers
 * the cards changed with their new versions.
 */
async function clearRequiredDocuments(
  tx: Tx,
  tenantId: string,
  removed: { id: string; cardId: string; requirementId: string | null }[],
  now: Date,
): Promise<Map<string, number>> {
  const changed = new Map<string, number>();
  const byCard = new Map<string, Set<string>>();
  for (const f of removed) {
    if (!f.requirementId) continue;
    const set = byCard.get(f.cardId) ?? new Set<string>();
    set.add(f.requirementId);
    byCard.set(f.cardId, set);
  }
  for (const [cardId, requirementIds] of byCard) {
    const [card] = await tx
      .select({ version: cards.version, completed: cards.completedRequirements })
      .from(cards)
      .where(and(eq(cards.tenantId, tenantId), eq(cards.id, cardId)))
      .for('update');
    if (!card) continue;
    const stillPresent = await tx
      .select({ requirementId: cardFiles.requirementId })
      .from(cardFiles)
      .where(
        and(
          eq(cardFiles.tenantId, tenantId),
          eq(cardFiles.cardId, cardId),
          isNull(cardFiles.deletedAt),
          // A quarantined upload (virus-scan.ts) never completed the document, as withdraw-file.ts counts.
          ne(cardFiles.virusScanStatus, 'infected'),
          inArray(cardFiles.requirementId, [...requirementIds]),
        ),
      );
    const kept = new Set(stillPresent.map((r) => r.requirementId));
    const before = card.completed.documents;
    const documents = before.filter((id) => !requirementIds.has(id) || kept.has(id));
    if (documents.length === before.length) continue;
    const version = card.version + 1;
    await tx
      .update(cards)
      .set({ completedRequirements: { ...card.completed, documents }, version, updatedAt: now })
      .where(and(eq(cards.tenantId, tenantId), eq(cards.id, cardId)));
    await writeAuditEntries(tx, [
      {
        tenantId,
        actor: null,
        entity: 'card',
        entityId: cardId,
        action: 'updated',
        changes: [{ field: 'completedRequirements.documents', oldValue: before, newValue: documents }],
        metadata: { version, fromVersion: card.version, reason: 'file retention ended' },
      },
    ]);
    changed.set(cardId, version);
  }
  return changed;
}
