import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect, sunriseIdOf } from './fixtures';

/**
 * The API as the signed-in person of a request context, in one tenant (Sunrise unless given): JSON
 * with the CSRF header from the session's cookie, for the care-team, invitation, team configuration
 * and staff specs to set up and check what the pages did.
 */
export interface TenantApi {
  tenantId: string;
  get<T>(path: string): Promise<T>;
  /** A write, the answer as it comes (for refusals). */
  send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<APIResponse>;
}

export async function tenantApi(request: APIRequestContext, tenantId?: string): Promise<TenantApi> {
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value;
  expect(csrf, 'signed in, with a CSRF cookie').toBeTruthy();
  const tenant = tenantId ?? (await sunriseIdOf(request));
  const headers = { 'X-CSRF-Token': decodeURIComponent(csrf!), 'X-Tenant-Id': tenant };
  return {
    tenantId: tenant,
    async get<T>(path: string) {
      const response = await request.get(path, { headers });
      expect(response.ok(), `GET ${path}: ${response.status()} ${await response.text()}`).toBe(true);
      return ((await response.json()) as { data: T }).data;
    },
    send(method, path, body) {
      return request.fetch(path, { method, headers, ...(body === undefined ? {} : { data: body }) });
    },
  };
}

let sequence = 0;

/**
 * An NDIS number no other test run has used (46 and seven digits from the clock), so a retry on the
 * same database (CI retries once) does not meet its first attempt's participant.
 */
export function freshNdisNumber(): string {
  sequence += 1;
  return `46${String((Date.now() * 10 + sequence) % 10_000_000).padStart(7, '0')}`;
}
