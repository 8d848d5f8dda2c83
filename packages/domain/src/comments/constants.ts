/**
 * The comment thread's lists, labels, limits and messages without zod, for the web's card page (see
 * `cards/constants.ts` for why). `schemas.ts` re-exports all of it.
 */

/** Comment types (spec work section 9). `system` is written by the server only ('Attached {filename}'). */
export const commentTypes = ['general', 'review', 'approval', 'mention', 'system'] as const;
export type CommentType = (typeof commentTypes)[number];
/** The types a person may pick in the composer. */
export const userCommentTypes = ['general', 'review', 'approval', 'mention'] as const;

export const commentTypeLabels: Record<CommentType, string> = {
  general: 'General',
  review: 'Review',
  approval: 'Approval',
  mention: 'Mention',
  system: 'System',
};

/** Reactions (spec work section 9): one per person per comment. */
export const reactionKinds = ['like', 'important', 'question', 'resolved'] as const;
export type ReactionKind = (typeof reactionKinds)[number];

export const commentMaxLength = 5000;

/** Toasts and failures of the comment thread (spec work section 8). */
export const commentMessages = {
  added: { title: 'Comment added', description: 'Your comment has been posted successfully.' },
  addFailed: { title: 'Error', description: 'Failed to add comment. Please try again.' },
  updated: 'Comment updated',
  updateFailed: 'Failed to update comment. Please try again.',
  deleted: 'Comment deleted',
  deleteFailed: 'Failed to delete comment. Please try again.',
  /** A reaction refused: the title says which way ('comment ops' in the catalogue), the description what to do. */
  reactionAddFailed: 'Failed to add reaction',
  reactionRemoveFailed: 'Failed to remove reaction',
  reactionFailed: 'Failed to update reaction. Please try again.',
  loadFailed: 'Failed to load comments',
  attachmentAdded: 'Attachment added',
  uploadFailed: { title: 'Upload failed', description: 'Try again later' },
} as const;

/** The system comment an upload adds. */
export const attachedMessage = (filename: string) => `Attached ${filename}`;
