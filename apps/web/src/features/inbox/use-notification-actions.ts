import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@wattle/domain/notifications/schemas';
import { useState } from 'react';
import {
  decideNotification,
  deleteNotification,
  markAllNotificationsRead,
  setNotificationRead,
} from '@/features/notifications/api';
import { notificationKeys, updateCachedNotifications } from '@/features/notifications/notification-cache';
import { isApiError } from '@/lib/http';
import { toast } from '@/ui/toast';

export type Decision = 'approved' | 'rejected';

/** What went wrong with an action on one notification, as shown inside it and in a toast. */
export interface ActionFailure {
  title: string;
  message: string;
}

function failureMessage(error: unknown): string {
  if (isApiError(error) && error.status === 404) {
    return 'This notification no longer exists; the list has been refreshed.';
  }
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.';
}

/**
 * Mark read or unread, delete, and decide (Approve / Reject) for one notification. The cache takes
 * the server's answer; a failure is reported in a toast and kept beside the item, and the list is
 * reloaded so it shows what the server holds.
 */
export function useNotificationActions(tenantId: string, notification: Notification) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<ActionFailure | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.tenant(tenantId) });
  const replace = (updated: Notification) =>
    updateCachedNotifications(queryClient, tenantId, (current) =>
      current.id === updated.id ? updated : current,
    );
  const fail = (title: string) => (error: unknown) => {
    const message = failureMessage(error);
    setFailure({ title, message });
    toast.error(title, { description: message });
    void refresh();
  };

  const setRead = useMutation({
    mutationFn: (read: boolean) => setNotificationRead(tenantId, notification.id, read),
    onMutate: () => setFailure(null),
    onSuccess: (updated) => {
      replace(updated);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount(tenantId) });
    },
    onError: (error, read) => fail(read ? 'Could not mark it read' : 'Could not mark it unread')(error),
  });

  const remove = useMutation({
    mutationFn: () => deleteNotification(tenantId, notification.id),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      updateCachedNotifications(queryClient, tenantId, (current) =>
        current.id === notification.id ? null : current,
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount(tenantId) });
    },
    onError: fail('Could not delete the notification'),
  });

  const decide = useMutation({
    mutationFn: (decision: Decision) => decideNotification(tenantId, notification.id, decision),
    onMutate: () => setFailure(null),
    onSuccess: (updated, decision) => {
      replace(updated);
      const who = updated.tenantAccessRequest?.requestedBy ?? 'the requester';
      toast.success(decision === 'approved' ? `Access approved for ${who}` : `Access rejected for ${who}`);
      void refresh();
    },
    onError: (error, decision) =>
      fail(decision === 'approved' ? 'Could not approve the request' : 'Could not reject the request')(error),
  });

  return {
    setRead,
    remove,
    decide,
    failure,
    isBusy: setRead.isPending || remove.isPending || decide.isPending,
  };
}

/** Mark all read for the whole inbox of the current tenant. */
export function useMarkAllRead(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markAllNotificationsRead(tenantId),
    onSuccess: () => {
      updateCachedNotifications(queryClient, tenantId, (current) =>
        current.read ? current : { ...current, read: true },
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.tenant(tenantId) });
    },
    onError: (error) => {
      toast.error('Could not mark all notifications read', { description: failureMessage(error) });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.tenant(tenantId) });
    },
  });
}
