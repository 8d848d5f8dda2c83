import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Notification, TenantUnreadCount } from '@wattle/domain/notifications/schemas';
import { http, httpList } from '@/lib/http';
import { notificationKeys } from './notification-cache';

export const notificationsPageSize = 50;

/** The caller's notifications in one tenant, newest first, a page of 50 at a time. */
export function notificationsQueryOptions(tenantId: string) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(tenantId),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(notificationsPageSize), offset: String(pageParam) });
      return httpList<Notification>(`/api/notifications?${query}`, { signal, tenantId });
    },
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.meta.offset + last.data.length;
      return last.data.length > 0 && next < last.meta.total ? next : undefined;
    },
  });
}

/** Unread notifications plus approvals still waiting on the caller (spec shell section 4). */
export function unreadCountQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(tenantId),
    queryFn: async ({ signal }) =>
      (await http<{ unread: number }>('/api/notifications/unread-count', { signal, tenantId })).unread,
  });
}

/** The key of the caller's unread counts across their organisations (not one tenant's: no tenant id). */
export const tenantUnreadCountsKey = ['notification-counts', 'by-tenant'] as const;

/**
 * Whether the tenant switcher's unread counts are asked at all: only of someone with another
 * organisation to switch to (the current one's count is the Inbox badge).
 */
export function asksTenantUnreadCounts(tenants: readonly unknown[]): boolean {
  return tenants.length > 1;
}

/**
 * The caller's unread count in each organisation they are a member of (the tenant switcher). The
 * live feed refreshes it when their notifications change in any of them ('tenant-unread').
 */
export function tenantUnreadCountsQueryOptions() {
  return queryOptions({
    queryKey: tenantUnreadCountsKey,
    queryFn: async ({ signal }): Promise<Record<string, number>> => {
      const counts = await httpList<TenantUnreadCount>('/api/notifications/unread-counts', { signal });
      return Object.fromEntries(counts.data.map((count) => [count.tenantId, count.unread]));
    },
  });
}

export function setNotificationRead(tenantId: string, id: string, read: boolean): Promise<Notification> {
  return http<Notification>(`/api/notifications/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { read },
    tenantId,
  });
}

export function markAllNotificationsRead(tenantId: string): Promise<unknown> {
  return http<unknown>('/api/notifications/read-all', { method: 'POST', tenantId });
}

export function deleteNotification(tenantId: string, id: string): Promise<unknown> {
  return http<unknown>(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE', tenantId });
}

/** Approves or rejects the access request behind a tenant-access notification; answers the notification. */
export function decideNotification(
  tenantId: string,
  id: string,
  decision: 'approved' | 'rejected',
): Promise<Notification> {
  return http<Notification>(`/api/notifications/${encodeURIComponent(id)}/decision`, {
    method: 'POST',
    body: { decision },
    tenantId,
  });
}
