import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import {
  isDestructiveNotification,
  notificationToastDuration,
  notificationToastTitles,
} from '@wattle/domain/notifications/rules';
import type { Notification } from '@wattle/domain/notifications/schemas';
import { type CSSProperties, useEffect, useRef } from 'react';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { toast } from '@/ui/toast';
import { notificationsQueryOptions } from './api';
import { type ArrivalTracker, startTracking, takeArrivals } from './new-notifications';
import { flattenNotifications } from './notification-cache';
import { notificationTarget } from './notification-link';

/** The destructive style in the app's reds: sonner's own red text on pink falls short of WCAG AA contrast. */
const destructiveColors = {
  '--error-bg': '#fef2f2',
  '--error-border': '#fecaca',
  '--error-text': '#991b1b',
} as CSSProperties;

/**
 * The spec's toast for a notification: title by type, message below, style and duration by urgency,
 * and a button to its page (or card) when it has one.
 */
function showNotificationToast(notification: Notification, open: (href: string) => void): void {
  const destination = notificationTarget(notification);
  const options = {
    id: `notification-${notification.id}`,
    description: notification.message,
    duration: notificationToastDuration(notification),
    ...(destination ? { action: { label: destination.label, onClick: () => open(destination.href) } } : {}),
  };
  const title = notificationToastTitles[notification.type];
  if (isDestructiveNotification(notification)) {
    toast.error(title, { ...options, richColors: true, style: destructiveColors });
  } else toast(title, options);
}

/**
 * Mounted once in the shell: toasts each notification that arrives while the app is open (the live
 * feed or the polling fallback refreshes the list; see features/live). What was there when the
 * tenant's inbox first loaded is not toasted; the shared toaster shows one toast at a time.
 */
export function NotificationToasts() {
  const tenantId = useCurrentTenantId();
  const { data } = useInfiniteQuery({
    ...notificationsQueryOptions(tenantId ?? ''),
    enabled: tenantId !== null,
  });
  const navigate = useNavigate();
  const tracked = useRef<{ tenantId: string; tracker: ArrivalTracker } | null>(null);

  useEffect(() => {
    if (!tenantId || !data) return;
    const notifications = flattenNotifications(data);
    if (tracked.current?.tenantId !== tenantId) {
      tracked.current = { tenantId, tracker: startTracking(notifications) };
      return;
    }
    const { arrivals, tracker } = takeArrivals(tracked.current.tracker, notifications);
    tracked.current = { tenantId, tracker };
    for (const notification of arrivals) {
      showNotificationToast(notification, (href) => void navigate({ href }));
    }
  }, [tenantId, data, navigate]);

  return null;
}
