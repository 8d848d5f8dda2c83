import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { memoryStorage } from '@/test-support/memory-storage';
import { testWorkItem } from './calendar-test-items';
import { readWorkItems } from './offline-work-items';
import { keepOfflineCopiesOfFirstPaint, type WorkItemList, workItemKeys } from './work-items-query';

const item = testWorkItem({ workItemId: 'SUN-00001', title: 'Book respite' });
const loaded = (source: WorkItemList['source']): WorkItemList => ({
  items: [item],
  total: 1,
  source,
  savedAt: '2026-11-30T03:00:00.000Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('keepOfflineCopiesOfFirstPaint', () => {
  it("saves the team lists the first paint came with, as of the server's read, and nothing else", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-30T03:05:00.000Z') });
    const localStorage = memoryStorage();
    vi.stubGlobal('window', { localStorage });
    const queryClient = createQueryClient();
    queryClient.setQueryData(workItemKeys.list('tenant-1', 'team-1', false), loaded('server'));
    // A person's own cards (My Work) and a list that is itself the offline copy are not saved.
    queryClient.setQueryData(workItemKeys.list('tenant-1', 'team-2', true), loaded('server'));
    queryClient.setQueryData(workItemKeys.list('tenant-1', 'team-3', false), loaded('cache'));

    keepOfflineCopiesOfFirstPaint(queryClient);
    expect(localStorage.length).toBe(0);
    await vi.runAllTimersAsync();

    expect(localStorage.length).toBe(1);
    const now = new Date();
    expect(readWorkItems('tenant-1', 'team-1', { now })).toEqual({
      savedAt: '2026-11-30T03:00:00.000Z',
      total: 1,
      items: [item],
    });
    expect(readWorkItems('tenant-1', 'team-2', { now })).toBeUndefined();
    expect(readWorkItems('tenant-1', 'team-3', { now })).toBeUndefined();
  });
});
