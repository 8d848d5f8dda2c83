import type { Card } from '@wattle/domain/cards/schemas';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { cardComments, cardFiles } from '../../db/schema/comments';
import type { TenantContext } from '../../http/tenant-scope';
import { announceCommentChange } from '../comments/comment-events';
import { setCardDocument } from './card-documents';

/**
 * Takes a file off its card, once the file row itself is marked (deleted, or quarantined by the
 * virus scan): its 'Attached …' system comment goes, and a required document whose last usable file
 * this was is no longer complete on the card. The card must be locked by the caller. Answers the ids
 * of the comments removed, for the audit entry.
 */
export async function withdrawFileFromCard(
  ctx: TenantContext,
  card: Card,
  file: { id: string; cardId: string; requirementId: string | null },
  now: Date,
): Promise<string[]> {
  const announcements = await ctx.tx
    .update(cardComments)
    .set({ deletedAt: now, updatedAt: now, version: sql`${cardComments.version} + 1` })
    .where(
      and(
        eq(cardComments.tenantId, ctx.tenantId),
        eq(cardComments.cardId, file.cardId),
        eq(cardComments.type, 'system'),
        isNull(cardComments.deletedAt),
        sql`${cardComments.metadata}->>'fileId' = ${file.id}`,
      ),
    )
    .returning({ id: cardComments.id, version: cardComments.version });

  if (file.requirementId) {
    const [other] = await ctx.tx
      .select({ id: cardFiles.id })
      .from(cardFiles)
      .where(
        and(
          eq(cardFiles.tenantId, ctx.tenantId),
          eq(cardFiles.cardId, file.cardId),
          eq(cardFiles.requirementId, file.requirementId),
          isNull(cardFiles.deletedAt),
          ne(cardFiles.virusScanStatus, 'infected'),
          ne(cardFiles.id, file.id),
        ),
      )
      .limit(1);
    if (!other)
      await setCardDocument(ctx, card, { documentId: file.requirementId, isPresent: false, fileId: file.id });
  }
  for (const c of announcements) {
    await announceCommentChange(ctx, { type: 'deleted', cardId: file.cardId, version: c.version });
  }
  return announcements.map((c) => c.id);
}
