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
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentTenantId(): string | null {
  return useSyncExternalStore(subscribe, getCurrentTenantId, getCurrentTenantId);
}
