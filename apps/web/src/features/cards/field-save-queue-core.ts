import type { Card, CardConflictDetails, PatchCardInput } from '@wattle/domain/cards/schemas';
import type { FieldValue } from '@wattle/domain/templates/schemas';
import type { EnqueueOptions, QueuedChange, QueueItemState } from './field-save-queue';

/**
 * The field-save queue of one card (spec work section 4 "Field-save queue"; DESIGN.md 7: nothing is
 * simulated), as a plain class so it can be tested without a browser. The React hook in
 * `field-save-queue.ts` is a thin layer over it.
 *
 * - Items go queued → saving → saved (then leave the queue) or failed. One save at a time.
 * - A newer change to a key replaces a queued (not yet sending) or failed item of that key.
 * - Each save sends the version the user saw when making the change; the server merges per field.
 *   A later change of a key this queue itself saved is sent from that save's version.
 * - Network errors, 5xx and 429 are retried (400 ms × attempt, twice), then the item shows as failed
 *   and is retried every few seconds, and at once when the browser says it is online again.
 * - 409: failed with the conflict (the card as it is now); `retry()` sends it again over the other
 *   writer's value, `acceptTheirs()` drops it. Any other 4xx is final: reported, then dropped.
 * - Pending items are kept in storage, so a reload sends them again. While they cannot reach the
 *   server (offline, or network errors and 5xx after the quick retries) the status is 'local':
 *   'Saved on this device only'.
 * - Leaving (the tab closes or is hidden): `sendOnExit()` sends every waiting item at once with
 *   keepalive, since the one-at-a-time chain would not outlive the page.
 */

export interface SaveQueueItem extends QueuedChange {
  /** Local id of the item (persisted with it). */
  id: string;
  state: QueueItemState;
  /** Why it failed, as the server or the network said. */
  error?: string;
  /** The 409 answer when someone else changed the field first. */
  conflict?: CardConflictDetails;
  /** Show 'Changed {label}.' with Undo after it saves. */
  toast: boolean;
  /** Failed sends of this item since it was last queued. */
  attempts: number;
  /** Failed for a reason that may pass (network, 5xx, 429): sent again automatically. */
  autoRetry: boolean;
}

/**
 * 'local': changes wait on this device (kept in storage) because the server cannot be reached;
 * 'failed': a change was refused or conflicts, and waits for the user.
 */
export type SaveQueueStatus = 'idle' | 'saving' | 'saved' | 'local' | 'failed';

export interface SaveQueueSnapshot {
  status: SaveQueueStatus;
  pending: readonly SaveQueueItem[];
  conflict: CardConflictDetails | null;
  /** The message of the last failure (kept after a refused item was dropped) until the next save. */
  lastError: string | null;
  /** When the last save finished (ms since the epoch), null before the first. */
  lastSavedAt: number | null;
}

/** What the queue needs from localStorage (injected so tests can use a Map). */
export interface SaveQueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SaveQueueTimers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface SaveQueueOptions {
  tenantId: string;
  cardId: string;
  /**
   * Sends one change: `PATCH /api/cards/{id}` (patchCard of api.ts). `keepalive` is set when the page
   * is being left, so the request outlives it.
   */
  patch: (input: PatchCardInput, options?: { keepalive?: boolean }) => Promise<Card>;
  /** Whether the browser says it is online (navigator.onLine); online when absent. */
  isOnline?: () => boolean;
  storage?: SaveQueueStorage | null;
  /** The card as the page knows it now (the query cache), for flush() and undo. */
  getCard?: () => Card | undefined;
  /** After each successful save, with the server's answer. */
  onSaved?: (card: Card, item: SaveQueueItem) => void;
  /** After a 409, with the card as it is now. */
  onConflict?: (details: CardConflictDetails, item: SaveQueueItem) => void;
  /** After a save of an item enqueued with `toast: true`: show 'Changed {label}.' with Undo. */
  onChanged?: (item: SaveQueueItem, undo: () => void) => void;
  /** A change the server refused for good (400, 403, 404, 422): show the message. */
  onRefused?: (item: SaveQueueItem, message: string) => void;
  timers?: SaveQueueTimers;
  /** Delay before quick retry number `attempt` (1, 2): 400 ms × attempt (spec work section 7). */
  retryDelayMs?: (attempt: number) => number;
  /** Quick retries before an item shows as failed (spec: 2). */
  quickRetries?: number;
  /** Then: the pause between automatic retries while offline or the server is failing. */
  offlineRetryMs?: number;
  now?: () => number;
  newId?: () => string;
}

