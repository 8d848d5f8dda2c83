import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http';
import { testWorkItem } from './calendar-test-items';
import {
  type CacheStorage,
  cardListCacheMaxAgeMs,
  isServerUnreachable,
  loadWorkItems,
  offlineCacheHitEvent,
  offlineCopyMaxItems,
  readWorkItems,
  saveWorkItems,
  workItemsCacheKey,
} from './offline-work-items';

const tenantId = '0190a000-0000-7000-8000-000000000001';
const teamId = '0190a000-0000-7000-8000-000000000002';
const otherTeamId = '0190a000-0000-7000-8000-000000000003';

function memoryStorage(): CacheStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => {
      entries.set(key, value);
    },
    removeItem: (key) => {
      entries.delete(key);
    },
  };
}

const items = [testWorkItem({ workItemId: 'SUN-00001' }), testWorkItem({ workItemId: 'SUN-00002' })];
const savedAt = new Date('2026-11-20T10:00:00.000Z');
const later = (ms: number) => new Date(savedAt.getTime() + ms);
const offline = () => Promise.reject(new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the offline copy of a team's work items", () => {
  it('is saved on a load from the server and used, reported, when the server cannot be reached', async () => {
    const storage = memoryStorage();
    const loaded = await loadWorkItems({
      tenantId,
      teamId,
      mine: false,
      storage,
      now: () => savedAt,
      fetchList: async () => ({ items, total: 2 }),
    });
    expect(loaded).toEqual({ items, total: 2, source: 'server', savedAt: savedAt.toISOString() });
    expect(storage.entries.has(workItemsCacheKey(tenantId, teamId))).toBe(true);

    const later = new Date(savedAt.getTime() + 60 * 60 * 1000);
    const fallback = await loadWorkItems({
      tenantId,
      teamId,
      mine: false,
      storage,
      now: () => later,
      fetchList: offline,
    });
    expect(fallback).toEqual({ items, total: 2, source: 'cache', savedAt: savedAt.toISOString() });
  });

  it('raises the error for a refusal, for My Work, and when there is no valid copy', async () => {
    const storage = memoryStorage();
    saveWorkItems(tenantId, teamId, { items, total: 2 }, { now: savedAt, storage });
    const refused = () => Promise.reject(new ApiError(404, 'NOT_FOUND', 'Team not found'));
    await expect(
      loadWorkItems({ tenantId, teamId, mine: false, storage, now: () => savedAt, fetchList: refused }),
    ).rejects.toThrow('Team not found');
    await expect(
      loadWorkItems({ tenantId, teamId, mine: true, storage, now: () => savedAt, fetchList: offline }),
    ).rejects.toThrow('The server could not be reached');
    const dayLater = new Date(savedAt.getTime() + 24 * 60 * 60 * 1000);
    await expect(
      loadWorkItems({ tenantId, teamId, mine: false, storage, now: () => dayLater, fetchList: offline }),
    ).rejects.toThrow('The server could not be reached');
    // The expired copy is gone.
    expect(storage.entries.size).toBe(0);
  });

  it('discards a copy in another shape', () => {
    const storage = memoryStorage();
    storage.setItem(
      workItemsCacheKey(tenantId, teamId),
      JSON.stringify({ savedAt: savedAt.toISOString(), total: 1, items: [{ id: 'x', title: 'old shape' }] }),
    );
    expect(readWorkItems(tenantId, teamId, { now: savedAt, storage })).toBeUndefined();
    expect(storage.entries.size).toBe(0);
  });
});

