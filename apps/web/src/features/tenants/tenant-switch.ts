import type { QueryClient } from '@tanstack/react-query';
import type { TenantSummary } from '@wattle/domain/tenants/schemas';
import { useSyncExternalStore } from 'react';

/**
 * Switching tenants (spec shell section 4): a splash reading 'Switching to {org}' shows for at least
 * 1.5 s while the new tenant's teams load, then the tenant changes, the choice is stored, the primary
 * colour follows (the shell applies it for the current tenant) and the user lands in /inbox. Nothing of
 * the previous tenant stays in the cache, so no screen can show it under the new one.
 */

export const minimumSwitchSplashMs = 1500;

let switchingTo: Pick<TenantSummary, 'id' | 'name'> | null = null;
const listeners = new Set<() => void>();

function setSwitchingTo(tenant: Pick<TenantSummary, 'id' | 'name'> | null): void {
  switchingTo = tenant;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSwitchingTo = () => switchingTo;

/** The tenant being switched to while the splash shows, else null. */
export function useTenantSwitchTarget(): Pick<TenantSummary, 'id' | 'name'> | null {
  return useSyncExternalStore(subscribe, getSwitchingTo, getSwitchingTo);
}

/** True for a query whose key mentions the tenant id anywhere (tenant-scoped keys carry it). */
export function isKeyOfTenant(queryKey: readonly unknown[], tenantId: string): boolean {
  return JSON.stringify(queryKey).includes(JSON.stringify(tenantId));
}

/** Drops every cached query of a tenant (and stops those still loading). */
export async function forgetTenantData(queryClient: QueryClient, tenantId: string): Promise<void> {
  const predicate = ({ queryKey }: { queryKey: readonly unknown[] }) => isKeyOfTenant(queryKey, tenantId);
  await queryClient.cancelQueries({ predicate });
  queryClient.removeQueries({ predicate });
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface TenantSwitch {
  queryClient: QueryClient;
  from: Pick<TenantSummary, 'id'>;
  to: Pick<TenantSummary, 'id' | 'name'>;
  /** Loads what the new tenant's shell shows first (its teams), while the splash shows. */
  preload: () => Promise<unknown>;
  /** The tenant the app works in now; a sign-out during the splash leaves none, and the switch stops. */
  currentTenantId: () => string | null;
  /** Makes the tenant current and stores the choice. */
  makeCurrent: (tenantId: string) => void;
  /** Goes to the new tenant's home (/inbox). */
  goHome: () => Promise<void>;
}

export function isSwitchingTenant(): boolean {
  return switchingTo !== null;
}

/** Runs one switch; a second one while the first runs is ignored. */
export async function runTenantSwitch({
  queryClient,
  from,
  to,
  preload,
  currentTenantId,
  makeCurrent,
  goHome,
}: TenantSwitch): Promise<void> {
  if (switchingTo || from.id === to.id) return;
  setSwitchingTo(to);
  try {
    // The splash's minimum is the spec's; the time is used to load the new tenant's teams (the
    // sidebar's list), so the shell appears complete. A failure here shows on the page afterwards.
    await Promise.all([wait(minimumSwitchSplashMs), preload().catch(() => undefined)]);
    if (currentTenantId() !== from.id) return;
    makeCurrent(to.id);
    await forgetTenantData(queryClient, from.id);
    await goHome();
  } finally {
    setSwitchingTo(null);
  }
}
