import { useQuery } from '@tanstack/react-query';
import { commentTypeLabels, type ReactionKind } from '@wattle/domain/comments/constants';
import type { Comment } from '@wattle/domain/comments/schemas';
import { CornerDownRightIcon, DownloadIcon, LockIcon, PencilIcon, ReplyIcon, Trash2Icon } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { formatFullTime, formatRelativeTime } from '@/features/inbox/relative-time';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { ConfirmDialog, ConfirmDialogAction } from '@/ui/confirm-dialog';
import { fileDownloadUrl, mentionableQueryOptions } from './api';
import { CommentReactions } from './comment-reactions';
import { MentionTextarea } from './mention-textarea';
import { type ChosenMention, mentionsInText } from './mentions';
import type { ThreadNode } from './thread-model';
import type { useCommentActions } from './use-comment-actions';

export interface CommentItemContext {
  tenantId: string;
  myUserId: string | undefined;
  /** write:comments on the card's team: reply and react. */
  canWrite: boolean;
  now: Date;
  actions: ReturnType<typeof useCommentActions>;
  onReply: (comment: Comment) => void;
  /** The template field's name for a 'Re:' note when the comment does not carry it. */
  fieldName: (fieldId: string) => string | undefined;
}

/**
 * The author's edit box, 'Edit Comment', with the composer's '@' picker: people mentioned anew are
 * sent with the text (the server tells only them); kept open with the text if the save fails.
 */
function EditCommentForm({
  comment,
  context,
  onDone,
}: {
  comment: Comment;
  context: CommentItemContext;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(comment.content);
  const [picked, setPicked] = useState<ChosenMention[]>([]);
  const headingId = useId();
  const { update } = context.actions;
  // Names of the people the comment already mentions, so their '@Name' reads as complete.
  const people = useQuery(mentionableQueryOptions(context.tenantId, comment.cardId, comment.isInternal));
  const earlier = useMemo(() => {
    const known = new Map((people.data ?? []).map((person) => [person.userId, person.name]));
    return comment.mentions.map((userId) => ({ userId, name: known.get(userId) }));
  }, [people.data, comment.mentions]);
  const named = earlier.filter((person): person is ChosenMention => person.name !== undefined);
  const chosen = [...named, ...picked];
  const mentions = [
    ...new Set([
      ...mentionsInText(draft, chosen),
      // People no longer on the list (they left the team) stay as they were: nobody is told again.
      ...earlier.filter((person) => person.name === undefined).map((person) => person.userId),
    ]),
  ];
  const isChanged =
    draft !== comment.content ||
    mentions.length !== comment.mentions.length ||
    mentions.some((userId) => !comment.mentions.includes(userId));
  const canSave = draft.trim() !== '' && isChanged && !update.isPending;
  const save = () => {
    if (!canSave) return;
    update.mutate({ commentId: comment.id, content: draft, mentions }, { onSuccess: onDone });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onDone();
    }
  };
  return (
    <section aria-labelledby={headingId} className="grid gap-2 rounded-md border bg-muted/30 p-3">
      <h4 id={headingId} className="font-medium text-sm">
        Edit Comment
      </h4>
      <MentionTextarea
        aria-labelledby={headingId}
        tenantId={context.tenantId}
        cardId={comment.cardId}
        isInternal={comment.isInternal}
        value={draft}
        onValueChange={setDraft}
        chosen={chosen}
        onChoose={(person) => setPicked((list) => [...list, person])}
        onKeyDown={onKeyDown}
        autoFocus
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button size="sm" onClick={save} disabled={!canSave}>
          Update Comment
        </Button>
      </div>
    </section>
  );
}

function CommentMeta({ comment, context }: { comment: Comment; context: CommentItemContext }) {
  const at = new Date(comment.createdAt);
  const fieldName =
    comment.metadata.fieldName ??
    (comment.metadata.fieldId ? context.fieldName(comment.metadata.fieldId) : undefined);
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="font-medium">{comment.userName}</span>
      {comment.userRole ? <span className="text-muted-foreground text-xs">{comment.userRole}</span> : null}
      <time dateTime={comment.createdAt} title={formatFullTime(at)} className="text-muted-foreground text-xs">
        {formatRelativeTime(at, context.now)}
      </time>
      <Badge variant="outline" data-testid="comment-type">
        {commentTypeLabels[comment.type]}
      </Badge>
      {comment.metadata.meetingReview ? (
        // Saved from Meeting Reviews (/meeting) during a team meeting.
        <Badge variant="accent" data-testid="meeting-review-badge">
          Meeting review
        </Badge>
      ) : null}
      {comment.isInternal ? (
        <Badge variant="secondary" className="border-amber-200 bg-amber-50 text-amber-900">
          <LockIcon aria-hidden="true" />
          Internal
        </Badge>
      ) : null}
      {comment.isEdited ? <span className="text-muted-foreground text-xs">(edited)</span> : null}
      {fieldName ? <span className="text-muted-foreground text-xs italic">Re: {fieldName}</span> : null}
    </div>
  );
}

