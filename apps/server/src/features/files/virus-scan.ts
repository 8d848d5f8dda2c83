import { can } from '@wattle/domain/auth/permissions';
import { uploadMessages, type VirusScanStatus } from '@wattle/domain/files/schemas';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cardFiles } from '../../db/schema/comments';
import { tenants } from '../../db/schema/tenants';
import { maintenanceActor, withTenant, withUser } from '../../db/with-tenant';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import type { FileStorage } from '../../storage/file-storage';
import { newStorageKey } from '../../storage/file-storage';
import { writeAudit } from '../audit/write-audit';
import { loadReadableCard, selectCardRow, toCard } from '../cards/card-records';
import { publishChange } from '../events/change-feed';
import { createNotifications } from '../notifications/create-notifications';
import { ClamdError, type ClamdVerdict, scanBuffer, scanStream } from './clamd-client';
import type { CheckedUpload } from './upload-file';
import { withdrawFileFromCard } from './withdraw-file';

/**
 * Virus scanning of uploads (issue 17): when CLAMAV_URL names a clamd, every upload is scanned before
 * anyone can download it.
 * - clean: stored and attached as usual, status 'clean';
 * - infected: quarantined: the bytes are never stored, the file is recorded as 'infected' (so file
 *   storage and the audit log show what was refused), nothing is attached to the card, the upload
 *   answers 422 FILE_INFECTED, and the uploader gets an in-app notification;
 * - clamd unreachable or failing: the file is stored and attached as 'pending', which nobody can
 *   download (423 SCAN_PENDING) until `scanPendingFiles` (a job that runs every minute) scans it
 *   from storage and marks it clean, or quarantines it (bytes removed, taken off the card, uploader
 *   told).
 * Without CLAMAV_URL every file is 'not-scanned' and downloads as before.
 */

export type UploadScan =
  | { status: 'not-scanned' }
  | { status: 'clean' }
  | { status: 'infected'; signature: string }
  | { status: 'pending'; reason: string };

interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** How long an upload waits for clamd before it is kept as 'pending' for the job. */
const uploadScanTimeoutMs = 30_000;

/** Scans an upload's bytes (read whole already) with the configured clamd. Never throws. */
export async function scanUpload(
  clamavUrl: string | undefined,
  bytes: Buffer,
  log: Log,
): Promise<UploadScan> {
  if (!clamavUrl) return { status: 'not-scanned' };
  try {
    return await scanBuffer(clamavUrl, bytes, { timeoutMs: uploadScanTimeoutMs });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ err: error }, 'virus scan failed; the upload is kept pending until clamd answers');
    return { status: 'pending', reason };
  }
}

/**
 * `GET /api/files/{id}`: only files the scan allows. 423 while the scan is pending, 422 once
 * quarantined; 'clean' and 'not-scanned' (no scanner configured) download.
 */
export function assertScanAllowsDownload(file: { virusScanStatus: VirusScanStatus }): void {
  if (file.virusScanStatus === 'pending') throw new AppError('SCAN_PENDING', uploadMessages.pending);
  if (file.virusScanStatus === 'infected') throw new AppError('FILE_INFECTED', uploadMessages.quarantined);
}

/** The in-app notice to the uploader; high priority, so the toast is shown in the destructive style. */
function quarantineNotice(tenantId: string, userId: string, cardId: string, name: string, signature: string) {
  return {
    tenantId,
    userId,
    type: 'info' as const,
    priority: 'high' as const,
    cardId,
    message: uploadMessages.infected(name, signature),
  };
}

/**
 * Records an upload clamd found infected: the file row (status 'infected', no bytes: `purgedAt` is
 * set and its storage key was never written), the audit entry naming the signature, and the
 * uploader's notification. Nothing appears on the card.
 */
export async function recordQuarantinedUpload(
  ctx: TenantContext,
  cardId: string,
  upload: CheckedUpload,
  signature: string,
): Promise<string> {
  const { card, access } = await loadReadableCard(ctx, cardId);
  if (!can(access.role, 'write:cards', access.isClinician)) throw forbidden();
  const now = new Date();
  const [file] = await ctx.tx
    .insert(cardFiles)
    .values({
      tenantId: ctx.tenantId,
      cardId,
      name: upload.name,
      originalName: upload.name,
      description: upload.document?.name ?? '',
      category: upload.document ? 'required-document' : 'attachment',
      format: upload.format,
      contentType: 'application/octet-stream',
      size: upload.bytes.length,
      checksum: upload.checksum,
      storageKey: newStorageKey(ctx.tenantId),
      requirementId: upload.document?.id ?? null,
      virusScanStatus: 'infected',
      uploadedBy: ctx.actor.id,
      purgedAt: now,
    })
    .returning({ id: cardFiles.id });
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'file',
    entityId: file!.id,
    action: 'quarantined',
    metadata: {
      cardId,
      workItemId: card.workItemId,
      name: upload.name,
      size: upload.bytes.length,
      checksum: upload.checksum,
      signature,
      when: 'upload',
    },
  });
  await createNotifications(ctx.tx, [
    quarantineNotice(ctx.tenantId, ctx.actor.id, cardId, upload.name, signature),
  ]);
  return file!.id;
}

export interface PendingScanOptions {
  db: Database;
  storage: FileStorage;
  clamavUrl: string;
  log?: Log;
  signal?: AbortSignal;
  /** Files scanned per tenant and run (the rest wait for the next run). */
  limitPerTenant?: number;
}

export interface PendingScanResult {
  clean: number;
  infected: number;
  failed: number;
}

/**
 * The job's own context inside one tenant: the server acting (the maintenance actor, no user), for
 * the card helpers that read only the transaction, the tenant and the actor.
 */
