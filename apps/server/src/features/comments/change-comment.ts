import type { FieldChange } from '@wattle/domain/audit/schemas';
import { can } from '@wattle/domain/auth/permissions';
import type { Card } from '@wattle/domain/cards/schemas';
import type { Comment, ReactionKind, UpdateCommentInput } from '@wattle/domain/comments/schemas';
import { and, eq } from 'drizzle-orm';
import { cardComments } from '../../db/schema/comments';
import { forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { loadReadableCard, type TeamAccess } from '../cards/card-records';
import { announceCommentChange } from './comment-events';
import { type CommentRow, loadVisibleComment, toComment } from './comment-records';
import { commentText } from './comment-text';
import { checkMentions } from './mentionable-users';
import { notifyMentions } from './notify-mentions';

/** The comment to change, locked, after the card and comment checks every change shares. */
async function loadForChange(
  ctx: TenantContext,
  cardId: string,
  commentId: string,
): Promise<{ row: CommentRow; access: TeamAccess; card: Card; workItemId: string }> {
  const { card, access } = await loadReadableCard(ctx, cardId);
  const row = await loadVisibleComment(ctx, { cardId, commentId, access, forUpdate: true });
  if (!can(access.role, 'write:comments', access.isClinician)) {
    throw forbidden('You do not have permission to comment on this card');
  }
  return { row, access, card, workItemId: card.workItemId };
}

/** Edits and deletes are the author's alone; the server's own 'Attached …' notes are nobody's to change. */
function requireAuthor(ctx: TenantContext, row: CommentRow, verb: 'edit' | 'delete'): void {
  if (row.comment.type === 'system') {
    throw forbidden(
      verb === 'edit' ? 'System comments cannot be edited' : 'System comments cannot be deleted',
    );
  }
  if (row.comment.userId !== ctx.actor.id) throw forbidden(`Only the author can ${verb} this comment`);
}

async function saveChange(
  ctx: TenantContext,
  row: CommentRow,
  set: Partial<typeof cardComments.$inferInsert>,
): Promise<CommentRow> {
  const c = row.comment;
  const [updated] = await ctx.tx
    .update(cardComments)
    .set({ ...set, version: c.version + 1, updatedAt: new Date() })
    .where(and(eq(cardComments.tenantId, ctx.tenantId), eq(cardComments.id, c.id)))
    .returning();
  return { comment: updated!, userName: row.userName };
}

const sameMembers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * `PATCH /api/cards/{cardId}/comments/{commentId}`: the author's new text; the comment shows
 * '(edited)' when the text changed. With `mentions`, the comment's mentions become that list: the
 * people it did not mention before are checked as on create (only people who can read the comment,
 * internal or not, else 400) and get an inbox notification; those mentioned before are neither
 * checked nor told again. Without `mentions`, the comment keeps its own.
 */
export async function updateComment(
  ctx: TenantContext,
  ids: { cardId: string; commentId: string },
  input: UpdateCommentInput,
): Promise<Comment> {
  const { row, card, workItemId } = await loadForChange(ctx, ids.cardId, ids.commentId);
  requireAuthor(ctx, row, 'edit');
  const content = commentText(input.content);
  const before = row.comment.mentions;
  const mentions = input.mentions
    ? await checkMentions(ctx, {
        card,
        userIds: input.mentions,
        isInternal: row.comment.isInternal,
        alreadyMentioned: before,
      })
    : before;
  const isTextChanged = content !== row.comment.content;
  const areMentionsChanged = !sameMembers(mentions, before);
  if (!isTextChanged && !areMentionsChanged) return toComment(row);

  const changes: FieldChange[] = [];
  if (isTextChanged) changes.push({ field: 'content', oldValue: row.comment.content, newValue: content });
  if (areMentionsChanged) changes.push({ field: 'mentions', oldValue: before, newValue: mentions });
  const saved = await saveChange(ctx, row, {
    content,
    mentions,
    ...(isTextChanged ? { editedAt: new Date() } : {}),
  });
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'comment',
    entityId: ids.commentId,
    action: 'updated',
    changes,
    metadata: { cardId: ids.cardId, workItemId, version: saved.comment.version },
  });
  const added = mentions.filter((id) => !before.includes(id));
  await notifyMentions(ctx, card, { userIds: added, content });
  await announceCommentChange(ctx, { type: 'updated', cardId: ids.cardId, version: saved.comment.version });
  return toComment(saved);
}

/**
 * `DELETE /api/cards/{cardId}/comments/{commentId}`: a soft delete by the author. The row stays, so a
 * thread with replies keeps its shape and the audit trail its subject.
 */
export async function deleteComment(
  ctx: TenantContext,
  ids: { cardId: string; commentId: string },
): Promise<void> {
  const { row, workItemId } = await loadForChange(ctx, ids.cardId, ids.commentId);
  requireAuthor(ctx, row, 'delete');
  const now = new Date();
  const saved = await saveChange(ctx, row, { deletedAt: now });
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'comment',
    entityId: ids.commentId,
    action: 'deleted',
    changes: [{ field: 'deletedAt', oldValue: null, newValue: now.toISOString() }],
    metadata: { cardId: ids.cardId, workItemId, version: saved.comment.version },
  });
  await announceCommentChange(ctx, { type: 'deleted', cardId: ids.cardId, version: saved.comment.version });
}

/**
 * `PUT …/reaction { kind }` (kind) and `DELETE …/reaction` (null): the caller's one reaction to a
 * comment, set, replaced or removed. Anyone who may comment on the card may react to what they see.
 */
export async function setReaction(
  ctx: TenantContext,
  ids: { cardId: string; commentId: string },
  kind: ReactionKind | null,
): Promise<Comment> {
  const { row, workItemId } = await loadForChange(ctx, ids.cardId, ids.commentId);
  const previous = row.comment.reactions[ctx.actor.id] ?? null;
  if (previous === kind) return toComment(row);
  const reactions = { ...row.comment.reactions };
  if (kind) reactions[ctx.actor.id] = kind;
  else delete reactions[ctx.actor.id];
  const saved = await saveChange(ctx, row, { reactions });
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'comment',
    entityId: ids.commentId,
    action: kind ? 'reacted' : 'reaction-removed',
    changes: [{ field: `reactions.${ctx.actor.id}`, oldValue: previous, newValue: kind }],
    metadata: { cardId: ids.cardId, workItemId, version: saved.comment.version },
  });
  await announceCommentChange(ctx, { type: 'updated', cardId: ids.cardId, version: saved.comment.version });
  return toComment(saved);
}
