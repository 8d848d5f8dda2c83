import type { TenantSummary } from '@wattle/domain/tenants/schemas';
import { useEffect } from 'react';
import { applyTenantTheme } from '@/features/tenants/tenant-theme';

/** Paints the app in the current tenant's white-label colour; leaving the shell restores the default. */
export function useTenantTheme(tenant: TenantSummary): void {
  const { whiteLabel, primaryColor } = tenant.settings;
  useEffect(() => {
    applyTenantTheme({ whiteLabel, primaryColor });
    return () => applyTenantTheme(null);
  }, [whiteLabel, primaryColor]);
}
