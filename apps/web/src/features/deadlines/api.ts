import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeadlineListItem } from '@wattle/domain/deadlines/schemas';
import { useIsFeatureOn } from '@/features/tenants/tenant-features';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { httpList, type ListResult } from '@/lib/http';
import { type DeadlineFilters, deadlineKeys } from './deadline-keys';

/** The deadlines area's one way to fetch (CONVENTIONS.md 7): GET /api/deadlines, soonest due first. */

function deadlineQueryString(filters: DeadlineFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function fetchDeadlines(
  tenantId: string,
  filters: DeadlineFilters,
  signal?: AbortSignal,
): Promise<ListResult<DeadlineListItem>> {
  return httpList<DeadlineListItem>(`/api/deadlines${deadlineQueryString(filters)}`, { tenantId, signal });
}

export function deadlinesQueryOptions(tenantId: string, filters: DeadlineFilters) {
  return queryOptions({
    queryKey: deadlineKeys.list(tenantId, filters),
    queryFn: ({ signal }) => fetchDeadlines(tenantId, filters, signal),
    placeholderData: (previous) => previous,
  });
}

/**
 * The deadlines the signed-in person reads in the current tenant, filtered (participant, team,
 * kind, status) and paged; kept fresh by the live feed's 'deadline' changes.
 */
export function useDeadlines(filters: DeadlineFilters = {}) {
  const tenantId = useCurrentTenantId();
  // Nothing to ask while the organisation has compliance tracking off (the server would refuse).
  const isOn = useIsFeatureOn('complianceTracking');
  return useQuery({
    ...deadlinesQueryOptions(tenantId ?? '', filters),
    enabled: tenantId !== null && isOn,
  });
}
