import { queryOptions, useQuery } from '@tanstack/react-query';
import { can } from '@wattle/domain/auth/permissions';
import type { Role } from '@wattle/domain/auth/roles';
import type { TenantFeatures } from '@wattle/domain/tenants/schemas';
import type { Timer } from '@wattle/domain/time/timer';
import { useTenantFeatures } from '@/features/tenants/tenant-features';
import { useCurrentRole } from '@/features/tenants/use-current-role';
import { http } from '@/lib/http';
import { timeKeys } from './time-keys';

/**
 * The caller's running timer (`GET /api/timer`), read by the header on every page: kept free of
 * schemas and forms so it weighs nothing. A 'timer' change on the live feed marks it stale, so every
 * tab and device shows the same chip within a second.
 */
export function timerQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: timeKeys.timer(tenantId),
    queryFn: ({ signal }) => http<Timer>('/api/timer', { tenantId, signal }),
  });
}

/**
 * Whether the current person records time here (family guardians and auditors do not), while the
 * organisation has timesheet management on.
 */
export function canTrackTime(role: Role, features: TenantFeatures): boolean {
  return can(role, 'write:time') && features.timesheetManagement;
}

export function useCanTrackTime(): boolean {
  const { role } = useCurrentRole();
  return canTrackTime(role, useTenantFeatures());
}

/** The timer of those who record time; nothing is asked of the server for anyone else. */
export function useTimer(tenantId: string | null) {
  const canTrack = useCanTrackTime();
  return useQuery({
    ...timerQueryOptions(tenantId ?? ''),
    enabled: canTrack && tenantId !== null,
  });
}
