import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, UpdateNotificationSettings } from '@wattle/domain/notifications/settings';
import { http } from '@/lib/http';

/** The signed-in person's notification settings in one organisation (`/api/settings/notifications`). */
export const notificationSettingsKeys = {
  all: (tenantId: string) => ['settings', tenantId, 'notifications'] as const,
};

const path = '/api/settings/notifications';

export function notificationSettingsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: notificationSettingsKeys.all(tenantId),
    queryFn: ({ signal }) => http<NotificationSettings>(path, { tenantId, signal }),
  });
}

export function useSaveNotificationSettings(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationSettings) =>
      http<NotificationSettings>(path, { method: 'PUT', body, tenantId }),
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsKeys.all(tenantId), saved),
  });
}
