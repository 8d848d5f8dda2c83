import type { Card, CardConflictDetails, PatchCardInput } from '@wattle/domain/cards/schemas';

/**
 * CONTRACT (implemented by the cards web work): the field-save queue of spec work section 4. One
 * queue per card: saves run one at a time, a newer change to a field replaces the queued one, failed
 * items retry, and the queue is kept in localStorage so a reload or a lost connection loses nothing.
 */

export type QueueItemState = 'queued' | 'saving' | 'saved' | 'failed';

export interface QueuedChange {
  /** What changed: a card field (`title`) or a form field (`fieldValues.participant-name`). */
  key: string;
  /** The field's name for people ('Title', 'Participant Name'), used in 'Changed {field}.'. */
  label: string;
  /** The change itself, without the version (the queue adds the version the change started from). */
  patch: Omit<PatchCardInput, 'version'>;
  /** The value before the change, for Undo. */
  previous: unknown;
  /** The card version the user saw when making the change. */
  baseVersion: number;
}

export interface EnqueueOptions {
  /** Show 'Changed {field}.' with Undo for 8 s after it saves (Details fields); off for form typing. */
  toast?: boolean;
}

export interface CardSaveQueue {
  /** 'Saving…', 'Saved' or 'Failed (Retry)' in the panel; idle before the first change. */
  status: 'idle' | 'saving' | 'saved' | 'failed';
  /** Changes not yet saved, oldest first. */
  pending: readonly (QueuedChange & { state: QueueItemState; error?: string })[];
  /** The 409 of the last failed save: the card as it is now and the fields someone else wrote. */
  conflict: CardConflictDetails | null;
  enqueue(change: QueuedChange, options?: EnqueueOptions): void;
  /** Sends the failed items again (on a conflict: over the other writer's value, with the new version). */
  retry(): void;
  /** Drops the failed items that conflict and takes the other writer's values. */
  acceptTheirs(): void;
  /** Resolves with the saved card once everything queued has been saved; rejects if an item fails. */
  flush(): Promise<Card>;
}

export declare function useCardSaveQueue(tenantId: string, cardId: string): CardSaveQueue;