/** One comment (or the placeholder of a deleted one) and, below it, its replies. */
export function CommentItem({ node, context }: { node: ThreadNode; context: CommentItemContext }) {
  const { comment } = node;
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const { remove, react } = context.actions;
  const isMine = context.myUserId !== undefined && comment.userId === context.myUserId;
  const isAuthorActionable = isMine && !comment.isDeleted && comment.type !== 'system';
  const onReact = (kind: ReactionKind) => {
    if (context.myUserId) react.mutate({ comment, userId: context.myUserId, kind });
  };

  return (
    <li
      className={cn('grid gap-2', node.depth > 0 && 'border-l-2 pl-3 sm:pl-4')}
      data-testid="comment"
      data-comment-id={comment.id}
      data-depth={node.depth}
    >
      {comment.isDeleted ? (
        <p className="py-1 text-muted-foreground text-sm italic">This comment was deleted</p>
      ) : (
        <article className="grid gap-1.5" aria-label={`Comment by ${comment.userName}`}>
          <CommentMeta comment={comment} context={context} />
          {node.replyingTo ? (
            <p className="flex items-center gap-1 text-muted-foreground text-xs">
              <CornerDownRightIcon className="size-3" aria-hidden="true" />
              Replying to {node.replyingTo}
            </p>
          ) : null}
          {isEditing ? (
            <EditCommentForm comment={comment} context={context} onDone={() => setIsEditing(false)} />
          ) : (
            // Plain text with its line breaks, never HTML (the domain's contract for `content`).
            <p className="whitespace-pre-wrap break-words text-sm" data-testid="comment-content">
              {comment.content}
            </p>
          )}
          {comment.type === 'system' && comment.metadata.url ? (
            <a
              href={fileDownloadUrl(comment.metadata.url, context.tenantId)}
              download={comment.metadata.filename}
              className="inline-flex w-fit items-center gap-1.5 text-primary text-sm underline-offset-4 hover:underline"
            >
              <DownloadIcon className="size-4" aria-hidden="true" />
              Download {comment.metadata.filename ?? 'file'}
            </a>
          ) : null}
          {!isEditing ? (
            <div className="flex flex-wrap items-center gap-1">
              <CommentReactions
                comment={comment}
                myUserId={context.myUserId}
                canReact={context.canWrite && context.myUserId !== undefined}
                onReact={onReact}
              />
              {context.canWrite ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-6 px-2 text-muted-foreground text-xs"
                  onClick={() => context.onReply(comment)}
                >
                  <ReplyIcon className="size-3.5" aria-hidden="true" />
                  Reply
                </Button>
              ) : null}
              {isAuthorActionable ? (
                <>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-6 px-2 text-muted-foreground text-xs"
                    onClick={() => setIsEditing(true)}
                  >
                    <PencilIcon className="size-3.5" aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-6 px-2 text-muted-foreground text-xs hover:text-destructive"
                    onClick={() => setIsConfirmingDelete(true)}
                  >
                    <Trash2Icon className="size-3.5" aria-hidden="true" />
                    Delete
                  </Button>
                </>
              ) : null}
            </div>
          ) : null}
        </article>
      )}
      {node.replies.length > 0 ? (
        <ul
          className="grid gap-3"
          aria-label={`Replies to ${comment.isDeleted ? 'a deleted comment' : comment.userName}`}
        >
          {node.replies.map((reply) => (
            <CommentItem key={reply.comment.id} node={reply} context={context} />
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={isConfirmingDelete}
        title="Delete comment?"
        description="The comment is removed from the thread for everyone. Replies to it stay."
        onKeepEditing={() => setIsConfirmingDelete(false)}
        isBusy={remove.isPending}
        testId="delete-comment-dialog"
        cancelLabel="Cancel"
      >
        <ConfirmDialogAction asChild>
          <Button variant="destructive" onClick={() => remove.mutate(comment.id)}>
            Delete
          </Button>
        </ConfirmDialogAction>
      </ConfirmDialog>
    </li>
  );
}
