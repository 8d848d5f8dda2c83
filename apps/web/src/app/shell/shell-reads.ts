import type { QueryClient } from '@tanstack/react-query';
import type { Team } from '@wattle/domain/teams/schemas';
import { tenantFeaturesOf } from '@wattle/domain/tenants/features';
import type { TenantSummary } from '@wattle/domain/tenants/schemas';
import type { Me } from '@wattle/domain/users/schemas';
import { favoritesQueryOptions } from '@/features/favorites/use-favorites';
import {
  asksTenantUnreadCounts,
  notificationsQueryOptions,
  tenantUnreadCountsQueryOptions,
  unreadCountQueryOptions,
} from '@/features/notifications/api';
import { accessibilityPreferencesQueryOptions } from '@/features/preferences/api';
import { teamsQueryOptions } from '@/features/teams/api';
import { roleInTenant } from '@/features/tenants/use-current-role';
import { canTrackTime, timerQueryOptions } from '@/features/time/timer-query';

/**
 * Starts every read the shell draws from on every page, with the same options (so the same keys and
 * the same conditions) as the components that draw them: the sidebar's teams, the header's unread
 * count and timer (for those who record time), the favourites, the notifications behind the toasts,
 * the unread counts of the tenant switcher (for members of more than one organisation) and the
 * accessibility preferences. Each is read only if it is not already at hand.
 *
 * The first reads (app/first-reads.ts) and the tenant route's loader call it, so the reads go out
 * while the page's code is still running, or with the router's first load at the latest. Issue 19:
 * started by the components themselves, they went out only once the shell had drawn (700–1,000 ms
 * at 4x CPU slowdown), and each answer drew much of the shell again before the page's largest paint.
 * Settles when all have settled, whether or not they succeeded: the components show their own
 * loading and error states, and read again, as before. The timer is asked for once the teams have
 * answered (they decide who records time). The first drawing waits for it too: drawn without it, the
 * shell was drawn again as it answered, a 160–330 ms task after the board's first paint at 4x CPU
 * slowdown (issue 19: blocking time).
 */
export async function readShellData(
  queryClient: QueryClient,
  { me, tenant, tenants }: { me: Me; tenant: TenantSummary; tenants: readonly TenantSummary[] },
): Promise<void> {
  const tenantId = tenant.id;
  const { teams, others } = startTenantShellReads(queryClient, tenantId);
  const timer = teams.then((list) => {
    const role = roleInTenant(me, tenant, list);
    if (canTrackTime(role, tenantFeaturesOf(tenant.features))) {
      return queryClient.ensureQueryData(timerQueryOptions(tenantId));
    }
  });
  await Promise.allSettled([
    timer,
    ...others,
    queryClient.ensureQueryData(favoritesQueryOptions(tenantId, me.id)),
    ...(asksTenantUnreadCounts(tenants)
      ? [queryClient.ensureQueryData(tenantUnreadCountsQueryOptions())]
      : []),
  ]);
}

/**
 * The shell's reads that need only the tenant (not who is asking, their role or their other
 * tenants), each unless already at hand: the teams, the notifications, the unread count and the
 * accessibility preferences. Their answers are the session's own whoever it is, so the first reads
 * (app/first-reads.ts) start these before `GET /api/me` has said who that is; `readShellData` starts
 * them (or finds them on their way) and the rest. The favourites are not among them: they are kept
 * per person, in the query's key and in this browser's local copy.
 */
export function startTenantShellReads(
  queryClient: QueryClient,
  tenantId: string,
): { teams: Promise<Team[]>; others: Promise<unknown>[] } {
  // The teams are read again in the background when stale, as the tenant route's loader always did
  // on every page: the sidebar stays mounted from page to page.
  const teams = queryClient.ensureQueryData({ ...teamsQueryOptions(tenantId), revalidateIfStale: true });
  const others = [
    queryClient.ensureInfiniteQueryData(notificationsQueryOptions(tenantId)),
    queryClient.ensureQueryData(unreadCountQueryOptions(tenantId)),
    queryClient.ensureQueryData(accessibilityPreferencesQueryOptions()),
  ];
  return { teams, others };
}

/** Whether this tenant's shell has drawn before in this session: its teams have been read. */
export function hasShellData(queryClient: QueryClient, tenantId: string): boolean {
  return queryClient.getQueryData(teamsQueryOptions(tenantId).queryKey) !== undefined;
}
