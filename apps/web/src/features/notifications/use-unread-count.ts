import { useQuery } from '@tanstack/react-query';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { unreadCountQueryOptions } from './api';

/**
 * Unread notifications plus pending approvals of the current user in the current tenant (the Inbox
 * badge in the sidebar). 0 while loading or without a tenant; the live feed keeps it fresh.
 */
export function useUnreadCount(): number {
  const tenantId = useCurrentTenantId();
  const { data } = useQuery({ ...unreadCountQueryOptions(tenantId ?? ''), enabled: tenantId !== null });
  return data ?? 0;
}
