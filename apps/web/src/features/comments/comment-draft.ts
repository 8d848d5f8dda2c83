import { readStoredJson, storageKeys, writeStoredJson } from '../../lib/storage-keys';
import type { ChosenMention } from './mentions';

/**
 * The unsent comment of a card, kept in localStorage so a reload (or a failed send followed by one)
 * never loses what the person typed. Removed once the comment is posted or the box is emptied.
 */
export interface CommentDraft {
  content: string;
  mentions: ChosenMention[];
}

const draftKey = (tenantId: string, cardId: string) => `${storageKeys.commentDraft}.${tenantId}.${cardId}`;

function isChosenMention(value: unknown): value is ChosenMention {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ChosenMention).userId === 'string' &&
    typeof (value as ChosenMention).name === 'string'
  );
}

export function readCommentDraft(tenantId: string, cardId: string): CommentDraft {
  const stored = readStoredJson(draftKey(tenantId, cardId));
  if (typeof stored !== 'object' || stored === null) return { content: '', mentions: [] };
  const { content, mentions } = stored as Partial<CommentDraft>;
  return {
    content: typeof content === 'string' ? content : '',
    mentions: Array.isArray(mentions) ? mentions.filter(isChosenMention) : [],
  };
}

export function writeCommentDraft(tenantId: string, cardId: string, draft: CommentDraft): void {
  const key = draftKey(tenantId, cardId);
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
