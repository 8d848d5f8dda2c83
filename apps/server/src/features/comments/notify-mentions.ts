import type { Card } from '@wattle/domain/cards/schemas';
import type { TenantContext } from '../../http/tenant-scope';
import { createNotifications } from '../notifications/create-notifications';
import { commentExcerpt } from './comment-text';
import { commentReaders } from './mentionable-users';

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

/**
 * The inbox notification of a new comment for the card's assignee: '{author} commented on
 * {SUN-00042}: {excerpt}', linked to the card. Not for the author, nor someone the comment mentions
 * (the mention already tells them), nor an assignee who cannot read it (an internal comment).
 */
export async function notifyAssignee(
  ctx: TenantContext,
  card: { id: string; workItemId: string; teamId: string; type: Card['type']; assigneeId: string | null },
  options: { mentions: readonly string[]; content: string; isInternal: boolean },
): Promise<void> {
  const assignee = card.assigneeId;
  if (!assignee || assignee === ctx.actor.id || options.mentions.includes(assignee)) return;
  const readers = await commentReaders(ctx, { card, userIds: [assignee], isInternal: options.isInternal });
  if (!readers.has(assignee)) return;
  await createNotifications(ctx.tx, [
    {
      tenantId: ctx.tenantId,
      userId: assignee,
      type: 'comment',
      priority: 'normal',
      message: `${ctx.actor.name} commented on ${card.workItemId}: ${commentExcerpt(options.content)}`,
      cardId: card.id,
    },
  ]);
}
