import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { currentTenantQueryOptions } from './api';
import { localNow } from './local-now';

/**
 * The tenant's wall clock (DESIGN.md section 3: the tenant's time zone decides "today" and the
 * week). `now()` reads it at the moment it is called (the quick buttons); `isReady` is false until
 * the tenant's zone is known, so nothing defaults to the browser's day by mistake.
 */
export function useTenantClock(tenantId: string) {
  const tenant = useQuery(currentTenantQueryOptions(tenantId));
  const timeZone = tenant.data?.timeZone;
  const now = useCallback(() => localNow(timeZone), [timeZone]);
  return { timeZone, now, isReady: tenant.isSuccess || tenant.isError };
}
