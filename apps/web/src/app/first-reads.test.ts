import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCurrentTenantId, setCurrentTenantId } from '@/lib/current-tenant';
import { setUnauthenticatedHandler } from '@/lib/http';
import { storageKeys } from '@/lib/storage-keys';
import { jsonResponse, listEnvelope as list } from '@/test-support/api-responses';
import { memoryStorage } from '@/test-support/memory-storage';
import { startFirstReads } from './first-reads';
import { requireSignedIn, requireTenant } from './guards';
import { createQueryClient } from './query-client';

const me = { id: 'user-1', email: 'priya@example.test', name: 'Priya', platformRole: null, isVerified: true };
const sunrise = { id: 'tenant-1', name: 'Sunrise Care', role: 'member', features: {} };
const harbour = { id: 'tenant-2', name: 'Harbour', role: 'member', features: {} };

const card = { id: 'card-1', title: 'Plan', templateId: null, templateVersion: null };

let signedIn = true;
let fetchMock: ReturnType<typeof vi.fn>;
/** The reads asked for, without their query strings, in the order asked. */
const requested = () => fetchMock.mock.calls.map(([url]) => (url as string).split('?')[0]);
/** The tenant each read was asked for. */
const tenantOf = (path: string) =>
  (fetchMock.mock.calls.find(([url]) => (url as string).split('?')[0] === path)?.[1] as RequestInit)
    ?.headers as Record<string, string> | undefined;

async function answer(url: string): Promise<Response> {
  const path = url.split('?')[0];
  if (!signedIn)
    return jsonResponse(401, { success: false, error: { code: 'UNAUTHENTICATED', message: 'Sign in.' } });
  if (path === '/api/me') return jsonResponse(200, { success: true, data: me });
  if (path === '/api/tenants') return jsonResponse(200, list([sunrise, harbour]));
  if (path === '/api/teams')
    return jsonResponse(200, list([{ id: 'team-1', slug: 'north', name: 'North', myRole: 'team-member' }]));
  if (path === '/api/cards/card-1') return jsonResponse(200, { success: true, data: card });
  if (path === '/api/notifications/unread-count')
    return jsonResponse(200, { success: true, data: { unread: 0 } });
  if (path === '/api/timer') return jsonResponse(200, { success: true, data: null });
  if (path === '/api/favorites/cleanup') return jsonResponse(200, { success: true, data: { cleaned: 0 } });
  if (path === '/api/me/preferences')
    return jsonResponse(200, {
      success: true,
      data: { highContrastMode: false, reducedMotion: false, fontSize: 'normal' },
    });
  return jsonResponse(200, list([]));
}

