import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { Card, CardConflictDetails, PatchCardInput } from '@wattle/domain/cards/schemas';
import { useMemo, useSyncExternalStore } from 'react';
import { storageKeys } from '@/lib/storage-keys';
import { toast } from '@/ui/toast';
import { cardKeys, patchCard } from './api';
import { CardSaveQueueCore, type SaveQueueItem, type SaveQueueSnapshot } from './field-save-queue-core';
import { registerExitSender, registerUnsendableCheck } from './unsent-changes';

/**
 * The field-save queue of spec work section 4. One
 * queue per card: saves run one at a time, a newer change to a field replaces the queued one, failed
 * items retry, and the queue is kept in localStorage so a reload or a lost connection loses nothing.
 * The queue itself is `CardSaveQueueCore` (field-save-queue-core.ts); this is its React face.
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
  /**
   * 'Saving…', 'Saved', 'Saved on this device only' (local: offline or the server unreachable) or
   * 'Failed (Retry)' in the panel; idle before the first change.
   */
  status: 'idle' | 'saving' | 'saved' | 'local' | 'failed';
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

/** The queue as the card page uses it: the contract plus the items' details and the last error. */
export interface CardSaveQueueHandle extends CardSaveQueue {
  pending: readonly SaveQueueItem[];
  /** Why the last save failed, kept after a refused change was dropped, until the next save. */
  lastError: string | null;
  lastSavedAt: number | null;
  /** Changes that cannot be sent now (offline, refused, in conflict): leaving asks first. */
  hasUnsendable: boolean;
}

/** 'Changed {field}.' stays this long with its Undo (spec work section 9). */
export const changeToastMs = 8_000;

const queues = new Map<string, CardSaveQueueCore>();
const resumedTenants = new Set<string>();

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function newerThanCached(queryClient: QueryClient, card: Card): boolean {
  const cached = queryClient.getQueryData<Card>(cardKeys.detail(card.tenantId, card.id));
  return !cached || card.version >= cached.version;
}

function createQueue(queryClient: QueryClient, tenantId: string, cardId: string): CardSaveQueueCore {
  const detailKey = cardKeys.detail(tenantId, cardId);
  const keepCard = (card: Card) => {
    if (newerThanCached(queryClient, card)) queryClient.setQueryData(detailKey, card);
  };
  return new CardSaveQueueCore(
    {
      tenantId,
      cardId,
      // Every save is a keepalive fetch, so one under way when the tab closes still arrives. Not
      // sendBeacon: it can only POST and cannot set the X-CSRF-Token and X-Tenant-Id headers the
      // PATCH needs; a keepalive fetch is an ordinary request that outlives the page.
      patch: (input, options) => patchCard(tenantId, cardId, input, { keepalive: true, ...options }),
      isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
      storage: browserStorage(),
      getCard: () => queryClient.getQueryData<Card>(detailKey),
      onSaved: (card) => {
        keepCard(card);
        void queryClient.invalidateQueries({ queryKey: cardKeys.audit(tenantId, cardId) });
      },
      onConflict: (details) => keepCard(details.current),
      onChanged: (item, undo) => {
        toast(`Changed ${item.label}.`, {
          id: `card-change-${cardId}`,
          duration: changeToastMs,
          action: { label: 'Undo', onClick: undo },
        });
      },
      onRefused: (_item, message) => {
        toast.error('Error', { description: message });
      },
    },
    storageKeys.saveQueue,
  );
}

/** The one queue of a card, shared by every component that shows or edits it. */
export function cardSaveQueue(queryClient: QueryClient, tenantId: string, cardId: string): CardSaveQueueCore {
  // The server's first paint (entry-server.tsx) draws each page for one person with a query client of
  // its own: a queue kept here would hold that person's client for the next person's drawing.
  if (typeof window === 'undefined') return createQueue(queryClient, tenantId, cardId);
  const id = `${tenantId}.${cardId}`;
  let queue = queues.get(id);
  if (!queue) {
    queue = createQueue(queryClient, tenantId, cardId);
    queues.set(id, queue);
  }
  resumeStoredQueues(queryClient, tenantId);
  return queue;
}

/**
 * Changes of other cards left unsaved by an earlier visit (a reload, a lost connection) are sent as
 * soon as the cards area is opened again, not only when their own card is.
 */
function resumeStoredQueues(queryClient: QueryClient, tenantId: string): void {
  if (resumedTenants.has(tenantId)) return;
  resumedTenants.add(tenantId);
  const storage = browserStorage();
  if (!storage) return;
  const prefix = `${storageKeys.saveQueue}.${tenantId}.`;
  const cardIds: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(prefix)) cardIds.push(key.slice(prefix.length));
  }
  for (const cardId of cardIds) {
    if (!queues.has(`${tenantId}.${cardId}`))
      queues.set(`${tenantId}.${cardId}`, createQueue(queryClient, tenantId, cardId));
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    for (const queue of queues.values()) queue.networkChanged();
  });
  window.addEventListener('offline', () => {
    for (const queue of queues.values()) queue.networkChanged();
  });
}

// Leaving the page: changes no queue can send now ask first; the tab going sends what waits.
registerUnsendableCheck(() => [...queues.values()].some((queue) => queue.hasUnsendable));
registerExitSender(() => {
  for (const queue of queues.values()) queue.sendOnExit();
});

export function useCardSaveQueue(tenantId: string, cardId: string): CardSaveQueueHandle {
  const queryClient = useQueryClient();
  const queue = useMemo(() => cardSaveQueue(queryClient, tenantId, cardId), [queryClient, tenantId, cardId]);
  const snapshot: SaveQueueSnapshot = useSyncExternalStore(
    queue.subscribe,
    queue.getSnapshot,
    queue.getSnapshot,
  );
  return useMemo(
    () => ({
      ...snapshot,
      enqueue: queue.enqueue,
      retry: queue.retry,
      acceptTheirs: queue.acceptTheirs,
      flush: queue.flush,
      hasUnsendable: queue.hasUnsendable,
    }),
    [snapshot, queue],
  );
}
