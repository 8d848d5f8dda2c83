import { userCommentTypes } from '@wattle/domain/comments/constants';
import type { Comment } from '@wattle/domain/comments/schemas';
import { readStoredJson, storageKeys, writeStoredJson } from '../../lib/storage-keys';
import type { ChosenMention } from './mentions';

export type UserCommentType = (typeof userCommentTypes)[number];

/**
 * The unsent comment of a card, kept in localStorage so a reload (or a failed send followed by one)
 * never loses what the person typed, nor how they meant it: who may read it (Internal), which
 * comment it answers, its type and the form field it is about come back with the text. Removed once
 * the comment is posted or the box is emptied, and at sign-out.
 */
export interface CommentDraft {
  content: string;
  mentions: ChosenMention[];
  type: UserCommentType;
  /** The composer's Internal switch as the person set it. */
  isInternal: boolean;
  /** The comment being answered, and whether it was internal (which makes the reply internal too). */
  replyTo: { id: string; isInternal: boolean } | null;
  /** The form field of 'Re:', or '' for none. */
  fieldId: string;
}

export const emptyDraft: CommentDraft = {
  content: '',
  mentions: [],
  type: 'general',
  isInternal: false,
  replyTo: null,
  fieldId: '',
};

/** One entry per person, tenant and card: someone else signing in on this browser never sees it. */
const draftKey = (userId: string, tenantId: string, cardId: string) =>
  `${storageKeys.commentDraft}.${userId}.${tenantId}.${cardId}`;

function isChosenMention(value: unknown): value is ChosenMention {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ChosenMention).userId === 'string' &&
    typeof (value as ChosenMention).name === 'string'
  );
}

function readReplyTo(value: unknown): CommentDraft['replyTo'] {
  if (typeof value !== 'object' || value === null) return null;
  const { id, isInternal } = value as { id?: unknown; isInternal?: unknown };
  // A reply target of unknown standing is taken as internal: the text never ends up more open.
  return typeof id === 'string' && id !== '' ? { id, isInternal: isInternal !== false } : null;
}

export function readCommentDraft(userId: string, tenantId: string, cardId: string): CommentDraft {
  const stored = readStoredJson(draftKey(userId, tenantId, cardId));
  if (typeof stored !== 'object' || stored === null) return emptyDraft;
  const { content, mentions, type, isInternal, replyTo, fieldId } = stored as Record<string, unknown>;
  return {
    content: typeof content === 'string' ? content : '',
    mentions: Array.isArray(mentions) ? mentions.filter(isChosenMention) : [],
    type: userCommentTypes.includes(type as UserCommentType) ? (type as UserCommentType) : 'general',
    isInternal: isInternal === true,
    replyTo: readReplyTo(replyTo),
    fieldId: typeof fieldId === 'string' ? fieldId : '',
  };
}

export function writeCommentDraft(
  userId: string,
  tenantId: string,
  cardId: string,
  draft: CommentDraft,
): void {
  const key = draftKey(userId, tenantId, cardId);
  if (draft.content.trim() === '') {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Blocked storage: nothing was kept either.
    }
    return;
  }
  writeStoredJson(key, draft);
}

/**
 * How a restored draft goes on once the thread has loaded: as a reply to its comment when that is
 * still there to answer, else as a comment of its own, internal if the draft was internal in any way
 * (the switch, or the comment it answered), so text meant for staff never turns up where family
 * guardians read. `comments` is undefined when the thread could not be loaded.
 */
export function resumeDraft(
  draft: Pick<CommentDraft, 'isInternal' | 'replyTo'>,
  comments: readonly Comment[] | undefined,
): { replyTo: Comment | null; isInternal: boolean } {
  if (!draft.replyTo) return { replyTo: null, isInternal: draft.isInternal };
  const target = comments?.find((comment) => comment.id === draft.replyTo?.id && !comment.isDeleted);
  if (target) return { replyTo: target, isInternal: draft.isInternal };
  return { replyTo: null, isInternal: draft.isInternal || draft.replyTo.isInternal };
}
