import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentMessages, type ReactionKind } from '@wattle/domain/comments/constants';
import type { Comment } from '@wattle/domain/comments/schemas';
import { toast } from '@/ui/toast';
import {
  addComment,
  commentKeys,
  deleteComment,
  type NewComment,
  removeReaction,
  setReaction,
  updateComment,
  uploadCardFile,
} from './api';
import { addCommentFailure, failureDescription, uploadFailure } from './failure-description';
import { toggledReactions } from './thread-model';

/**
 * The thread's writes. Each one updates the cached thread at once with the server's answer (the
 * reaction even before it, and back if refused), then asks for the thread again: the live feed
 * brings everyone else's changes, these bring the user's own without waiting for it.
 */
export function useCommentActions(tenantId: string, cardId: string) {
  const queryClient = useQueryClient();
  const threadKey = commentKeys.thread(tenantId, cardId);

  const patchThread = (change: (comments: Comment[]) => Comment[]) =>
    queryClient.setQueryData<Comment[]>(threadKey, (comments) => (comments ? change(comments) : comments));
  const replace = (comment: Comment) =>
    patchThread((comments) => comments.map((each) => (each.id === comment.id ? comment : each)));
  const refresh = () => queryClient.invalidateQueries({ queryKey: threadKey });

  const add = useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: NewComment; idempotencyKey: string }) =>
      addComment(tenantId, cardId, input, idempotencyKey),
    onSuccess: (comment) => {
      patchThread((comments) =>
        comments.some((each) => each.id === comment.id) ? comments : [...comments, comment],
      );
      toast.success(commentMessages.added.title, { description: commentMessages.added.description });
    },
    // A refusal with a reason (400 'Fiona Family cannot read internal comments...') says it; a
    // network failure or a 5xx keeps the specification's 'Failed to add comment. Please try again.'
    onError: (error) => {
      toast.error(commentMessages.addFailed.title, { description: addCommentFailure(error) });
    },
    onSettled: refresh,
  });

  const update = useMutation({
    mutationFn: ({ commentId, ...change }: { commentId: string; content: string; mentions?: string[] }) =>
      updateComment(tenantId, cardId, commentId, change),
    onSuccess: (comment) => {
      replace(comment);
      toast.success(commentMessages.updated);
    },
    onError: (error) => {
      // The server's reason, when it gave one (a mention it refused), under the specification's title.
      const reason = failureDescription(error, '');
      toast.error(commentMessages.updateFailed, reason ? { description: reason } : undefined);
    },
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (commentId: string) => deleteComment(tenantId, cardId, commentId),
    onSuccess: (_nothing, commentId) => {
      // With replies it stays as their placeholder; without, it goes (the refetch confirms which).
      patchThread((comments) => {
        const hasReplies = comments.some((each) => each.parentCommentId === commentId);
        return hasReplies
          ? comments.map((each) => (each.id === commentId ? { ...each, isDeleted: true, content: '' } : each))
          : comments.filter((each) => each.id !== commentId);
      });
      toast.success(commentMessages.deleted);
    },
    onError: () => {
      toast.error(commentMessages.deleteFailed);
    },
    onSettled: refresh,
  });

  const react = useMutation({
    mutationFn: ({ comment, userId, kind }: { comment: Comment; userId: string; kind: ReactionKind }) =>
      comment.reactions[userId] === kind
        ? removeReaction(tenantId, cardId, comment.id)
        : setReaction(tenantId, cardId, comment.id, kind),
    onMutate: async ({ comment, userId, kind }) => {
      await queryClient.cancelQueries({ queryKey: threadKey });
      replace({ ...comment, reactions: toggledReactions(comment.reactions, userId, kind).reactions });
      return { previous: comment };
    },
    onSuccess: (comment) => replace(comment),
    // 'Failed to add reaction' or 'Failed to remove reaction' (spec section 8, comment ops), with the
    // Reaction row's 'Failed to update reaction. Please try again.' below it.
    onError: (_error, { comment, userId, kind }, context) => {
      if (context) replace(context.previous);
      const isRemoval = comment.reactions[userId] === kind;
      toast.error(isRemoval ? commentMessages.reactionRemoveFailed : commentMessages.reactionAddFailed, {
        description: commentMessages.reactionFailed,
      });
    },
    onSettled: refresh,
  });

  const upload = useMutation({
    mutationFn: (file: File) => uploadCardFile(tenantId, cardId, file),
    onSuccess: ({ file, comment }) => {
      patchThread((comments) =>
        comments.some((each) => each.id === comment.id) ? comments : [...comments, comment],
      );
      toast.success(commentMessages.attachmentAdded, {
        description:
          file.virusScanStatus === 'pending'
            ? `${file.name}: being checked for viruses; it can be downloaded once the check finishes`
            : file.name,
      });
    },
    onError: (error) =>
      toast.error(commentMessages.uploadFailed.title, { description: uploadFailure(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: threadKey }),
  });

  return { add, update, remove, react, upload };
}
