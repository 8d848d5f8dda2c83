import { QueryClient } from '@tanstack/react-query';
import type { Notification } from '@wattle/domain/notifications/schemas';
import { describe, expect, it } from 'vitest';
import {
  flattenNotifications,
  type NotificationPages,
  notificationKeys,
  updateCachedNotifications,
} from './notification-cache';

const tenantId = 'tenant-1';

function notification(n: number, minutesAgo: number, extra: Partial<Notification> = {}): Notification {
  return {
    id: `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    type: 'info',
    message: `Message ${n}`,
    read: false,
    priority: 'normal',
    timestamp: new Date(Date.UTC(2026, 4, 20, 12, 0) - minutesAgo * 60_000).toISOString(),
    invoiceId: null,
    participantName: null,
    approvalStatus: null,
    tenantAccessRequest: null,
    cardId: null,
    participantId: null,
    link: null,
    ...extra,
  };
}

function pages(...lists: Notification[][]): NotificationPages {
  let offset = 0;
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  return {
    pageParams: lists.map((list) => {
      const param = offset;
      offset += list.length;
      return param;
    }),
    pages: lists.map((data, index) => ({ data, meta: { total, limit: 2, offset: index * 2 } })),
  };
}

describe('flattenNotifications', () => {
  it('lists each notification once, newest first, across pages that shifted', () => {
    const [a, b, c] = [notification(1, 1), notification(2, 5), notification(3, 10)];
    expect(flattenNotifications(pages([a!, b!], [b!, c!])).map((n) => n.id)).toEqual([a!.id, b!.id, c!.id]);
    expect(flattenNotifications(pages([c!, a!])).map((n) => n.id)).toEqual([a!.id, c!.id]);
    expect(flattenNotifications(undefined)).toEqual([]);
  });
});

describe('updateCachedNotifications', () => {
  it('replaces and removes loaded notifications and keeps the totals right', () => {
    const queryClient = new QueryClient();
    const [a, b, c] = [notification(1, 1), notification(2, 5), notification(3, 10)];
    queryClient.setQueryData(notificationKeys.list(tenantId), pages([a!, b!], [c!]));
    updateCachedNotifications(queryClient, tenantId, (n) =>
      n.id === a!.id ? { ...n, read: true } : n.id === c!.id ? null : n,
    );
    const after = queryClient.getQueryData<NotificationPages>(notificationKeys.list(tenantId))!;
    expect(flattenNotifications(after).map((n) => [n.id, n.read])).toEqual([
      [a!.id, true],
      [b!.id, false],
    ]);
    expect(after.pages.map((page) => page.meta.total)).toEqual([2, 2]);
  });
});
