import { queryOptions } from '@tanstack/react-query';
import type { PlatformHealth, TenantUsage } from '@wattle/domain/system-settings/schemas';
import { http, httpList } from '@/lib/http';

/** System Settings (`/api/system/...`): the platform's, so asked without an organisation. */
export const systemSettingsKeys = {
  tenants: ['system', 'tenants'] as const,
  health: ['system', 'health'] as const,
};

export function tenantUsageQueryOptions() {
  return queryOptions({
    queryKey: systemSettingsKeys.tenants,
    queryFn: async ({ signal }) =>
      (await httpList<TenantUsage>('/api/system/tenants', { tenantId: null, signal })).data,
  });
}

export function platformHealthQueryOptions() {
  return queryOptions({
    queryKey: systemSettingsKeys.health,
    queryFn: ({ signal }) => http<PlatformHealth>('/api/system/health', { tenantId: null, signal }),
    // Health is a moment's: read again every half-minute while the page is open.
    refetchInterval: 30_000,
  });
}
