import type { WorkItem } from '@wattle/domain/cards/schemas';
import { isWorkItem } from '@wattle/domain/cards/work-item-guard';
import { ApiError } from '../../lib/http';
import { storageKeys } from '../../lib/storage-keys';

/**
 * The browser's copy of a team's work items (spec work section 7: "the list is cached locally
 * (timestamp plus list); on failure a valid cached list is used (an 'offline cache hit' event is
 * reported); otherwise the error is raised"). One entry per tenant and team under `wattle.cardList.workItems.<tenantId>.<teamId>`,
 * valid for 24 hours, holding only what the views show. My Work (the caller's own items) is not
 * kept: the team's copy already holds them.
 */

/** How long a saved copy may be shown: 24 hours from its load. */
export const cardListCacheMaxAgeMs = 24 * 60 * 60 * 1000;

/** The name of the window event reported when the cached list is shown instead of the server's. */
export const offlineCacheHitEvent = 'wattle:offline-cache-hit';

/** The parts of localStorage the cache uses; tests pass a Map-backed one. */
export type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isWorkItemList = (value: unknown): value is WorkItem[] =>
  Array.isArray(value) && value.every(isWorkItem);

export interface CachedWorkItems {
  savedAt: string;
  total: number;
  items: WorkItem[];
}

export function workItemsCacheKey(tenantId: string, teamId: string): string {
  return `${storageKeys.cardListCache}.workItems.${tenantId}.${teamId}`;
}

function browserStorage(): CacheStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage blocked by the browser's privacy settings.
    return undefined;
  }
}

export interface OfflineCacheHitDetail {
  tenantId: string;
  teamId: string;
  savedAt: string;
  count: number;
}

/** Reports that the cached list was shown because the server could not be reached. */
export function reportOfflineCacheHit(detail: OfflineCacheHitDetail): void {
  // biome-ignore lint/suspicious/noConsole: the report the spec asks for, where support staff look first
  console.info('offline cache hit: cards', detail);
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent<OfflineCacheHitDetail>(offlineCacheHitEvent, { detail }));
  }
}

/** The server could not be reached or failed (network error, timeout, 5xx): not a refusal of the request. */
export function isServerUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * The most work items the offline copy keeps. Writing it is synchronous (JSON.stringify and
 * localStorage.setItem on the main thread): at 10,000 items, 5.4 MB of JSON, that was a 100 ms task
 * right after the board was drawn (issue 19), and more than localStorage holds for a site anyway. A
 * team over this size keeps no copy, and an older one is removed, so the board offline never shows a
 * list that has since been left behind.
 */
export const offlineCopyMaxItems = 2000;

/** Keeps a team's work items as just loaded; a full or blocked storage is ignored. */
export function saveWorkItems(
  tenantId: string,
  teamId: string,
  list: { items: readonly WorkItem[]; total: number },
  options: { now?: Date; storage?: CacheStorage } = {},
): void {
  const storage = options.storage ?? browserStorage();
  if (!storage) return;
  if (list.items.length > offlineCopyMaxItems) {
    try {
      storage.removeItem(workItemsCacheKey(tenantId, teamId));
    } catch {
      // Storage blocked: there is no copy to leave behind.
    }
    return;
  }
  const entry: CachedWorkItems = {
    savedAt: (options.now ?? new Date()).toISOString(),
    total: list.total,
    items: [...list.items],
  };
  try {
    storage.setItem(workItemsCacheKey(tenantId, teamId), JSON.stringify(entry));
  } catch {
    // Quota exceeded or storage blocked: there is simply no offline copy.
  }
}

/** The valid copy (saved under 24 hours ago, in this version's shape), or undefined (a bad one is removed). */
export function readWorkItems(
  tenantId: string,
  teamId: string,
  options: { now?: Date; storage?: CacheStorage } = {},
): CachedWorkItems | undefined {
  const storage = options.storage ?? browserStorage();
  if (!storage) return undefined;
  const key = workItemsCacheKey(tenantId, teamId);
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  const discard = () => {
    try {
      storage.removeItem(key);
    } catch {
      // Nothing more to do.
    }
    return undefined;
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return discard();
  }
  if (typeof parsed !== 'object' || parsed === null) return discard();
  const { savedAt, total, items } = parsed as Record<string, unknown>;
  const savedAtMs = typeof savedAt === 'string' ? Date.parse(savedAt) : Number.NaN;
  if (Number.isNaN(savedAtMs) || typeof total !== 'number' || !isWorkItemList(items)) return discard();
  const age = (options.now ?? new Date()).getTime() - savedAtMs;
  // A copy from the future (the clock was changed) is as doubtful as an old one.
  if (age < 0 || age >= cardListCacheMaxAgeMs) return discard();
  return { savedAt: savedAt as string, total, items };
}

export interface LoadedWorkItems {
  items: WorkItem[];
  total: number;
  /** 'server': just loaded; 'cache': the server could not be reached and this is the saved copy. */
  source: 'server' | 'cache';
  /** When the shown list was loaded from the server. */
  savedAt: string;
}

/**
 * A team's work items from the server (which renews the saved copy, after the page has drawn them),
 * or, when the server cannot be reached (network error, timeout or 5xx after the fetcher's retries),
 * the valid saved copy with an 'offline cache hit' reported. Any other failure, or no copy, raises.
 */
export async function loadWorkItems(options: {
  tenantId: string;
  teamId: string;
  mine: boolean;
  fetchList: () => Promise<{ items: WorkItem[]; total: number }>;
  storage?: CacheStorage;
  now?: () => Date;
  /** Runs the save later (idle time in the browser), so it never delays drawing the list. */
  defer?: (task: () => void) => void;
}): Promise<LoadedWorkItems> {
  const { tenantId, teamId, mine, fetchList, storage } = options;
  const now = options.now ?? (() => new Date());
  const defer = options.defer ?? ((task: () => void) => task());
  try {
    const list = await fetchList();
    const loadedAt = now();
    if (!mine) defer(() => saveWorkItems(tenantId, teamId, list, { now: loadedAt, storage }));
    return { ...list, source: 'server', savedAt: loadedAt.toISOString() };
  } catch (error) {
    if (mine || !isServerUnreachable(error)) throw error;
    const cached = readWorkItems(tenantId, teamId, { now: now(), storage });
    if (!cached) throw error;
    reportOfflineCacheHit({ tenantId, teamId, savedAt: cached.savedAt, count: cached.items.length });
    return { items: cached.items, total: cached.total, source: 'cache', savedAt: cached.savedAt };
  }
}
