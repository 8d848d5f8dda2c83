import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentTenantId } from './current-tenant';
import { ApiError, hasCookie, http, httpList, setUnauthenticatedHandler, validationIssues } from './http';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;

function lastRequest(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
}

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse(200, { success: true, data: { ok: 1 } }));
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', { cookie: 'other=1; wattle_csrf=csrf%20token; x=y' });
  vi.stubGlobal('window', { location: { pathname: '/inbox', assign: vi.fn() } });
  setCurrentTenantId(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  setCurrentTenantId(null);
});

describe('http', () => {
  it('unwraps data and sends same-origin JSON requests', async () => {
    await expect(http('/api/me')).resolves.toEqual({ ok: 1 });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/me');
    expect(init.credentials).toBe('same-origin');
    expect(init.method).toBe('GET');
    expect(headers.Accept).toBe('application/json');
    expect(headers['X-CSRF-Token']).toBeUndefined();
  });

  it('sends the CSRF cookie value on writes, with a JSON body', async () => {
    await http('/api/things', { method: 'POST', body: { a: 1 } });
    const { init, headers } = lastRequest();
    expect(headers['X-CSRF-Token']).toBe('csrf token');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends a FormData body as it is, leaving its multipart Content-Type to the browser', async () => {
    const form = new FormData();
    form.append('file', new Blob(['a,b']), 'items.csv');
    await http('/api/uploads', { method: 'POST', body: form });
    const { init, headers } = lastRequest();
    expect(init.body).toBe(form);
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers['X-CSRF-Token']).toBe('csrf token');
  });

  it('sends the current tenant, unless told otherwise', async () => {
    setCurrentTenantId('tenant-1');
    await http('/api/teams');
    expect(lastRequest().headers['X-Tenant-Id']).toBe('tenant-1');
    await http('/api/teams', { tenantId: 'tenant-2' });
    expect(lastRequest().headers['X-Tenant-Id']).toBe('tenant-2');
    await http('/api/tenants', { tenantId: null });
    expect(lastRequest().headers['X-Tenant-Id']).toBeUndefined();
  });

  it('takes 204 No Content as success without data', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(http('/api/things/1', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('returns list data with its paging meta', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { success: true, data: [1, 2], meta: { total: 5, limit: 2, offset: 0 } }),
    );
    await expect(httpList('/api/teams')).resolves.toEqual({
      data: [1, 2],
      meta: { total: 5, limit: 2, offset: 0 },
    });
  });

  it('throws ApiError with the status, code, message and details of an error envelope', async () => {
    const details = [{ path: ['organisationName'], message: 'Organisation name is required' }];
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, {
        success: false,
        error: { code: 'VALIDATION_FAILED', message: 'Invalid input', details },
      }),
    );
    const error = await http('/api/onboarding', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      details,
    });
    expect(validationIssues(error)).toEqual(details);
  });

  it('calls the unauthenticated handler on 401, except where told not to', async () => {
    const handler = vi.fn();
    setUnauthenticatedHandler(handler);
    fetchMock.mockImplementation(async () =>
      jsonResponse(401, { success: false, error: { code: 'UNAUTHENTICATED', message: 'x' } }),
    );
    await expect(http('/api/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(handler).toHaveBeenCalledTimes(1);
    await expect(http('/api/auth/demo/login', { skipUnauthenticatedRedirect: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('keeps a 401 that comes before the app has set its handler, and tells the handler once it is set', async () => {
    vi.resetModules();
    const fresh = await import('./http');
    fetchMock.mockImplementation(async () =>
      jsonResponse(401, {
        success: false,
        error: {
          code: 'UNAUTHENTICATED',
          message: 'Signed out for inactivity',
          details: { reason: 'session-idle' },
        },
      }),
    );
    await expect(fresh.http('/api/me')).rejects.toMatchObject({ status: 401 });
    await expect(fresh.http('/api/tenants')).rejects.toMatchObject({ status: 401 });
    const handler = vi.fn();
    fresh.setUnauthenticatedHandler(handler);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ message: 'Signed out for inactivity' }));
  });

  it('reports network failures and non-JSON answers as ApiError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(http('/api/me')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(http('/api/me')).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'Bad Gateway',
    });
  });

  describe('timeout and retries (spec work section 7)', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('retries network errors, 429 and 5xx with a delay of 400 ms per attempt, then succeeds', async () => {
      vi.useFakeTimers();
      fetchMock
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValueOnce(jsonResponse(503, { success: false, error: { code: 'X', message: 'busy' } }))
        .mockResolvedValueOnce(jsonResponse(200, { success: true, data: { ok: 2 } }));
      const result = http('/api/cards', { retries: 2 });
      await vi.advanceTimersByTimeAsync(399);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(799);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toEqual({ ok: 2 });
      expect(fetchMock).toHaveBeenCalledTimes(3);
    });

    it('gives up after the retries with the last error, and never retries a 4xx', async () => {
      vi.useFakeTimers();
      fetchMock.mockImplementation(async () =>
        jsonResponse(500, { success: false, error: { code: 'INTERNAL', message: 'boom' } }),
      );
      const failing = http('/api/cards', { retries: 2 }).catch((caught: unknown) => caught);
      await vi.advanceTimersByTimeAsync(1200);
      expect(await failing).toMatchObject({ status: 500, message: 'boom' });
      expect(fetchMock).toHaveBeenCalledTimes(3);

      fetchMock.mockClear();
      fetchMock.mockImplementation(async () =>
        jsonResponse(404, { success: false, error: { code: 'NOT_FOUND', message: 'Card not found' } }),
      );
      await expect(http('/api/cards/x', { retries: 2 })).rejects.toMatchObject({ status: 404 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('turns a request that takes longer than timeoutMs into a TIMEOUT error', async () => {
      fetchMock.mockImplementation(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      await expect(http('/api/cards', { timeoutMs: 20 })).rejects.toMatchObject({
        status: 0,
        code: 'TIMEOUT',
      });
    });

    it("passes the caller's abort through without retrying", async () => {
      const controller = new AbortController();
      fetchMock.mockImplementation(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      const request = http('/api/cards', { timeoutMs: 5_000, retries: 2, signal: controller.signal });
      controller.abort();
      await expect(request).rejects.toMatchObject({ name: 'AbortError' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });
});

describe('hasCookie', () => {
  it("asks the Cookie Store, not document.cookie (a synchronous call to the browser's network process)", async () => {
    const get = vi.fn(async (name: string) => (name === 'wattle_csrf' ? { name, value: 'token' } : null));
    vi.stubGlobal('cookieStore', { get });
    vi.stubGlobal('document', {
      get cookie(): string {
        throw new Error('document.cookie was read');
      },
    });
    await expect(hasCookie('wattle_csrf')).resolves.toBe(true);
    await expect(hasCookie('sidebar_state')).resolves.toBe(false);
    expect(get).toHaveBeenCalledWith('wattle_csrf');
  });

  it('reads document.cookie where there is no Cookie Store, or it refuses', async () => {
    await expect(hasCookie('wattle_csrf')).resolves.toBe(true);
    await expect(hasCookie('missing')).resolves.toBe(false);
    vi.stubGlobal('cookieStore', { get: vi.fn(async () => Promise.reject(new Error('SecurityError'))) });
    await expect(hasCookie('wattle_csrf')).resolves.toBe(true);
  });
});
