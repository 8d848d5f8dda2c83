import { can } from '@wattle/domain/auth/permissions';
import type { Comment, CommentMetadata, CreateCommentInput } from '@wattle/domain/comments/schemas';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { loadReadableCard, templateForCard } from '../cards/card-records';
import { announceCommentChange } from './comment-events';
import {
  auditCommentCreated,
  canReadInternalComments,
  insertComment,
  loadVisibleComment,
  toComment,
} from './comment-records';
import { commentText } from './comment-text';
import { checkMentions } from './mentionable-users';
import { notifyCommentFollowers, notifyMentions } from './notify-mentions';

/**
 * `POST /api/cards/{id}/comments`. The caller must be able to open the card and hold write:comments
 * on its team; an internal comment needs read:internal-comments. A reply names a comment of the same
 * card the caller can see, and is internal when its parent is. Each mention must be able to read the
 * comment; every mentioned person but the author gets an inbox notification that links to the card,
 * and so do the card's followers (its assignee, its watchers, a team lead for a family guardian's).
 */
export async function createComment(
  ctx: TenantContext,
  cardId: string,
  input: CreateCommentInput,
): Promise<Comment> {
  const { card, access } = await loadReadableCard(ctx, cardId);
  if (!can(access.role, 'write:comments', access.isClinician)) {
    throw forbidden('You do not have permission to comment on this card');
  }
  const readsInternal = canReadInternalComments(access);
  if (input.isInternal && !readsInternal) {
    throw forbidden('You do not have permission to post internal comments');
  }
  const content = commentText(input.content);

  let isInternal = input.isInternal;
  if (input.parentCommentId) {
    const parent = await loadVisibleComment(ctx, { cardId, commentId: input.parentCommentId, access });
    // A reply is read by whoever reads its thread: under an internal comment it is internal too.
    isInternal ||= parent.comment.isInternal;
  }

  const metadata: CommentMetadata = {};
  if (input.fieldId) {
    const template = await templateForCard(ctx, card);
    const field = template?.fields.find((f) => f.id === input.fieldId);
    if (!field) {
      const message = `This card's form has no field "${input.fieldId}"`;
      throw new AppError('VALIDATION_FAILED', message, [{ path: ['fieldId'], message }]);
    }
    metadata.fieldId = field.id;
    metadata.fieldName = field.name;
  }

  if (input.isMeetingReview) metadata.meetingReview = true;

  const mentions = await checkMentions(ctx, { card, userIds: input.mentions, isInternal });
  const comment = await insertComment(ctx, card, {
    type: input.type,
    content,
    isInternal,
    mentions,
    parentCommentId: input.parentCommentId ?? null,
    metadata,
  });

  await auditCommentCreated(ctx, card, comment, {
    isInternal,
    parentCommentId: comment.parentCommentId,
    mentions: comment.mentions,
    ...(metadata.fieldId ? { fieldId: metadata.fieldId } : {}),
    ...(metadata.meetingReview ? { meetingReview: true } : {}),
  });
  await notifyMentions(ctx, card, { userIds: comment.mentions, content });
  await notifyCommentFollowers(ctx, card, {
    mentions: comment.mentions,
    content,
    isInternal,
    authorTeamRole: access.teamRole,
  });
  await announceCommentChange(ctx, { type: 'created', cardId, version: comment.version });
  return toComment({ comment, userName: ctx.actor.name });
}
