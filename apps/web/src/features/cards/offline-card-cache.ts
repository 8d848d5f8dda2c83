import { type CardListQuery, CardSummarySchema } from '@wattle/domain/cards/schemas';
import type { z } from 'zod';
import { ApiError, type ListResult } from '../../lib/http';
import { storageKeys } from '../../lib/storage-keys';

/**
 * The browser's copy of a team's card list (spec work section 7, GET /api/cards: "the list is cached
 * locally (timestamp plus list); on failure a valid cached list is used (an 'offline cache hit' event
 * is reported); otherwise the error is raised"). One entry per tenant and team, under
 * `wattle.cardList.<tenantId>.<teamId>`, holding the first page as last loaded; valid for 24 hours.
 *
 * Only what a list shows is kept (no form values or signatures), so the copy stays small and holds
 * nothing of a participant beyond what the list itself displays.
 */

export const cardListCacheMaxAgeMs = 24 * 60 * 60 * 1000;

/** The name of the window event reported when the cached list is shown instead of the server's. */
export const offlineCacheHitEvent = 'wattle:offline-cache-hit';

/** What a list of cards shows of each card: the one shape kept, and checked again when read back. */
const CardListItemSchema = CardSummarySchema.pick({
  id: true,
  teamId: true,
  workItemId: true,
  type: true,
  title: true,
  templateId: true,
  templateName: true,
  status: true,
  state: true,
  priority: true,
  category: true,
  assigneeId: true,
  assigneeName: true,
  startDate: true,
  dueDate: true,
  version: true,
  createdAt: true,
  updatedAt: true,
}).extend({ compliance: CardSummarySchema.shape.compliance.pick({ isCompliant: true, completion: true }) });
export type CardListItem = z.infer<typeof CardListItemSchema>;

/** Only what the list shows; zod drops every other key. */
export function toCardListItem(card: CardListItem): CardListItem {
  return CardListItemSchema.parse(card);
}

export interface CachedCardList {
  /** When the list was loaded from the server (ISO instant). */
  savedAt: string;
  total: number;
  cards: CardListItem[];
}

/** The parts of localStorage the cache uses; tests pass a Map-backed one. */
export type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function cardListCacheKey(tenantId: string, teamId: string): string {
  return `${storageKeys.cardListCache}.${tenantId}.${teamId}`;
}

function browserStorage(): CacheStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage blocked by the browser's privacy settings.
    return undefined;
  }
}

/** A stored card as this version of the app wrote it; anything else (an older shape, an edit by hand) is ignored. */
function isCardListItem(value: unknown): value is CardListItem {
  return CardListItemSchema.safeParse(value).success;
}

/** Keeps the first page of a team's cards as just loaded; a full or blocked storage is ignored. */
export function saveCardList(
  tenantId: string,
  teamId: string,
  list: { cards: readonly CardListItem[]; total: number },
  options: { now?: Date; storage?: CacheStorage } = {},
): void {
  const storage = options.storage ?? browserStorage();
  if (!storage) return;
  const entry: CachedCardList = {
    savedAt: (options.now ?? new Date()).toISOString(),
    total: list.total,
    cards: list.cards.map(toCardListItem),
  };
  try {
    storage.setItem(cardListCacheKey(tenantId, teamId), JSON.stringify(entry));
  } catch {
    // Quota exceeded or storage blocked: there is simply no offline copy.
  }
}

/**
 * The team's cached list while it is valid (saved less than 24 hours ago); undefined when there is
 * none, it is unreadable or it has expired (an expired or unreadable entry is removed).
 */
export function readCardList(
  tenantId: string,
  teamId: string,
  options: { now?: Date; storage?: CacheStorage } = {},
): CachedCardList | undefined {
  const storage = options.storage ?? browserStorage();
  if (!storage) return undefined;
  const key = cardListCacheKey(tenantId, teamId);
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
  const { savedAt, total, cards } = parsed as Record<string, unknown>;
  const savedAtMs = typeof savedAt === 'string' ? Date.parse(savedAt) : Number.NaN;
  if (
    Number.isNaN(savedAtMs) ||
    typeof total !== 'number' ||
    !Array.isArray(cards) ||
    !cards.every(isCardListItem)
  ) {
    return discard();
  }
  const age = (options.now ?? new Date()).getTime() - savedAtMs;
  // A copy from the future (the clock was changed) is as doubtful as an old one.
  if (age < 0 || age >= cardListCacheMaxAgeMs) return discard();
  return { savedAt: savedAt as string, total, cards };
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

export interface TeamCardsPage {
  cards: CardListItem[];
  total: number;
  limit: number;
  offset: number;
  /** 'server': just loaded; 'cache': the server could not be reached and this is the saved copy. */
  source: 'server' | 'cache';
  /** When the shown list was loaded from the server. */
  savedAt: string;
}

/**
 * One page of a team's cards: from the server (which refreshes the saved copy of the first page), or,
 * when the server cannot be reached (network error, timeout or 5xx after the retries the fetcher
 * makes), the valid saved copy of the first page with an 'offline cache hit' reported. Any other
 * failure, or no valid copy, raises the error.
 */
export async function loadTeamCards(options: {
  tenantId: string;
  teamId: string;
  limit: number;
  offset: number;
  fetchPage: (query: Partial<CardListQuery>) => Promise<ListResult<CardListItem>>;
  storage?: CacheStorage;
  now?: () => Date;
}): Promise<TeamCardsPage> {
  const { tenantId, teamId, limit, offset, fetchPage, storage } = options;
  const now = options.now ?? (() => new Date());
  try {
    const result = await fetchPage({ teamId, limit, offset });
    const cards = result.data.map(toCardListItem);
    const loadedAt = now();
    if (offset === 0)
      saveCardList(tenantId, teamId, { cards, total: result.meta.total }, { now: loadedAt, storage });
    return {
      cards,
      total: result.meta.total,
      limit: result.meta.limit,
      offset: result.meta.offset,
      source: 'server',
      savedAt: loadedAt.toISOString(),
    };
  } catch (error) {
    if (!isServerUnreachable(error)) throw error;
    const cached = readCardList(tenantId, teamId, { now: now(), storage });
    // Only the first page is kept; a later page cannot be shown offline.
    if (!cached || offset !== 0) throw error;
    reportOfflineCacheHit({ tenantId, teamId, savedAt: cached.savedAt, count: cached.cards.length });
    return {
      cards: cached.cards,
      total: cached.total,
      limit,
      offset: 0,
      source: 'cache',
      savedAt: cached.savedAt,
    };
  }
}