/** The storage key of a card's queue (storage-keys.ts `saveQueue`). */
export function saveQueueStorageKey(prefix: string, tenantId: string, cardId: string): string {
  return `${prefix}.${tenantId}.${cardId}`;
}

interface StoredQueue {
  v: 1;
  items: SaveQueueItem[];
  savedVersions: Record<string, number>;
}

type Failure =
  | { kind: 'retryable'; message: string }
  | { kind: 'conflict'; message: string; details: CardConflictDetails | null }
  | { kind: 'refused'; message: string };

/** Sorts failures by what the queue does with them; reads ApiError's shape without importing it. */
export function classifyFailure(error: unknown): Failure {
  const status =
    typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
      ? (error as { status: number }).status
      : 0;
  const message = error instanceof Error && error.message ? error.message : 'The change could not be saved.';
  if (status === 0 || status === 429 || status >= 500) return { kind: 'retryable', message };
  if (status === 409) {
    const details = (error as { details?: unknown }).details;
    return { kind: 'conflict', message, details: isConflictDetails(details) ? details : null };
  }
  return { kind: 'refused', message };
}

function isConflictDetails(value: unknown): value is CardConflictDetails {
  if (typeof value !== 'object' || value === null) return false;
  const { current, conflictingFields } = value as Partial<CardConflictDetails>;
  return (
    typeof current === 'object' &&
    current !== null &&
    typeof current.version === 'number' &&
    Array.isArray(conflictingFields)
  );
}

/** The value a key names on a card: `title`, `fieldValues.<id>`, `status` … */
export function cardValueAt(card: Card, key: string): unknown {
  if (key.startsWith('fieldValues.')) return card.fieldValues[key.slice('fieldValues.'.length)];
  return (card as unknown as Record<string, unknown>)[key];
}

/** The value a change sets for its key. */
export function patchValueAt(patch: QueuedChange['patch'], key: string): unknown {
  if (key.startsWith('fieldValues.')) return patch.fieldValues?.[key.slice('fieldValues.'.length)];
  return (patch as Record<string, unknown>)[key];
}

/** The change that sets a key back to a value (Undo). */
export function patchSetting(key: string, value: unknown): QueuedChange['patch'] {
  if (key.startsWith('fieldValues.')) {
    return {
      fieldValues: { [key.slice('fieldValues.'.length)]: (value ?? null) as FieldValue },
    };
  }
  return { [key]: value ?? null } as QueuedChange['patch'];
}

/** JSON with object keys sorted, so equal values compare equal whatever their key order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

export function sameValue(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

/** The card as the user sees it: the server's card with the unsaved changes laid over it. */
export function withPendingChanges(card: Card, pending: readonly Pick<SaveQueueItem, 'patch'>[]): Card {
  if (pending.length === 0) return card;
  let view: Card = card;
  for (const { patch } of pending) {
    const { fieldValues, submit: _submit, intent: _intent, ...fields } = patch;
    view = {
      ...view,
      ...(fields as Partial<Card>),
      fieldValues: fieldValues
        ? Object.fromEntries(
            Object.entries({ ...view.fieldValues, ...fieldValues }).filter(([, value]) => value !== null),
          )
        : view.fieldValues,
    };
  }
  return view;
}

const defaultTimers: SaveQueueTimers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

