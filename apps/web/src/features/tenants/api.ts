import { type QueryClient, queryOptions, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { TenantSummary } from '@wattle/domain/tenants/schemas';
import { useCallback, useEffect } from 'react';
import { getCurrentTenantId, setCurrentTenantId, useCurrentTenantId } from '@/lib/current-tenant';
import { httpList } from '@/lib/http';
import { meQueryOptions } from '../auth/api';
import { teamsQueryOptions } from '../teams/api';
import { readStoredTenantId, selectTenant, storeTenantId } from './select-tenant';
import { runTenantSwitch } from './tenant-switch';

export const tenantKeys = {
  all: ['tenants'] as const,
};

/** The tenants the signed-in user belongs to, with their role in each (the tenant switcher's list). */
export function tenantsQueryOptions() {
  return queryOptions({
    queryKey: tenantKeys.all,
    queryFn: ({ signal }) => fetchTenants(signal),
    staleTime: 60_000,
  });
}

async function fetchTenants(
  signal: AbortSignal,
  options: { quiet?: boolean } = {},
): Promise<TenantSummary[]> {
  const list = await httpList<TenantSummary>('/api/tenants', {
    signal,
    tenantId: null,
    skipUnauthenticatedRedirect: options.quiet,
  });
  return list.data;
}

/**
 * Starts reading the tenant list beside the signed-in check (`GET /api/me`) instead of after it:
 * every page's guards need both, and asking one after the other cost a round trip and the main
 * thread's turn between them on every load (issue 19: warm loads). Without the app's 401 redirect:
 * for someone signed out the signed-in check alone sends them to sign in. Nothing here waits or
 * throws; `requireTenant` reads the same query and asks again if this read failed.
 */
export function prefetchTenantsBesideSignIn(queryClient: QueryClient): void {
  // Once read, the guards use what they have (ensureQueryData), as before: no read per navigation.
  if (queryClient.getQueryData(tenantKeys.all) !== undefined) return;
  void queryClient.prefetchQuery(tenantsQuietlyQueryOptions());
}

/** The same read, made beside or before the sign-in check: its 401 is the guard's to act on. */
export function tenantsQuietlyQueryOptions() {
  return queryOptions({
    ...tenantsQueryOptions(),
    queryFn: ({ signal }) => fetchTenants(signal, { quiet: true }),
  });
}

/** Makes a tenant current for this user and remembers the choice on this browser. */
export function makeTenantCurrent(userId: string, tenantId: string): void {
  setCurrentTenantId(tenantId);
  storeTenantId(userId, tenantId);
}

/** Picks the tenant to work in by the default rule and makes it current; undefined when there are none. */
export function resolveCurrentTenant(
  userId: string,
  tenants: readonly TenantSummary[],
): TenantSummary | undefined {
  const tenant = selectTenant(tenants, [getCurrentTenantId(), readStoredTenantId(userId)]);
  if (tenant) makeTenantCurrent(userId, tenant.id);
  else setCurrentTenantId(null);
  return tenant;
}

/**
 * The current tenant, inside the routes the tenant guard protects (so the list is loaded and not
 * empty), plus every tenant of the user and a function to switch.
 */
export function useCurrentTenant() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { data: tenants } = useSuspenseQuery(tenantsQueryOptions());
  const currentId = useCurrentTenantId();
  const tenant =
    tenants.find((candidate) => candidate.id === currentId) ?? selectTenant(tenants, [currentId]);
  if (!tenant) throw new Error('useCurrentTenant is used outside the tenant guard: the user has no tenant.');

  // The user left the current tenant (the list was refreshed without it): move to the default one.
  useEffect(() => {
    if (tenant.id !== currentId) makeTenantCurrent(me.id, tenant.id);
  }, [tenant.id, currentId, me.id]);

  const queryClient = useQueryClient();
  const navigate = useNavigate();
  /** Switches with the splash of spec shell section 4 (features/tenants/tenant-switch.ts). */
  const switchTenant = useCallback(
    /** `to`: where to land in the new tenant (a /t/{tenant}/… link); its home otherwise. */
    (tenantId: string, options: { to?: string } = {}) => {
      const target = tenants.find((candidate) => candidate.id === tenantId);
      if (!target) return Promise.resolve();
      return runTenantSwitch({
        queryClient,
        from: tenant,
        to: target,
        preload: () => queryClient.prefetchQuery(teamsQueryOptions(target.id)),
        currentTenantId: getCurrentTenantId,
        makeCurrent: (id) => makeTenantCurrent(me.id, id),
        goHome: async () => {
          await navigate({ to: options.to ?? '/inbox' });
          // The switcher's list (roles, team counts) may have changed meanwhile.
          void queryClient.invalidateQueries({ queryKey: tenantKeys.all });
        },
      });
    },
    [tenants, tenant, me.id, queryClient, navigate],
  );

  return { tenant, tenants, switchTenant };
}
