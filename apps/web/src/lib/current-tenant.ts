import { firstPaintTenantCookie } from '@wattle/domain/auth/signed-in-pages';
import { useSyncExternalStore } from 'react';

/**
 * The tenant the user is working in. The http client sends it as `X-Tenant-Id`; components read it
 * with `useCurrentTenantId()`. Which tenant becomes current is decided in features/tenants.
 */
let currentTenantId: string | null = null;
const listeners = new Set<() => void>();

export function getCurrentTenantId(): string | null {
  return currentTenantId;
}

export function setCurrentTenantId(tenantId: string | null): void {
  if (tenantId === currentTenantId) return;
  currentTenantId = tenantId;
  rememberForFirstPaint(tenantId);
  for (const listener of listeners) listener();
}

/**
 * The server draws a page before the app's code runs (docs/decisions/0041-server-first-paint.md), so
 * it needs the tenant this browser works in, which otherwise only the app knows. Not a secret and not
 * trusted: the server's reads check the person's membership of it as every read does.
 */
function rememberForFirstPaint(tenantId: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: written at once, before the next page is asked for; the Cookie Store API is asynchronous and not in every browser people use.
  document.cookie = tenantId
    ? `${firstPaintTenantCookie}=${encodeURIComponent(tenantId)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
    : `${firstPaintTenantCookie}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentTenantId(): string | null {
  return useSyncExternalStore(subscribe, getCurrentTenantId, getCurrentTenantId);
}
