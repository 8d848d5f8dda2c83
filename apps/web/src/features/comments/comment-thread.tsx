import { useQuery } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import type { Role } from '@wattle/domain/auth/roles';
import { commentMessages } from '@wattle/domain/comments/constants';
import type { Comment } from '@wattle/domain/comments/schemas';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { AlertCircleIcon, MessageSquareIcon } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { useNow } from '@/lib/use-now';
import { Alert, AlertDescription, AlertTitle } from '@/ui/alert';
import { Button } from '@/ui/button';
import { LoadingStatus } from '@/ui/query-status';
import { commentsQueryOptions } from './api';
import { CardAttachments } from './card-attachments';
import { CommentComposer } from './comment-composer';
import { CommentItem, type CommentItemContext } from './comment-item';
import { buildThread } from './thread-model';
import { useCommentActions } from './use-comment-actions';

/**
 * The card's Comments section (spec work section 2, Comment thread): the attachments, the thread
 * with nested replies, and the composer. What the person may do comes from the domain permission
 * table for their role on the card's team; the server enforces the same (a family guardian never
 * receives an internal comment, only an author may edit or delete).
 */
export function CommentThread({
  tenantId,
  cardId,
  teamRole,
  canWriteCard,
  template,
}: {
  tenantId: string;
  cardId: string;
  /** The caller's role on the card's team; undefined while the teams load. */
  teamRole: Role | undefined;
  /** write:cards on the card's team (attaching a file changes the card's documents). */
  canWriteCard: boolean;
  template: FormTemplate | null | undefined;
}) {
  const headingId = useId();
  const comments = useQuery(commentsQueryOptions(tenantId, cardId));
  const me = useQuery(meQueryOptions());
  const actions = useCommentActions(tenantId, cardId);
  const now = useNow(60_000);
  const [replyTo, setReplyTo] = useState<Comment | null>(null);

  const canWrite = can(teamRole, 'write:comments');
  const canWriteInternal = can(teamRole, 'read:internal-comments');
  const fields = useMemo(
    () => (template?.fields ?? []).map((field) => ({ id: field.id, name: field.name })),
    [template],
  );
  const fieldName = useCallback(
    (fieldId: string) => fields.find((field) => field.id === fieldId)?.name,
    [fields],
  );
  const thread = useMemo(() => buildThread(comments.data ?? []), [comments.data]);

  const context: CommentItemContext = {
    tenantId,
    myUserId: me.data?.id,
    canWrite,
    now,
    actions,
    onReply: setReplyTo,
    fieldName,
  };

  return (
    <section aria-labelledby={headingId} className="paint-apart grid gap-4" data-testid="comments">
      <h2 id={headingId} className="font-semibold text-base">
        Comments
        {comments.data ? (
          <span className="ml-1.5 font-normal text-muted-foreground text-sm">
            ({comments.data.filter((comment) => !comment.isDeleted).length})
          </span>
        ) : null}
      </h2>
      <CardAttachments tenantId={tenantId} cardId={cardId} />
      {comments.isPending ? (
        <LoadingStatus>Loading comments...</LoadingStatus>
      ) : comments.isError ? (
        <Alert variant="destructive">
          <AlertCircleIcon aria-hidden="true" />
          <AlertTitle>{commentMessages.loadFailed}</AlertTitle>
          <AlertDescription>
            <p>{comments.error.message}</p>
            <Button variant="outline" size="sm" className="mt-1" onClick={() => void comments.refetch()}>
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      ) : thread.length === 0 ? (
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          <MessageSquareIcon className="size-4" aria-hidden="true" />
          No comments yet.{canWrite ? ' Start the conversation below.' : ''}
        </p>
      ) : (
        <ul className="grid gap-4" aria-label="Comment thread">
          {thread.map((node) => (
            <CommentItem key={node.comment.id} node={node} context={context} />
          ))}
        </ul>
      )}
      {canWrite && me.data ? (
        <CommentComposer
          key={`${me.data.id}:${tenantId}:${cardId}`}
          userId={me.data.id}
          tenantId={tenantId}
          cardId={cardId}
          actions={actions}
          canWriteInternal={canWriteInternal}
          canAttach={canWriteCard}
          fields={fields}
          thread={{ comments: comments.data, isSettled: !comments.isPending }}
          replyTo={replyTo}
          onReply={setReplyTo}
          onCancelReply={() => setReplyTo(null)}
        />
      ) : null}
    </section>
  );
}
