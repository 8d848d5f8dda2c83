import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { openLiveConnection } from './live-connection';
import { allLiveQueryKeys, liveQueryKeys } from './live-query-keys';

/**
 * Mounted once in the shell: keeps `GET /api/events` open for the current tenant and marks the
 * queries of each changed entity stale, so what is on screen refetches (DESIGN.md section 4). While
 * the stream is down it polls instead, every 5 s while the page is visible. A tenant switch closes
 * the stream and opens the new tenant's.
 */
export function LiveUpdates() {
  const tenantId = useCurrentTenantId();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!tenantId) return;
    const invalidate = (keys: (readonly unknown[])[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    return openLiveConnection({
      url: `/api/events?${new URLSearchParams({ tenantId })}`,
      onChange: (event) => invalidate(liveQueryKeys(event.entity, tenantId)),
      onRefresh: () => invalidate(allLiveQueryKeys(tenantId)),
    });
  }, [tenantId, queryClient]);

  return null;
}
