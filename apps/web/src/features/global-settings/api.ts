import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenantFeatureFlags } from '@wattle/domain/global-settings/schemas';
import type { TenantFeatures } from '@wattle/domain/tenants/schemas';
import { tenantKeys } from '@/features/tenants/api';
import { http, httpList } from '@/lib/http';

/** Global Settings (`/api/global/tenants`): every organisation's feature flags, for global admins. */
export const globalSettingsKeys = {
  tenants: ['global', 'tenants'] as const,
};

export function tenantFeatureFlagsQueryOptions() {
  return queryOptions({
    queryKey: globalSettingsKeys.tenants,
    queryFn: async ({ signal }) =>
      (await httpList<TenantFeatureFlags>('/api/global/tenants', { tenantId: null, signal })).data,
  });
}

export interface FeatureChange {
  tenantId: string;
  version: number;
  features: Partial<TenantFeatures>;
}

/** Turns flags of one organisation on or off; the switcher's list (which carries them) is read again. */
export function useSetTenantFeatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tenantId, version, features }: FeatureChange) =>
      http<TenantFeatureFlags>(`/api/global/tenants/${tenantId}/features`, {
        method: 'PATCH',
        body: { version, features },
        tenantId: null,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData<TenantFeatureFlags[]>(globalSettingsKeys.tenants, (list) =>
        list?.map((row) => (row.id === saved.id ? saved : row)),
      );
      await queryClient.invalidateQueries({ queryKey: tenantKeys.all });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: globalSettingsKeys.tenants }),
  });
}
