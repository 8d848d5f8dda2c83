import { type QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { jsonResponse, listEnvelope } from '@/test-support/api-responses';
import { memoryStorage } from '@/test-support/memory-storage';
import { toast } from '@/ui/toast';
import { favoritesUiMessages } from './favorites-state';
import { favoritesQueryOptions } from './use-favorites';

vi.mock('@/ui/toast', () => ({ toast: { error: vi.fn() } }));

const favorite = (path: string) => ({
  id: `fav-${path}`,
  userId: 'user-1',
  tenantId: 'tenant-1',
  path,
  label: path,
  accessCount: 0,
  isActive: true,
  addedAt: '2026-11-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

let cleanupAnswer: Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;
const requested = () => fetchMock.mock.calls.map(([url]) => (url as string).split('?')[0]);

beforeEach(() => {
  cleanupAnswer = Promise.resolve(jsonResponse(200, { success: true, data: { cleaned: 0 } }));
  fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/favorites/cleanup')) return cleanupAnswer;
    const data = [favorite('/inbox')];
    return jsonResponse(200, listEnvelope(data, 30));
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  vi.mocked(toast.error).mockClear();
});

afterEach(() => vi.unstubAllGlobals());

// The cleanup is done once per user and tenant in this module's life: each test has its own user.
async function load(client: QueryClient, userId: string) {
  return client.fetchQuery(favoritesQueryOptions('tenant-1', userId));
}

describe('favourites initialisation', () => {
  it('answers the list without waiting for the cleanup of disabled routes, which follows it once', async () => {
    let answerCleanup: (response: Response) => void = () => {};
    cleanupAnswer = new Promise((resolve) => {
      answerCleanup = resolve;
    });
    const client = createQueryClient();

    const list = await load(client, 'user-waits');

    expect(list.map((item) => item.path)).toEqual(['/inbox']);
    expect(requested()).toEqual(['/api/favorites', '/api/favorites/cleanup']);
    answerCleanup(jsonResponse(200, { success: true, data: { cleaned: 0 } }));

    await client.refetchQueries({ queryKey: ['favorites'] });
    expect(requested()).toEqual(['/api/favorites', '/api/favorites/cleanup', '/api/favorites']);
  });

  it('reads the list again when the cleanup deactivated any, for the sidebar drawing it', async () => {
    cleanupAnswer = Promise.resolve(jsonResponse(200, { success: true, data: { cleaned: 2 } }));
    const client = createQueryClient();
    // The sidebar, drawing the list.
    const stopObserving = new QueryObserver(
      client,
      favoritesQueryOptions('tenant-1', 'user-cleaned'),
    ).subscribe(() => {});

    await vi.waitFor(() =>
      expect(requested()).toEqual(['/api/favorites', '/api/favorites/cleanup', '/api/favorites']),
    );
    stopObserving();
  });

  it('says initialisation failed when the cleanup fails, keeping the list', async () => {
    cleanupAnswer = Promise.resolve(
      jsonResponse(500, { success: false, error: { code: 'INTERNAL', message: 'Internal error' } }),
    );
    const client = createQueryClient();

    const list = await load(client, 'user-failed');

    expect(list.map((item) => item.path)).toEqual(['/inbox']);
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(favoritesUiMessages.initialiseFailed, {
        id: 'favorites-initialise',
      }),
    );
  });
});
