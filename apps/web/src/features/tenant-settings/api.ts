import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tenant, UpdateTenant } from '@wattle/domain/tenants/schemas';
import { tenantKeys } from '@/features/tenants/api';
import { currentTenantQueryOptions } from '@/features/time/api';
import { http } from '@/lib/http';

/**
 * `PATCH /api/tenants/current` (Tenant Settings and the organisation part of Security). The saved
 * tenant replaces the cached one, and the tenant list is read again: the switcher and the app's
 * white-label colour come from it.
 */
export function useUpdateCurrentTenant(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTenant) =>
      http<Tenant>('/api/tenants/current', { method: 'PATCH', body, tenantId }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(currentTenantQueryOptions(tenantId).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: tenantKeys.all });
    },
  });
}

/** A 409 answer's current tenant, when the server sent one. */
export function conflictTenant(details: unknown): Tenant | null {
  return details && typeof details === 'object' && 'version' in details && 'security' in details
    ? (details as Tenant)
    : null;
}
