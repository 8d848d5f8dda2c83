import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffProfile, StaffSupervisor, UpdateStaffProfile } from '@wattle/domain/staff/schemas';
import { http, httpList } from '@/lib/http';

/**
 * Staff profiles (issue 13 part 7): the person's own (`/settings/practitioner`), the staff list a
 * tenant admin opens others' from, and the supervisors to choose from.
 */
export const staffKeys = {
  all: (tenantId: string) => ['staff', tenantId] as const,
  list: (tenantId: string) => ['staff', tenantId, 'list'] as const,
  profile: (tenantId: string, userId: string) => ['staff', tenantId, 'profile', userId] as const,
  supervisors: (tenantId: string) => ['staff', tenantId, 'supervisors'] as const,
};

const staffPath = (userId: string) => `/api/staff/${encodeURIComponent(userId)}`;

export function staffListQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: staffKeys.list(tenantId),
    // The server's largest page; the list says when there are more than it shows.
    queryFn: ({ signal }) => httpList<StaffProfile>('/api/staff?limit=500', { tenantId, signal }),
  });
}

export function staffProfileQueryOptions(tenantId: string, userId: string) {
  return queryOptions({
    queryKey: staffKeys.profile(tenantId, userId),
    queryFn: ({ signal }) => http<StaffProfile>(staffPath(userId), { tenantId, signal }),
  });
}

export function supervisorsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: staffKeys.supervisors(tenantId),
    queryFn: async ({ signal }) =>
      (await httpList<StaffSupervisor>('/api/staff/supervisors', { tenantId, signal })).data,
    staleTime: 5 * 60_000,
  });
}

export function saveStaffProfile(
  tenantId: string,
  userId: string,
  profile: UpdateStaffProfile,
): Promise<StaffProfile> {
  return http<StaffProfile>(staffPath(userId), { method: 'PUT', body: profile, tenantId });
}

/** Saves a profile; the saved one replaces the cached one and the staff list is read again. */
export function useSaveStaffProfile(tenantId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: UpdateStaffProfile) => saveStaffProfile(tenantId, userId, profile),
    onSuccess: async (saved) => {
      queryClient.setQueryData(staffKeys.profile(tenantId, userId), saved);
      await queryClient.invalidateQueries({ queryKey: staffKeys.list(tenantId) });
    },
  });
}