function systemContext(tx: TenantContext['tx'], tenantId: string): TenantContext {
  const used: Pick<TenantContext, 'tx' | 'tenantId' | 'actor'> = {
    tx,
    tenantId,
    actor: { ...maintenanceActor, name: 'Virus scanner' },
  };
  // Only these are read by withdrawFileFromCard, setCardDocument and announceCommentChange; nothing
  // here checks a caller's standing, since no caller is asking.
  return used as TenantContext;
}

/**
 * Scans the files left 'pending' (clamd did not answer when they were uploaded), in every tenant:
 * each read from storage and streamed to clamd, then marked clean, or quarantined. A file clamd still
 * cannot scan stays pending for the next run.
 */
export async function scanPendingFiles(options: PendingScanOptions): Promise<PendingScanResult> {
  const result: PendingScanResult = { clean: 0, infected: 0, failed: 0 };
  const directory = await withUser(options.db, maintenanceActor, (tx) =>
    tx.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id)),
  );
  for (const tenant of directory) {
    if (options.signal?.aborted) break;
    const pending = await withTenant(options.db, tenant.id, maintenanceActor, (tx) =>
      tx
        .select({ id: cardFiles.id, storageKey: cardFiles.storageKey })
        .from(cardFiles)
        .where(
          and(
            eq(cardFiles.tenantId, tenant.id),
            eq(cardFiles.virusScanStatus, 'pending'),
            isNull(cardFiles.deletedAt),
            isNull(cardFiles.purgedAt),
          ),
        )
        .orderBy(asc(cardFiles.uploadedAt))
        .limit(options.limitPerTenant ?? 100),
    );
    for (const file of pending) {
      if (options.signal?.aborted) break;
      try {
        const stream = await options.storage.get(file.storageKey);
        let verdict: ClamdVerdict;
        try {
          verdict = await scanStream(options.clamavUrl, stream);
        } finally {
          stream.destroy();
        }
        const applied = await withTenant(options.db, tenant.id, maintenanceActor, (tx) =>
          applyVerdict(systemContext(tx, tenant.id), file.id, verdict),
        );
        if (applied === 'infected') {
          // Removed only once the quarantine is committed: a failed transaction leaves it pending.
          await options.storage.delete(file.storageKey);
          result.infected += 1;
        } else if (applied === 'clean') {
          result.clean += 1;
        }
      } catch (error) {
        result.failed += 1;
        const message =
          error instanceof ClamdError ? 'clamd could not scan a pending file' : 'pending scan failed';
        options.log?.error({ err: error, fileId: file.id, tenantId: tenant.id }, message);
        // clamd itself is down: the other files would fail the same way; try again next run.
        if (error instanceof ClamdError) return result;
      }
    }
  }
  return result;
}

/** Marks one pending file with clamd's verdict (locked card, then file, as uploads and deletes lock). */
async function applyVerdict(
  ctx: TenantContext,
  fileId: string,
  verdict: ClamdVerdict,
): Promise<'clean' | 'infected' | null> {
  const [peek] = await ctx.tx
    .select({ cardId: cardFiles.cardId })
    .from(cardFiles)
    .where(and(eq(cardFiles.tenantId, ctx.tenantId), eq(cardFiles.id, fileId)));
  if (!peek) return null;
  const cardRow = await selectCardRow(ctx, peek.cardId, { forUpdate: true });
  const card = cardRow ? toCard(cardRow) : null;
  const [file] = await ctx.tx
    .select()
    .from(cardFiles)
    .where(and(eq(cardFiles.tenantId, ctx.tenantId), eq(cardFiles.id, fileId)))
    .for('update');
  // Deleted, or scanned by another instance meanwhile: nothing to do.
  if (file?.virusScanStatus !== 'pending' || file.deletedAt) return null;
  const now = new Date();

  if (verdict.status === 'clean') {
    await ctx.tx
      .update(cardFiles)
      .set({ virusScanStatus: 'clean' })
      .where(and(eq(cardFiles.tenantId, ctx.tenantId), eq(cardFiles.id, fileId)));
    await writeAudit(ctx.tx, {
      tenantId: ctx.tenantId,
      actor: ctx.actor,
      entity: 'file',
      entityId: fileId,
      action: 'scanned',
      changes: [{ field: 'virusScanStatus', oldValue: 'pending', newValue: 'clean' }],
      metadata: { cardId: file.cardId, name: file.name },
    });
  } else {
    await ctx.tx
      .update(cardFiles)
      .set({ virusScanStatus: 'infected', purgedAt: now })
      .where(and(eq(cardFiles.tenantId, ctx.tenantId), eq(cardFiles.id, fileId)));
    const commentIds = card ? await withdrawFileFromCard(ctx, card, file, now) : [];
    await writeAudit(ctx.tx, {
      tenantId: ctx.tenantId,
      actor: ctx.actor,
      entity: 'file',
      entityId: fileId,
      action: 'quarantined',
      changes: [{ field: 'virusScanStatus', oldValue: 'pending', newValue: 'infected' }],
      metadata: {
        cardId: file.cardId,
        name: file.name,
        signature: verdict.signature,
        when: 'rescan',
        commentIds,
      },
    });
    if (file.uploadedBy) {
      await createNotifications(ctx.tx, [
        quarantineNotice(ctx.tenantId, file.uploadedBy, file.cardId, file.name, verdict.signature),
      ]);
    }
  }
  // Open card pages refetch the card's files (their status changed).
  await publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: 'updated', entity: 'card', id: file.cardId, version: card?.version ?? 0 },
  });
  return verdict.status;
}
