import { useQuery } from '@tanstack/react-query';
import type { Tenant } from '@wattle/domain/tenants/schemas';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { http } from '@/lib/http';
import { useNow } from '@/lib/use-now';
import { type DateOnly, todayIn } from './calendar-dates';

/**
 * Today in the tenant's time zone (GET /api/tenants/current carries it): the day the calendar
 * marks, the roadmap draws its line on and the list counts as overdue from. Until the tenant is
 * read (or when it cannot be) the browser's zone stands in. Renewed every minute so a page left
 * open over midnight moves on.
 */
export function useTenantToday(): DateOnly {
  const tenantId = useCurrentTenantId();
  const tenant = useQuery({
    queryKey: ['tenant', tenantId, 'current'],
    queryFn: ({ signal }) => http<Tenant>('/api/tenants/current', { tenantId, signal }),
    enabled: tenantId !== null,
    staleTime: 10 * 60_000,
  });
  const now = useNow(60_000);
  return todayIn(tenant.data?.timeZone, now);
}
