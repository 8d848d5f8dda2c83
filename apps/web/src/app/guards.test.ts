import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthenticatedHandler } from '@/lib/http';
import { memoryStorage } from '@/test-support/memory-storage';
import { requireSignedIn, requireTenant } from './guards';

const me = { id: 'user-1', email: 'priya@example.test', name: 'Priya', isVerified: true };
const tenants = [{ id: 'tenant-1', name: 'Sunrise Care', slug: 'sunrise', isDefault: true }];

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
const requested = () => fetchMock.mock.calls.map(([url]) => url as string);

beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/me') return jsonResponse(200, { success: true, data: me });
    if (url === '/api/tenants') {
      return jsonResponse(200, {
        success: true,
        data: tenants,
        meta: { total: 1, limit: 100, offset: 0 },
      });
    }
    return jsonResponse(404, { success: false, error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(() => undefined);
});

describe('the guards', () => {
  it('ask for the signed-in user and the tenant list at once, and read each once', async () => {
    const queryClient = new QueryClient();
    const signingIn = requireSignedIn(queryClient);
    expect(requested()).toEqual(['/api/tenants', '/api/me']);

    const signedIn = await signingIn;
    const { tenant } = await requireTenant(queryClient, signedIn);

    expect(signedIn.id).toBe('user-1');
    expect(tenant.id).toBe('tenant-1');
    // Neither read was asked again by the guards.
    expect(requested()).toEqual(['/api/tenants', '/api/me']);
  });

  it('leaves someone signed out to the guard, which sends them to sign in', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(401, { success: false, error: { code: 'UNAUTHENTICATED', message: 'Sign in.' } }),
    );
    const onUnauthenticated = vi.fn();
    setUnauthenticatedHandler(onUnauthenticated);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });

    await expect(requireSignedIn(queryClient)).rejects.toMatchObject({ options: { to: '/login' } });
    // The signed-in check is the app's own query: its 401 reaches the app's handler, as before.
    expect(onUnauthenticated).toHaveBeenCalled();
  });
});