let idCounter = 0;
function defaultId(): string {
  idCounter += 1;
  return `${Date.now().toString(36)}-${idCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

interface FlushWaiter {
  resolve: (card: Card) => void;
  reject: (error: Error) => void;
}

export class CardSaveQueueCore {
  private items: SaveQueueItem[] = [];
  /** Ids of every item this queue has held (the rest in storage belong to another tab). */
  private knownIds = new Set<string>();
  private savedVersions = new Map<string, number>();
  private sending: SaveQueueItem | null = null;
  private pauseHandle: unknown = null;
  private conflict: CardConflictDetails | null = null;
  private lastError: string | null = null;
  private lastErrorKind: Failure['kind'] | null = null;
  private lastSavedAt: number | null = null;
  private lastCard: Card | undefined;
  private listeners = new Set<() => void>();
  private waiters: FlushWaiter[] = [];
  private snapshot: SaveQueueSnapshot;
  private readonly storageKey: string;
  private readonly timers: SaveQueueTimers;

  constructor(
    private readonly options: SaveQueueOptions,
    storagePrefix = 'wattle.saveQueue',
  ) {
    this.storageKey = saveQueueStorageKey(storagePrefix, options.tenantId, options.cardId);
    this.timers = options.timers ?? defaultTimers;
    this.load();
    this.snapshot = this.buildSnapshot();
    this.pump();
  }

  // Arrow properties, so components can pass them around unbound.

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): SaveQueueSnapshot => this.snapshot;

  readonly enqueue = (change: QueuedChange, options: EnqueueOptions = {}): void => {
    const toast = options.toast ?? false;
    this.lastError = null;
    this.lastErrorKind = null;
    const index = this.items.findIndex(
      (item) => item.key === change.key && item !== this.sending && item.state !== 'saving',
    );
    const existing = index >= 0 ? this.items[index] : undefined;
    if (existing) {
      // A newer change replaces the one not yet sent (or failed); Undo still goes back to the value
      // before the first of them, which is what the server holds.
      this.items[index] = {
        ...existing,
        label: change.label,
        patch: change.patch,
        baseVersion: Math.max(change.baseVersion, existing.conflict ? existing.conflict.current.version : 0),
        state: 'queued',
        error: undefined,
        conflict: undefined,
        toast,
        attempts: 0,
        autoRetry: false,
      };
    } else {
      const id = (this.options.newId ?? defaultId)();
      this.knownIds.add(id);
      this.items.push({
        ...change,
        id,
        state: 'queued',
        toast,
        attempts: 0,
        autoRetry: false,
      });
    }
    this.refreshConflict();
    this.changed();
    this.pump();
  };

  /** Sends the failed items again; a conflicting one goes over the other writer's value. */
  readonly retry = (): void => {
    this.lastError = null;
    this.lastErrorKind = null;
    this.items = this.items.map((item) =>
      item.state === 'failed'
        ? {
            ...item,
            state: 'queued',
            baseVersion: item.conflict ? item.conflict.current.version : item.baseVersion,
            conflict: undefined,
            error: undefined,
            attempts: 0,
            autoRetry: false,
          }
        : item,
    );
    this.conflict = null;
    this.unpause();
    this.changed();
    this.pump();
  };

  /** Drops the conflicting items and takes the other writer's values. */
  readonly acceptTheirs = (): void => {
    const dropped = this.items.filter((item) => item.state === 'failed' && item.conflict);
    if (dropped.length === 0) return;
    this.items = this.items.filter((item) => !dropped.includes(item));
    const newest = dropped
      .map((item) => item.conflict!.current)
      .reduce((a, b) => (b.version > a.version ? b : a));
    this.rememberCard(newest);
    this.options.onSaved?.(newest, dropped[0]!);
    this.refreshConflict();
    this.changed();
    this.pump();
  };

  readonly flush = (): Promise<Card> =>
    new Promise<Card>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.settleWaiters();
    });

  /** Sends again what waits for the network now (the browser's `online` event). */
  readonly resume = (): void => {
    if (!this.items.some((item) => item.autoRetry) && this.pauseHandle === null) return;
    this.items = this.items.map((item) =>
      item.autoRetry && item.state === 'failed' ? { ...item, state: 'queued' } : item,
    );
    this.unpause();
    this.changed();
    this.pump();
  };

  /** The browser went online or offline: the status says so at once; back online, waiting items go. */
  readonly networkChanged = (): void => {
    this.changed();
    if (!this.options.isOnline || this.options.isOnline()) this.resume();
  };

  /** Stops timers (tests, or a queue no longer needed). Pending items stay in storage. */
  readonly dispose = (): void => {
    this.unpause();
    this.listeners.clear();
  };

  get hasPending(): boolean {
    return this.items.length > 0;
  }

  /**
   * Changes that cannot be sent now: pending while offline, failed to reach the server, refused, or
   * in conflict. Leaving the page with these asks first; anything else is simply sent.
   */
  get hasUnsendable(): boolean {
    // A refused change already dropped is not waiting anywhere here (an editor keeping its value
    // reports that itself).
    return this.items.length > 0 && (this.snapshot.status === 'local' || this.snapshot.status === 'failed');
  }

  /**
   * The page is being left (pagehide, or hidden): every waiting item is sent now, together and with
   * keepalive, instead of one after another (the chain would die with the page). An answer that
   * arrives while the page still lives is taken like any save; an item the pump sends again meanwhile
   * is answered as already saved (the 409 of the same value). Returns how many were sent.
   */
  readonly sendOnExit = (): number => {
    const waiting = this.items.filter(
      (item) =>
        item !== this.sending &&
        item.state !== 'saving' &&
        (item.state === 'queued' || (item.state === 'failed' && item.autoRetry)),
    );
    for (const item of waiting) {
      const version = Math.max(item.baseVersion, this.savedVersions.get(item.key) ?? 0);
      this.options.patch({ ...item.patch, version }, { keepalive: true }).then(
        (card) => this.savedOnExit(item, card),
        () => {
          // Still in the queue and in storage: sent again by the pump or on the next visit.
        },
      );
    }
    return waiting.length;
  };

  private undo(item: SaveQueueItem, saved: Card): void {
    this.enqueue({
      key: item.key,
      label: item.label,
      patch: { ...patchSetting(item.key, item.previous), intent: 'undo' },
      previous: cardValueAt(saved, item.key),
      baseVersion: Math.max(saved.version, this.lastCard?.version ?? 0),
    });
  }

  private pump(): void {
    if (this.sending || this.pauseHandle !== null) {
      this.settleWaiters();
      return;
    }
    const next = this.items.find((item) => item.state === 'queued');
    if (!next) {
      this.settleWaiters();
      return;
    }
    void this.send(next);
  }

  private async send(queued: SaveQueueItem): Promise<void> {
    const item: SaveQueueItem = { ...queued, state: 'saving' };
    this.replace(queued, item);
    this.sending = item;
    this.changed();
    const version = Math.max(item.baseVersion, this.savedVersions.get(item.key) ?? 0);
    try {
      const card = await this.options.patch({ ...item.patch, version });
      this.succeeded(item, card);
    } catch (error) {
      this.failed(item, error);
    } finally {
      this.sending = null;
      this.changed();
      this.pump();
    }
  }

  /** A keepalive save of `sendOnExit` answered while the page lives: the same as a pump's save. */
  private savedOnExit(sent: SaveQueueItem, card: Card): void {
    const current = this.items.find((item) => item.id === sent.id);
    // Gone (saved by the pump), being sent by the pump, or changed since: the pump deals with it.
    if (!current || current.state === 'saving' || !sameValue(current.patch, sent.patch)) return;
    this.succeeded(current, card);
    this.changed();
    this.pump();
  }

  private succeeded(item: SaveQueueItem, card: Card): void {
    this.items = this.items
      .filter((candidate) => candidate.id !== item.id)
      .map((candidate) =>
        // The user's newer change of this key was made on top of the value just saved.
        candidate.key === item.key && candidate.baseVersion < card.version
          ? { ...candidate, baseVersion: card.version }
          : candidate,
      );
    this.savedVersions.set(item.key, card.version);
    this.lastError = null;
    this.lastErrorKind = null;
    this.lastSavedAt = (this.options.now ?? Date.now)();
    this.rememberCard(card);
    this.options.onSaved?.(card, item);
    if (item.toast) this.options.onChanged?.(item, () => this.undo(item, card));
  }

  private failed(item: SaveQueueItem, error: unknown): void {
    const failure = classifyFailure(error);
    if (failure.kind === 'conflict' && failure.details) {
      const { current } = failure.details;
      // Sent twice (a reload while the first answer was on its way): the server already holds it.
      const alreadySaved = failure.details.conflictingFields.every((field) =>
        field === item.key ? sameValue(cardValueAt(current, field), patchValueAt(item.patch, field)) : false,
      );
      if (alreadySaved && failure.details.conflictingFields.length > 0) {
        this.succeeded(item, current);
        return;
      }
      this.rememberCard(current);
      const failedItem: SaveQueueItem = {
        ...item,
        state: 'failed',
        error: failure.message,
        conflict: failure.details,
        autoRetry: false,
      };
      this.replace(item, failedItem);
      this.lastError = failure.message;
      this.lastErrorKind = 'conflict';
      this.refreshConflict();
      this.options.onConflict?.(failure.details, failedItem);
      return;
    }
    if (failure.kind === 'retryable') {
      const attempts = item.attempts + 1;
      const quick = this.options.quickRetries ?? 2;
      if (attempts <= quick) {
        this.replace(item, { ...item, state: 'queued', attempts, error: failure.message });
        this.pause((this.options.retryDelayMs ?? ((n) => 400 * n))(attempts));
        return;
      }
      this.replace(item, { ...item, state: 'failed', attempts, error: failure.message, autoRetry: true });
      this.lastError = failure.message;
      this.lastErrorKind = 'retryable';
      this.pause(this.options.offlineRetryMs ?? 5000);
      return;
    }
    // Refused for good (or a 409 without its details): say why, drop it, show the server's value.
    const refused: SaveQueueItem = { ...item, state: 'failed', error: failure.message };
    this.items = this.items.filter((candidate) => candidate.id !== item.id);
    this.lastError = failure.message;
    this.lastErrorKind = 'refused';
    this.rejectWaiters(new Error(failure.message));
    this.options.onRefused?.(refused, failure.message);
  }

  private replace(old: SaveQueueItem, next: SaveQueueItem): void {
    this.items = this.items.map((candidate) => (candidate.id === old.id ? next : candidate));
  }

  private pause(ms: number): void {
    this.unpause();
    this.pauseHandle = this.timers.set(() => {
      this.pauseHandle = null;
      this.items = this.items.map((item) =>
        item.autoRetry && item.state === 'failed' ? { ...item, state: 'queued' } : item,
      );
      this.changed();
      this.pump();
    }, ms);
  }

  private unpause(): void {
    if (this.pauseHandle === null) return;
    this.timers.clear(this.pauseHandle);
    this.pauseHandle = null;
  }

  private rememberCard(card: Card): void {
    if (!this.lastCard || card.version >= this.lastCard.version) this.lastCard = card;
  }

  private refreshConflict(): void {
    const conflicted = this.items.filter((item) => item.state === 'failed' && item.conflict);
    this.conflict = conflicted.at(-1)?.conflict ?? null;
  }

  private settleWaiters(): void {
    if (this.waiters.length === 0) return;
    const failedItem = this.items.find((item) => item.state === 'failed');
    if (failedItem) {
      this.rejectWaiters(new Error(failedItem.error ?? 'The change could not be saved.'));
      return;
    }
    if (this.items.length > 0) return;
    const fromCache = this.options.getCard?.();
    const card =
      fromCache && (!this.lastCard || fromCache.version >= this.lastCard.version) ? fromCache : this.lastCard;
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) {
      if (card) waiter.resolve(card);
      else waiter.reject(new Error('The card is not loaded.'));
    }
  }

  private rejectWaiters(error: Error): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.reject(error);
  }

  private changed(): void {
    this.persist();
    this.snapshot = this.buildSnapshot();
    for (const listener of [...this.listeners]) listener();
  }

  private buildSnapshot(): SaveQueueSnapshot {
    const failed = this.items.filter((item) => item.state === 'failed');
    const isBusy = this.items.length > 0;
    const isOffline = this.options.isOnline ? !this.options.isOnline() : false;
    // Waiting for the network only (no refusal, no conflict): kept on this device until it is back.
    const isLocal =
      isBusy &&
      failed.every((item) => item.autoRetry) &&
      (failed.length > 0 || isOffline) &&
      this.lastErrorKind !== 'refused';
    const status: SaveQueueStatus = isLocal
      ? 'local'
      : failed.length > 0 || (this.lastError !== null && !isBusy)
        ? 'failed'
        : isBusy
          ? 'saving'
          : this.lastSavedAt !== null
            ? 'saved'
            : 'idle';
    return {
      status,
      pending: this.items,
      conflict: this.conflict,
      lastError: this.lastError,
      lastSavedAt: this.lastSavedAt,
    };
  }

  /**
   * Writes this queue's items, keeping those another tab of the same card stored meanwhile (ids this
   * queue never held), so one tab's save does not wipe the other's unsaved change.
   */
  private persist(): void {
    const storage = this.options.storage;
    if (!storage) return;
    try {
      const foreign = this.readStored()?.items.filter((item) => !this.knownIds.has(item.id)) ?? [];
      const items = [...foreign, ...this.items];
      if (items.length === 0) {
        storage.removeItem(this.storageKey);
        return;
      }
      const stored: StoredQueue = {
        v: 1,
        items,
        savedVersions: Object.fromEntries(this.savedVersions),
      };
      storage.setItem(this.storageKey, JSON.stringify(stored));
    } catch {
      // Full or blocked storage: the queue still works for this page's life.
    }
  }

  private readStored(): StoredQueue | undefined {
    const storage = this.options.storage;
    if (!storage) return undefined;
    let stored: unknown;
    try {
      const raw = storage.getItem(this.storageKey);
      stored = raw === null ? undefined : JSON.parse(raw);
    } catch {
      return undefined;
    }
    if (!isStoredQueue(stored)) return undefined;
    return { ...stored, items: stored.items.filter(isStoredItem) };
  }

  private load(): void {
    const stored = this.readStored();
    if (!stored) return;
    for (const [key, version] of Object.entries(stored.savedVersions)) {
      if (typeof version === 'number') this.savedVersions.set(key, version);
    }
    // What was being sent, or waiting for the network, is sent again; conflicts wait for a choice.
    for (const item of stored.items) this.knownIds.add(item.id);
    this.items = stored.items.map((item) =>
      item.state === 'failed' && item.conflict
        ? item
        : { ...item, state: 'queued', attempts: 0, autoRetry: false, error: undefined },
    );
    this.refreshConflict();
  }
}

function isStoredQueue(value: unknown): value is StoredQueue {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as StoredQueue).v === 1 &&
    Array.isArray((value as StoredQueue).items) &&
    typeof (value as StoredQueue).savedVersions === 'object' &&
    (value as StoredQueue).savedVersions !== null
  );
}

function isStoredItem(value: unknown): value is SaveQueueItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<SaveQueueItem>;
  return (
    typeof item.id === 'string' &&
    typeof item.key === 'string' &&
    typeof item.label === 'string' &&
    typeof item.baseVersion === 'number' &&
    typeof item.patch === 'object' &&
    item.patch !== null
  );
}
