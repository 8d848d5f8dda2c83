import { QueryClient } from '@tanstack/react-query';
import type { TenantSummary } from '@wattle/domain/tenants/schemas';
import type { Me } from '@wattle/domain/users/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, listEnvelope as list } from '@/test-support/api-responses';
import { memoryStorage } from '@/test-support/memory-storage';
import { createQueryClient } from '../query-client';
import { hasShellData, readShellData } from './shell-reads';

const me = { id: 'user-1', email: 'priya@example.test', name: 'Priya', platformRole: null } as unknown as Me;
const sunrise = {
  id: 'tenant-1',
  name: 'Sunrise Care',
  role: 'member',
  features: {},
} as unknown as TenantSummary;
const harbour = { id: 'tenant-2', name: 'Harbour', role: 'member', features: {} } as unknown as TenantSummary;

let teamRole = 'team-member';
let fetchMock: ReturnType<typeof vi.fn>;
/** The reads asked for, without their query strings, in the order asked. */
const requested = () => fetchMock.mock.calls.map(([url]) => (url as string).split('?')[0]);

/** The server's answers to the shell's reads. */
async function answer(url: string): Promise<Response> {
  const path = url.split('?')[0];
  if (path === '/api/teams')
    return jsonResponse(200, list([{ id: 'team-1', name: 'North', myRole: teamRole }]));
  if (path === '/api/notifications' || path === '/api/favorites') return jsonResponse(200, list([]));
  if (path === '/api/notifications/unread-counts') return jsonResponse(200, list([]));
  if (path === '/api/notifications/unread-count')
    return jsonResponse(200, { success: true, data: { unread: 2 } });
  if (path === '/api/favorites/cleanup') return jsonResponse(200, { success: true, data: { cleaned: 0 } });
  if (path === '/api/timer') return jsonResponse(200, { success: true, data: null });
  if (path === '/api/me/preferences') {
    return jsonResponse(200, {
      success: true,
      data: { highContrastMode: false, reducedMotion: false, fontSize: 'normal' },
    });
  }
  return jsonResponse(404, { success: false, error: { code: 'NOT_FOUND', message: 'Not found' } });
}

beforeEach(() => {
  teamRole = 'team-member';
  fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
});

afterEach(() => vi.unstubAllGlobals());

describe('readShellData', () => {
  it("reads what the shell draws from for someone who records time, once, and the tenant's next page reads nothing", async () => {
    const queryClient = createQueryClient();
    expect(hasShellData(queryClient, sunrise.id)).toBe(false);

    await readShellData(queryClient, { me, tenant: sunrise, tenants: [sunrise] });

    expect(requested().sort()).toEqual(
      [
        '/api/teams',
        '/api/notifications',
        '/api/notifications/unread-count',
        '/api/favorites',
        '/api/favorites/cleanup',
        '/api/me/preferences',
        '/api/timer',
      ].sort(),
    );
    expect(hasShellData(queryClient, sunrise.id)).toBe(true);

    fetchMock.mockClear();
    await readShellData(queryClient, { me, tenant: sunrise, tenants: [sunrise] });
    expect(requested()).toEqual([]);
  });

  it('reads the teams again in the background once they are stale, without waiting for them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const queryClient = createQueryClient();
      await readShellData(queryClient, { me, tenant: sunrise, tenants: [sunrise] });
      fetchMock.mockClear();

      vi.setSystemTime(Date.now() + 31_000);
      let teamsAnswered: () => void = () => undefined;
      const teamsHeld = new Promise<void>((resolve) => {
        teamsAnswered = resolve;
      });
      fetchMock.mockImplementation(async (url: string) => {
        if (url.split('?')[0] === '/api/teams') await teamsHeld;
        return answer(url);
      });

      // Settles with the teams at hand while they are read again.
      await readShellData(queryClient, { me, tenant: sunrise, tenants: [sunrise] });
      expect(requested()).toContain('/api/teams');
      teamsAnswered();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for no timer of someone who does not record time, and for the switcher’s counts only with two organisations', async () => {
    teamRole = 'viewer';
    const queryClient = new QueryClient();

    await readShellData(queryClient, { me, tenant: sunrise, tenants: [sunrise, harbour] });

    expect(requested()).toContain('/api/notifications/unread-counts');
    expect(requested()).not.toContain('/api/timer');
  });

  it('asks for no timer where the organisation has timesheets off', async () => {
    const queryClient = new QueryClient();
    const timesheetsOff = { ...sunrise, features: { timesheetManagement: false } } as TenantSummary;

    await readShellData(queryClient, { me, tenant: timesheetsOff, tenants: [timesheetsOff] });

    expect(requested()).not.toContain('/api/timer');
    expect(requested()).not.toContain('/api/notifications/unread-counts');
  });

  it('settles without throwing when reads fail, leaving the components to say so', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(500, { success: false, error: { code: 'INTERNAL', message: 'Something went wrong.' } }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

    await expect(
      readShellData(queryClient, { me, tenant: sunrise, tenants: [sunrise] }),
    ).resolves.toBeUndefined();
    expect(hasShellData(queryClient, sunrise.id)).toBe(false);
  });
});
