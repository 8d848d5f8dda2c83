import type { Comment } from '@wattle/domain/comments/schemas';
import type { TenantContext } from '../../http/tenant-scope';
import { loadReadableCard } from '../cards/card-records';
import { canReadInternalComments, selectCardCommentRows, toComment } from './comment-records';

/**
 * `GET /api/cards/{id}/comments`: the card's whole thread, oldest first, replies included (the
 * client nests them by parentCommentId). Internal comments only for readers of internal comments.
 * A deleted comment is left out unless a reply the caller sees hangs below it; then it keeps its
 * place, marked deleted and emptied.
 */
export async function listComments(ctx: TenantContext, cardId: string): Promise<Comment[]> {
  const { access } = await loadReadableCard(ctx, cardId);
  const readsInternal = canReadInternalComments(access);
  const rows = (await selectCardCommentRows(ctx, cardId)).filter(
    (r) => readsInternal || !r.comment.isInternal,
  );

  // Replies are always newer than their parent, so one pass from the newest marks every deleted
  // comment that has a kept reply (directly, or through deleted replies that are kept themselves).
  const kept = new Set<string>();
  const keptParents = new Set<string>();
  for (let i = rows.length - 1; i >= 0; i--) {
    const c = rows[i]!.comment;
    if (c.deletedAt === null || keptParents.has(c.id)) {
      kept.add(c.id);
      if (c.parentCommentId) keptParents.add(c.parentCommentId);
    }
  }
  return rows.filter((r) => kept.has(r.comment.id)).map(toComment);
}
