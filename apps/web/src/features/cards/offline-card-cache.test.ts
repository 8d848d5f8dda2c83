import type { Card } from '@wattle/domain/cards/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ListResult } from '../../lib/http';
import {
  type CacheStorage,
  type CardListItem,
  cardListCacheKey,
  cardListCacheMaxAgeMs,
  isServerUnreachable,
  loadTeamCards,
  offlineCacheHitEvent,
  readCardList,
  saveCardList,
} from './offline-card-cache';

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

/** A card as the server sends it, form values and all. */
function serverCard(n: number): Card {
  return {
    id: `0190a000-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
    tenantId,
    teamId,
    workItemId: `SUN-${String(n).padStart(5, '0')}`,
    type: 'incident',
    templateId: 'incident-report',
    templateName: 'Incident Report',
    title: `Incident ${n}`,
    description: 'At the park',
    participantId: null,
    assigneeId: null,
    assigneeName: null,
    status: 'draft',
    state: 'todo',
    ndisStatus: 'draft',
    workflowStateId: null,
    priority: 'medium',
    category: 'incident',
    startDate: null,
    dueDate: '2026-03-02',
    tags: ['urgent'],
    fieldValues: { 'incident-description': '<p>Private detail of the participant</p>' },
    completedRequirements: { fields: [], documents: [], approvals: [] },
    compliance: {
      isCompliant: false,
      completion: 40,
      issues: [
        { id: 'missing-field:x', type: 'missing-field', severity: 'high', description: 'x', fieldId: 'x' },
      ],
      lastValidation: '2026-03-01T00:00:00.000Z',
    },
    billable: true,
    estimatedAmountCents: 0,
    version: 3,
    createdAt: '2026-03-01T00:00:00.000Z',
    updatedAt: '2026-03-01T01:00:00.000Z',
    createdBy: null,
    createdByName: null,
    lastModifiedBy: null,
    lastModifiedByName: null,
  };
}

function listOf(cards: Card[], total = cards.length): ListResult<CardListItem> {
  return { data: cards, meta: { total, limit: 50, offset: 0 } };
}

const savedAt = new Date('2026-03-01T10:00:00.000Z');
const later = (ms: number) => new Date(savedAt.getTime() + ms);

describe('saveCardList / readCardList', () => {
  it('keeps the list per tenant and team with its time, without form values or issues', () => {
    const storage = memoryStorage();
    saveCardList(
      tenantId,
      teamId,
      { cards: [serverCard(1), serverCard(2)], total: 7 },
      { now: savedAt, storage },
    );

    expect([...storage.entries.keys()]).toEqual([`wattle.cardList.${tenantId}.${teamId}`]);
    const stored = storage.entries.get(cardListCacheKey(tenantId, teamId)) ?? '';
    expect(stored).not.toContain('Private detail');
    expect(stored).not.toContain('fieldValues');
    expect(stored).not.toContain('missing-field');

    const cached = readCardList(tenantId, teamId, { now: later(60_000), storage });
    expect(cached?.savedAt).toBe(savedAt.toISOString());
    expect(cached?.total).toBe(7);
    expect(cached?.cards.map((card) => card.workItemId)).toEqual(['SUN-00001', 'SUN-00002']);
    expect(cached?.cards[0]).toMatchObject({
      title: 'Incident 1',
      templateName: 'Incident Report',
      status: 'draft',
      dueDate: '2026-03-02',
      compliance: { isCompliant: false, completion: 40 },
    });
    expect(readCardList(tenantId, otherTeamId, { now: later(60_000), storage })).toBeUndefined();
  });

  it('is valid for 24 hours, then removed', () => {
    const storage = memoryStorage();
    saveCardList(tenantId, teamId, { cards: [serverCard(1)], total: 1 }, { now: savedAt, storage });
    expect(readCardList(tenantId, teamId, { now: later(cardListCacheMaxAgeMs - 1), storage })).toBeDefined();
    expect(readCardList(tenantId, teamId, { now: later(cardListCacheMaxAgeMs), storage })).toBeUndefined();
    expect(storage.entries.size).toBe(0);
  });

  it('ignores and removes unreadable entries, and a copy dated in the future', () => {
    const storage = memoryStorage();
    const key = cardListCacheKey(tenantId, teamId);
    for (const raw of [
      'not json',
      'null',
      JSON.stringify({ savedAt: 'yesterday', total: 1, cards: [] }),
      JSON.stringify({ savedAt: savedAt.toISOString(), total: 1, cards: [{ id: 1 }] }),
      JSON.stringify({ savedAt: later(60_000).toISOString(), total: 0, cards: [] }),
    ]) {
      storage.setItem(key, raw);
      expect(readCardList(tenantId, teamId, { now: savedAt, storage })).toBeUndefined();
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
    expect(() =>
      saveCardList(tenantId, teamId, { cards: [serverCard(1)], total: 1 }, { storage }),
    ).not.toThrow();
    expect(readCardList(tenantId, teamId, { storage })).toBeUndefined();
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

describe('loadTeamCards', () => {
  const events: CustomEvent[] = [];
  let info: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    events.length = 0;
    vi.stubGlobal('window', {
      dispatchEvent: (event: CustomEvent) => {
        events.push(event);
        return true;
      },
    });
    info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads from the server and saves the first page', async () => {
    const storage = memoryStorage();
    const fetchPage = vi.fn(async () => listOf([serverCard(1)], 60));
    const page = await loadTeamCards({
      tenantId,
      teamId,
      limit: 50,
      offset: 0,
      fetchPage,
      storage,
      now: () => savedAt,
    });
    expect(fetchPage).toHaveBeenCalledWith({ teamId, limit: 50, offset: 0 });
    expect(page).toMatchObject({ source: 'server', total: 60, savedAt: savedAt.toISOString() });
    expect(page.cards[0]).not.toHaveProperty('fieldValues');
    expect(readCardList(tenantId, teamId, { now: savedAt, storage })?.total).toBe(60);
    expect(events).toEqual([]);
  });

  it('does not overwrite the saved first page with a later page', async () => {
    const storage = memoryStorage();
    saveCardList(tenantId, teamId, { cards: [serverCard(1)], total: 60 }, { now: savedAt, storage });
    await loadTeamCards({
      tenantId,
      teamId,
      limit: 50,
      offset: 50,
      fetchPage: async () => ({ data: [serverCard(51)], meta: { total: 60, limit: 50, offset: 50 } }),
      storage,
      now: () => later(1000),
    });
    expect(readCardList(tenantId, teamId, { now: later(2000), storage })?.cards[0]?.workItemId).toBe(
      'SUN-00001',
    );
  });

  it('shows the valid saved list when the server cannot be reached, and reports the cache hit', async () => {
    const storage = memoryStorage();
    saveCardList(
      tenantId,
      teamId,
      { cards: [serverCard(1), serverCard(2)], total: 2 },
      { now: savedAt, storage },
    );
    const page = await loadTeamCards({
      tenantId,
      teamId,
      limit: 50,
      offset: 0,
      fetchPage: async () => {
        throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach Wattle.');
      },
      storage,
      now: () => later(3_600_000),
    });
    expect(page).toMatchObject({ source: 'cache', savedAt: savedAt.toISOString(), total: 2 });
    expect(page.cards).toHaveLength(2);
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe(offlineCacheHitEvent);
    expect(events[0]?.detail).toEqual({ tenantId, teamId, savedAt: savedAt.toISOString(), count: 2 });
    expect(info).toHaveBeenCalledWith('offline cache hit: cards', events[0]?.detail);
  });

  it('raises the error when there is no valid copy, the copy expired, or the server refused', async () => {
    const storage = memoryStorage();
    const unreachable = new ApiError(502, 'HTTP_502', 'Bad Gateway');
    const failing = (error: Error) => async () => {
      throw error;
    };
    await expect(
      loadTeamCards({ tenantId, teamId, limit: 50, offset: 0, fetchPage: failing(unreachable), storage }),
    ).rejects.toBe(unreachable);

    saveCardList(tenantId, teamId, { cards: [serverCard(1)], total: 1 }, { now: savedAt, storage });
    await expect(
      loadTeamCards({
        tenantId,
        teamId,
        limit: 50,
        offset: 0,
        fetchPage: failing(unreachable),
        storage,
        now: () => later(cardListCacheMaxAgeMs + 1),
      }),
    ).rejects.toBe(unreachable);

    saveCardList(tenantId, teamId, { cards: [serverCard(1)], total: 1 }, { now: savedAt, storage });
    const forbidden = new ApiError(403, 'FORBIDDEN', 'You may not read these cards');
    await expect(
      loadTeamCards({
        tenantId,
        teamId,
        limit: 50,
        offset: 0,
        fetchPage: failing(forbidden),
        storage,
        now: () => later(1000),
      }),
    ).rejects.toBe(forbidden);
    // A later page is not kept, so it cannot be shown offline.
    await expect(
      loadTeamCards({
        tenantId,
        teamId,
        limit: 50,
        offset: 50,
        fetchPage: failing(unreachable),
        storage,
        now: () => later(1000),
      }),
    ).rejects.toBe(unreachable);
    expect(events).toEqual([]);
  });
});