describe('saveWorkItems / readWorkItems', () => {
  it('keeps one copy per tenant and team, with the time it was loaded', () => {
    const storage = memoryStorage();
    saveWorkItems(tenantId, teamId, { items, total: 7 }, { now: savedAt, storage });
    expect([...storage.entries.keys()]).toEqual([`wattle.cardList.workItems.${tenantId}.${teamId}`]);
    expect(readWorkItems(tenantId, teamId, { now: later(60_000), storage })).toEqual({
      savedAt: savedAt.toISOString(),
      total: 7,
      items,
    });
    expect(readWorkItems(tenantId, otherTeamId, { now: later(60_000), storage })).toBeUndefined();
  });

  it('keeps no copy of a team past offlineCopyMaxItems, and removes the one it had', () => {
    const storage = memoryStorage();
    saveWorkItems(tenantId, teamId, { items, total: 2 }, { now: savedAt, storage });
    const many = Array.from({ length: offlineCopyMaxItems + 1 }, (_, i) => ({
      ...items[0]!,
      id: `${items[0]!.id.slice(0, -6)}${String(i).padStart(6, '0')}`,
    }));
    saveWorkItems(tenantId, teamId, { items: many, total: many.length }, { now: later(60_000), storage });
    expect(storage.entries.size).toBe(0);
    expect(readWorkItems(tenantId, teamId, { now: later(120_000), storage })).toBeUndefined();
  });

  it('is valid for 24 hours, then removed', () => {
    const storage = memoryStorage();
    saveWorkItems(tenantId, teamId, { items, total: 2 }, { now: savedAt, storage });
    expect(readWorkItems(tenantId, teamId, { now: later(cardListCacheMaxAgeMs - 1), storage })).toBeDefined();
    expect(readWorkItems(tenantId, teamId, { now: later(cardListCacheMaxAgeMs), storage })).toBeUndefined();
    expect(storage.entries.size).toBe(0);
  });

  it('ignores and removes unreadable entries, and a copy dated in the future', () => {
    const storage = memoryStorage();
    const key = workItemsCacheKey(tenantId, teamId);
    for (const raw of [
      'not json',
      'null',
      JSON.stringify({ savedAt: 'yesterday', total: 1, items: [] }),
      JSON.stringify({ savedAt: savedAt.toISOString(), total: '2', items }),
      JSON.stringify({ savedAt: later(60_000).toISOString(), total: 2, items }),
    ]) {
      storage.setItem(key, raw);
      expect(readWorkItems(tenantId, teamId, { now: savedAt, storage })).toBeUndefined();
      expect(storage.entries.has(key)).toBe(false);
    }
  });

  it('survives a full or blocked storage', () => {
    const storage: CacheStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => saveWorkItems(tenantId, teamId, { items, total: 2 }, { storage })).not.toThrow();
    expect(readWorkItems(tenantId, teamId, { storage })).toBeUndefined();
  });
});

describe('the offline cache hit report', () => {
  it("is a 'wattle:offline-cache-hit' window event and an 'offline cache hit' console line", async () => {
    const events: CustomEvent[] = [];
    vi.stubGlobal('window', {
      dispatchEvent: (event: CustomEvent) => {
        events.push(event);
        return true;
      },
    });
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const storage = memoryStorage();
    saveWorkItems(tenantId, teamId, { items, total: 2 }, { now: savedAt, storage });

    await loadWorkItems({
      tenantId,
      teamId,
      mine: false,
      storage,
      now: () => later(1000),
      fetchList: offline,
    });

    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe(offlineCacheHitEvent);
    expect(offlineCacheHitEvent).toBe('wattle:offline-cache-hit');
    expect(events[0]?.detail).toEqual({ tenantId, teamId, savedAt: savedAt.toISOString(), count: 2 });
    expect(info).toHaveBeenCalledWith('offline cache hit: cards', events[0]?.detail);
  });
});

describe('isServerUnreachable', () => {
  it('is true for network errors, timeouts and 5xx only', () => {
    expect(isServerUnreachable(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(true);
    expect(isServerUnreachable(new ApiError(0, 'TIMEOUT', 'x'))).toBe(true);
    expect(isServerUnreachable(new ApiError(503, 'HTTP_503', 'x'))).toBe(true);
    expect(isServerUnreachable(new ApiError(403, 'FORBIDDEN', 'x'))).toBe(false);
    expect(isServerUnreachable(new ApiError(429, 'HTTP_429', 'x'))).toBe(false);
    expect(isServerUnreachable(new Error('x'))).toBe(false);
  });
});
