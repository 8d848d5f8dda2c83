import type { TeamRole } from '@wattle/domain/auth/roles';
import type { Card } from '@wattle/domain/cards/schemas';
import type { TenantContext } from '../../http/tenant-scope';
import { watchersOf } from '../card-watchers/watch-card';
import { createNotifications } from '../notifications/create-notifications';
import { type TeamMemberStanding, teamMemberStandings } from './comment-records';
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
 * The inbox notifications of a new comment for the people following the card: '{author} commented
 * on {SUN-00042}: {excerpt}', linked to the card. Its followers are the card's assignee, everyone
 * watching it (card-watchers), and, for a family guardian's comment, the team's leads (issue 18: a
 * family's question must reach the person who answers for the team). Never the author, nor someone the
 * comment mentions (the mention already tells them), nor anyone who cannot read it (an internal
 * comment, a card they cannot open).
 */
export async function notifyCommentFollowers(
  ctx: TenantContext,
  card: { id: string; workItemId: string; teamId: string; type: Card['type']; assigneeId: string | null },
  options: {
    mentions: readonly string[];
    content: string;
    isInternal: boolean;
    authorTeamRole: TeamRole | null;
  },
): Promise<void> {
  const followers = new Set(await watchersOf(ctx, card.id));
  if (card.assigneeId) followers.add(card.assigneeId);
  // Read here for a family's comment, and handed on so the readers' check does not read them again.
  let teamMembers: TeamMemberStanding[] | undefined;
  if (options.authorTeamRole === 'Family Guardian') {
    teamMembers = await teamMemberStandings(ctx, card.teamId);
    for (const member of teamMembers) {
      if (member.teamRole === 'Team Lead') followers.add(member.userId);
    }
  }
  followers.delete(ctx.actor.id);
  for (const mentioned of options.mentions) followers.delete(mentioned);
  if (followers.size === 0) return;
  const readers = await commentReaders(ctx, {
    card,
    userIds: [...followers],
    isInternal: options.isInternal,
    ...(teamMembers ? { teamMembers } : {}),
  });
  const message = `${ctx.actor.name} commented on ${card.workItemId}: ${commentExcerpt(options.content)}`;
  await createNotifications(
    ctx.tx,
    [...readers].map((userId) => ({
      tenantId: ctx.tenantId,
      userId,
      type: 'comment' as const,
      priority: 'normal' as const,
      message,
      cardId: card.id,
    })),
  );
}
