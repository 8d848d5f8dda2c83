import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Notification } from '@wattle/domain/notifications/schemas';
import type { ListResult } from '@/lib/http';

/**
 * How notifications sit in the query cache: their keys, the list's pages, and the changes a write
 * makes to them. No I/O here (api.ts fetches), so it is tested on its own.
 */

/** `['notifications', tenantId]` is what the live feed invalidates (features/live). */
export const notificationKeys = {
  tenant: (tenantId: string) => ['notifications', tenantId] as const,
  list: (tenantId: string) => ['notifications', tenantId, 'list'] as const,
  unreadCount: (tenantId: string) => ['notifications', tenantId, 'unread-count'] as const,
};

/** The pages of the notifications list as cached (see `notificationsQueryOptions`). */
export type NotificationPages = InfiniteData<ListResult<Notification>, unknown>;

/** The loaded pages as one list: newest first, each notification once (pages shift as new ones arrive). */
export function flattenNotifications(pages: NotificationPages | undefined): Notification[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const list: Notification[] = [];
  for (const page of pages.pages) {
    for (const notification of page.data) {
      if (seen.has(notification.id)) continue;
      seen.add(notification.id);
      list.push(notification);
    }
  }
  return list.sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
}

/** Changes the loaded notifications in place (after a write the server answered); `null` removes one. */
export function updateCachedNotifications(
  queryClient: QueryClient,
  tenantId: string,
  change: (notification: Notification) => Notification | null,
): void {
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(tenantId), (pages) => {
    if (!pages) return pages;
    const changed = pages.pages.map((page) =>
      page.data.flatMap((notification) => {
        const next = change(notification);
        return next ? [next] : [];
      }),
    );
    const removed = pages.pages.reduce(
      (sum, page, index) => sum + page.data.length - changed[index]!.length,
      0,
    );
    return {
      ...pages,
      pages: pages.pages.map((page, index) => ({
        data: changed[index]!,
        meta: { ...page.meta, total: Math.max(0, page.meta.total - removed) },
      })),
    };
  });
}
