import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { type LiveState, openLiveConnection } from './live-connection';
import { allLiveQueryKeys, liveQueryKeys } from './live-query-keys';

/**
 * The stream's state as `data-live-stream` on the root element: nothing shows it, but browser tests
 * wait for 'open' before making a change another browser should see, and a person debugging can
 * read it in the inspector.
 */
function showState(state: LiveState | null) {
  if (state) document.documentElement.dataset.liveStream = state;
  else delete document.documentElement.dataset.liveStream;
}

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
    showState('connecting');
    const close = openLiveConnection({
      url: `/api/events?${new URLSearchParams({ tenantId })}`,
      onChange: (event) => invalidate(liveQueryKeys(event.entity, tenantId)),
      onRefresh: () => invalidate(allLiveQueryKeys(tenantId)),
      onStateChange: showState,
    });
    return () => {
      close();
      showState(null);
    };
  }, [tenantId, queryClient]);

  return null;
}
