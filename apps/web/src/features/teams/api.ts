import { queryOptions } from '@tanstack/react-query';
import type { Team } from '@wattle/domain/teams/schemas';
import { httpList } from '@/lib/http';

export const teamKeys = {
  list: (tenantId: string) => ['tenant', tenantId, 'teams'] as const,
};

/** The teams of one tenant the caller may see (all of them for owners and admins). */
export function teamsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: teamKeys.list(tenantId),
    queryFn: async ({ signal }) => (await httpList<Team>('/api/teams', { signal, tenantId })).data,
  });
}
