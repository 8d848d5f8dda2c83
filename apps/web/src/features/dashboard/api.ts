import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@wattle/domain/dashboard/schemas';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { http } from '@/lib/http';

/**
 * The dashboard's one way to fetch (CONVENTIONS.md 7): GET /api/dashboard. Its key starts with
 * 'dashboard' and the tenant id, so the live feed's changes of cards, deadlines, plans, incidents,
 * time and invoices (features/live/live-query-keys.ts) refresh it.
 */
export const dashboardKeys = {
  all: (tenantId: string) => ['dashboard', tenantId] as const,
};

export function dashboardQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: dashboardKeys.all(tenantId),
    queryFn: ({ signal }) => http<Dashboard>('/api/dashboard', { tenantId, signal }),
  });
}

export function useDashboard() {
  const tenantId = useCurrentTenantId();
  return useQuery({ ...dashboardQueryOptions(tenantId ?? ''), enabled: tenantId !== null });
}
