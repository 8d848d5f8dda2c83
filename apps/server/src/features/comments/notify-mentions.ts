import type { TenantContext } from '../../http/tenant-scope';
import { createNotifications } from '../notifications/create-notifications';
import { commentExcerpt } from './comment-text';

/**
 * The inbox notifications of a comment's mentions: one per person named in `userIds` but the author,
 * '{author} mentioned you on {SUN-00042}: {excerpt}', linked to the card. A create passes everyone it
 * mentions, an edit only the people it newly mentions, so nobody is told twice of one comment.
 */
export async function notifyMentions(
  ctx: TenantContext,
  card: { id: string; workItemId: string },
  options: { userIds: readonly string[]; content: string },
): Promise<void> {
  const excerpt = commentExcerpt(options.content);
  await createNotifications(
    ctx.tx,
    [...new Set(options.userIds)]
      .filter((userId) => userId !== ctx.actor.id)
      .map((userId) => ({
        tenantId: ctx.tenantId,
        userId,
        type: 'mention' as const,
        priority: 'normal' as const,
        message: `${ctx.actor.name} mentioned you on ${card.workItemId}: ${excerpt}`,
        cardId: card.id,
      })),
  );
}