/** Lets the reads started without being awaited go out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  signedIn = true;
  fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', { cookie: 'wattle_csrf=token' });
  const storage = { localStorage: memoryStorage(), sessionStorage: memoryStorage() };
  vi.stubGlobal('localStorage', storage.localStorage);
  vi.stubGlobal('sessionStorage', storage.sessionStorage);
  vi.stubGlobal('window', storage);
  setCurrentTenantId(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setCurrentTenantId(null);
});

describe('startFirstReads', () => {
  it("reads who is signed in, then the shell's reads in the tenant last chosen here; the guards then ask nothing", async () => {
    localStorage.setItem(storageKeys.selectedTenant, JSON.stringify({ [me.id]: harbour.id }));
    const queryClient = createQueryClient();

    await startFirstReads(queryClient, '/inbox');
    await settle();

    expect(requested()).toEqual(
      expect.arrayContaining([
        '/api/me',
        '/api/tenants',
        '/api/teams',
        '/api/notifications',
        '/api/favorites',
        '/api/me/preferences',
      ]),
    );
    expect(getCurrentTenantId()).toBe(harbour.id);
    expect(tenantOf('/api/teams')).toMatchObject({ 'X-Tenant-Id': harbour.id });
    expect(requested()).not.toContain('/api/cards/card-1');

    fetchMock.mockClear();
    const signedInMe = await requireSignedIn(queryClient);
    const { tenant } = await requireTenant(queryClient, signedInMe);
    expect(tenant.id).toBe(harbour.id);
    expect(requested()).toEqual([]);
  });

  it("starts the kept tenant's reads before the guards' answers are in, and only once", async () => {
    localStorage.setItem(storageKeys.selectedTenant, JSON.stringify({ [me.id]: harbour.id }));
    let answerMe: () => void = () => undefined;
    const meHeld = new Promise<void>((resolve) => {
      answerMe = resolve;
    });
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/me') await meHeld;
      return answer(url);
    });
    const queryClient = createQueryClient();

    const started = startFirstReads(queryClient, '/card/card-1');
    await settle();
    expect(requested()).toEqual(
      expect.arrayContaining(['/api/teams', '/api/notifications', '/api/cards/card-1']),
    );
    expect(tenantOf('/api/cards/card-1')).toMatchObject({ 'X-Tenant-Id': harbour.id });

    answerMe();
    await started;
    await settle();
    expect(requested().filter((path) => path === '/api/teams')).toHaveLength(1);
    expect(requested().filter((path) => path === '/api/cards/card-1')).toHaveLength(1);
  });

  it("reads the chosen tenant's data too when the kept choice was someone else's", async () => {
    localStorage.setItem(storageKeys.selectedTenant, JSON.stringify({ 'someone-else': 'tenant-9' }));

    await startFirstReads(createQueryClient(), '/card/card-1');
    await settle();

    const cardReads = fetchMock.mock.calls
      .filter(([url]) => (url as string).startsWith('/api/cards/card-1'))
      .map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['X-Tenant-Id']);
    expect(cardReads).toEqual(['tenant-9', sunrise.id]);
    expect(getCurrentTenantId()).toBe(sunrise.id);
    // The favourites are kept per person: read only for the one signed in, in the chosen tenant.
    expect(requested().filter((path) => path === '/api/favorites')).toHaveLength(1);
    expect(tenantOf('/api/favorites')).toMatchObject({ 'X-Tenant-Id': sunrise.id });
    expect(localStorage.getItem(storageKeys.favorites)).not.toContain('someone-else');
  });

  it("starts the card page's card with them", async () => {
    await startFirstReads(createQueryClient(), '/card/card-1');
    await settle();

    expect(requested()).toContain('/api/cards/card-1');
    expect(tenantOf('/api/cards/card-1')).toMatchObject({ 'X-Tenant-Id': sunrise.id });
  });

  it("starts a team view's work items once the teams name the team", async () => {
    await startFirstReads(createQueryClient(), '/my-teams/north/work-board');

    await vi.waitFor(() => expect(requested()).toContain('/api/teams/team-1/work-items'));
    expect(tenantOf('/api/teams/team-1/work-items')).toMatchObject({ 'X-Tenant-Id': sunrise.id });
  });

  it('reads nothing on the sign-in and invitation pages, or without a session', async () => {
    await startFirstReads(createQueryClient(), '/login');
    await startFirstReads(createQueryClient(), '/invite/abc');
    vi.stubGlobal('document', { cookie: '' });
    await startFirstReads(createQueryClient(), '/inbox');

    expect(requested()).toEqual([]);
  });

  it("for a session that has ended reads nothing more, and the app's 401 handler acts once", async () => {
    signedIn = false;
    const onUnauthenticated = vi.fn();
    setUnauthenticatedHandler(onUnauthenticated);
    const queryClient = createQueryClient();

    await expect(startFirstReads(queryClient, '/inbox')).resolves.toBeUndefined();
    await settle();

    expect(requested().sort()).toEqual(['/api/me', '/api/tenants']);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(getCurrentTenantId()).toBeNull();
    // The guard, asking after, sends them to sign in.
    await expect(requireSignedIn(queryClient)).rejects.toMatchObject({ options: { to: '/login' } });
  });
});
