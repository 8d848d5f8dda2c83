import { z } from 'zod';
import { commentMaxLength, commentTypes, reactionKinds, userCommentTypes } from './constants';

export {
  attachedMessage,
  type CommentType,
  commentMaxLength,
  commentMessages,
  commentTypeLabels,
  commentTypes,
  type ReactionKind,
  reactionKinds,
  userCommentTypes,
} from './constants';

export const CommentTypeSchema = z.enum(commentTypes);
export const ReactionKindSchema = z.enum(reactionKinds);

/**
 * What a comment is about besides its text: a form field ('Re: Field'), or the file a system
 * comment announces. `url` is the API path that downloads the file.
 */
export const CommentMetadataSchema = z.object({
  fieldId: z.string().optional(),
  fieldName: z.string().optional(),
  fileId: z.uuid().optional(),
  filename: z.string().optional(),
  url: z.string().optional(),
  /** A note taken in a team's Meeting Review (`/meeting`): a review comment saved from there. */
  meetingReview: z.boolean().optional(),
});
export type CommentMetadata = z.infer<typeof CommentMetadataSchema>;

/**
 * One comment of a card's thread (spec work section 3). `content` is plain text (line breaks kept);
 * it is shown as text, never as HTML. A deleted comment that still has replies stays in the list
 * with `isDeleted` and empty content, so its replies keep their place.
 */
export const CommentSchema = z.object({
  id: z.uuid(),
  cardId: z.uuid(),
  userId: z.uuid().nullable(),
  userName: z.string(),
  /** The author's role label on the card's team when they wrote it (e.g. 'Practitioner'). */
  userRole: z.string(),
  content: z.string(),
  type: CommentTypeSchema,
  isInternal: z.boolean(),
  /** Mentioned users' ids. */
  mentions: z.array(z.uuid()),
  parentCommentId: z.uuid().nullable(),
  isEdited: z.boolean(),
  isDeleted: z.boolean(),
  /** Who reacted, and how: user id to kind. */
  reactions: z.record(z.string(), ReactionKindSchema),
  metadata: CommentMetadataSchema,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Comment = z.infer<typeof CommentSchema>;

const ContentSchema = z
  .string()
  .max(commentMaxLength, `A comment can be at most ${commentMaxLength} characters`)
  .refine((s) => s.trim().length > 0, 'A comment cannot be empty');

/** Users a comment mentions; each must be able to read the comment (a member of the card's team). */
const MentionsSchema = z.array(z.uuid()).max(20);

/** `POST /api/cards/{id}/comments`. Only users who may read internal comments may write one. */
export const CreateCommentSchema = z
  .object({
    content: ContentSchema,
    type: z.enum(userCommentTypes).default('general'),
    isInternal: z.boolean().default(false),
    parentCommentId: z.uuid().nullable().optional(),
    /** Users to notify; each must be able to read the comment (a member of the card's team). */
    mentions: MentionsSchema.default([]),
    /** The form field the comment is about ('Re: Field'). */
    fieldId: z.string().min(1).max(80).optional(),
    /** A note from a Meeting Review (`/meeting`): saved as a review comment marked as one. */
    isMeetingReview: z.boolean().optional(),
  })
  .strict()
  .refine((input) => !input.isMeetingReview || input.type === 'review', {
    path: ['type'],
    message: 'A meeting review note must be a review comment',
  });
export type CreateCommentInput = z.infer<typeof CreateCommentSchema>;

/**
 * `PATCH /api/cards/{cardId}/comments/{commentId}`: the author's new text and, when given, the whole
 * new list of mentions (checked as on create; only people not mentioned before are notified). Without
 * `mentions` the comment keeps the ones it had.
 */
export const UpdateCommentSchema = z
  .object({
    content: ContentSchema,
    mentions: MentionsSchema.optional(),
  })
  .strict();
export type UpdateCommentInput = z.infer<typeof UpdateCommentSchema>;

/** `PUT /api/cards/{cardId}/comments/{commentId}/reaction`: the caller's reaction (replaces theirs). */
export const ReactionSchema = z.object({ kind: ReactionKindSchema }).strict();

/** Someone the composer can mention: a member of the card's team who may read its comments. */
export const MentionableUserSchema = z.object({ userId: z.uuid(), name: z.string(), role: z.string() });
export type MentionableUser = z.infer<typeof MentionableUserSchema>;
