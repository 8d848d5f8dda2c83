import { can } from '@wattle/domain/auth/permissions';
import type { CardFile } from '@wattle/domain/files/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { cardFiles } from '../../db/schema/comments';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { loadReadableCard } from '../cards/card-records';
import { type FileRow, selectCardFileRows, selectFileRow, toCardFile } from './file-records';
import { assertScanAllowsDownload } from './virus-scan';
import { withdrawFileFromCard } from './withdraw-file';

/** `GET /api/cards/{id}/files`: the card's live files, oldest first, for whoever may open the card. */
export async function listCardFiles(ctx: TenantContext, cardId: string): Promise<CardFile[]> {
  await loadReadableCard(ctx, cardId);
  return (await selectCardFileRows(ctx, cardId)).map(toCardFile);
}

/** A card check that answers 'File not found' instead of 'Card not found', so a file id reveals no card. */
async function loadFileCard(ctx: TenantContext, cardId: string, options: { forUpdate?: boolean } = {}) {
  try {
    return await loadReadableCard(ctx, cardId, options);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND')
      throw new AppError('NOT_FOUND', 'File not found');
    throw error;
  }
}

/** `GET /api/files/{id}`, step 1: the file, for someone who may open its card (404 for anyone else). */
export async function findDownloadableFile(ctx: TenantContext, id: string): Promise<FileRow['file']> {
  const row = await selectFileRow(ctx, id);
  await loadFileCard(ctx, row.file.cardId);
  // Not before clamd has passed it (when one is configured), and never once quarantined.
  assertScanAllowsDownload(row.file);
  return row.file;
}

/** `GET /api/files/{id}`, step 2, once the bytes are on their way: counted and audited as downloaded. */
export async function recordDownload(ctx: TenantContext, file: FileRow['file']): Promise<void> {
  await ctx.tx
    .update(cardFiles)
    .set({ downloadCount: sql`${cardFiles.downloadCount} + 1`, lastAccessedAt: new Date() })
    .where(and(eq(cardFiles.tenantId, ctx.tenantId), eq(cardFiles.id, file.id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'file',
    entityId: file.id,
    action: 'downloaded',
    metadata: { cardId: file.cardId, name: file.name, size: file.size },
  });
}

/**
 * `DELETE /api/files/{id}`: by the person who uploaded it (while they may still write cards on the
 * team) or a team admin. Soft: the row and the stored bytes stay for the retention period (2555 days),
 * only nobody can list or download it. Its 'Attached …' comment goes with it, and a required document
 * whose last file this was is no longer complete on the card.
 */
export async function deleteCardFile(ctx: TenantContext, id: string): Promise<void> {
  const { file: found } = await selectFileRow(ctx, id);
  // The card is locked first, as uploads lock it, so the two never wait on each other in turn.
  const { card, access } = await loadFileCard(ctx, found.cardId, { forUpdate: true });
  const { file } = await selectFileRow(ctx, id, { forUpdate: true });
  const isUploader = file.uploadedBy === ctx.actor.id && can(access.role, 'write:cards', access.isClinician);
  if (!isUploader && !can(access.role, 'manage:team', access.isClinician)) {
    throw forbidden('Only the person who uploaded this file or a team admin can delete it');
  }
  const now = new Date();
  await ctx.tx
    .update(cardFiles)
    .set({ deletedAt: now })
    .where(and(eq(cardFiles.tenantId, ctx.tenantId), eq(cardFiles.id, id)));
  const commentIds = await withdrawFileFromCard(ctx, card, file, now);
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'file',
    entityId: id,
    action: 'deleted',
    changes: [{ field: 'deletedAt', oldValue: null, newValue: now.toISOString() }],
    metadata: { cardId: file.cardId, workItemId: card.workItemId, name: file.name, commentIds },
  });
}
