import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentTenantId } from './current-tenant';
import { ApiError, http, httpList, setUnauthenticatedHandler, validationIssues } from './http';

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

  it('sends the current tenant, unless told otherwise', async () => {
    setCurrentTenantId('tenant-1');
    await http('/api/teams');
    expect(lastRequest().headers['X-Tenant-Id']).toBe('tenant-1');
    await http('/api/teams', { tenantId: 'tenant-2' });
    expect(lastRequest().headers['X-Tenant-Id']).toBe('tenant-2');
    await http('/api/tenants', { tenantId: null });
    expect(lastRequest().headers['X-Tenant-Id']).toBeUndefined();
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
});
