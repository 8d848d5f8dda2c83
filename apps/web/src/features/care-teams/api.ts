import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CareTeamResult, CreateCareTeam } from '@wattle/domain/care-teams/schemas';
import type { ParticipantListItem } from '@wattle/domain/participants/schemas';
import { teamKeys } from '@/features/teams/api';
import { http, httpList } from '@/lib/http';

/**
 * The Create care team wizard's calls (issue 13 part 4): `POST /api/care-teams` makes participant,
 * team, memberships and invitations in one transaction, and the participants without a team that
 * step 1 may pick instead of creating one.
 */

/** Participants keys start with the area and the tenant, as every tenant-scoped key does. */
export const careTeamParticipantKeys = {
  all: (tenantId: string) => ['participants', tenantId] as const,
  withoutTeam: (tenantId: string, q: string) => ['participants', tenantId, 'without-team', q] as const,
};

/** How many matches step 1 lists at once; the search narrows them. */
const pickerPageSize = 100;

/**
 * Participants of the tenant not yet on a team, whose names or numbers match `q`. The list endpoint
 * filters by team but not by "no team", so the page is filtered here; the search box narrows it.
 */
export function participantsWithoutTeamQueryOptions(tenantId: string, q: string) {
  return queryOptions({
    queryKey: careTeamParticipantKeys.withoutTeam(tenantId, q),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({
        archived: 'false',
        sort: 'name',
        order: 'asc',
        limit: String(pickerPageSize),
      });
      if (q.trim()) params.set('q', q.trim());
      const { data } = await httpList<ParticipantListItem>(`/api/participants?${params}`, {
        tenantId,
        signal,
      });
      return data.filter((participant) => participant.teamId === null);
    },
  });
}

export function createCareTeam(
  tenantId: string,
  input: CreateCareTeam,
  idempotencyKey: string,
): Promise<CareTeamResult> {
  return http<CareTeamResult>('/api/care-teams', {
    method: 'POST',
    body: input,
    tenantId,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Creates the care team; the teams list and the participant lists are fetched again afterwards. */
export function useCreateCareTeam(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateCareTeam; idempotencyKey: string }) =>
      createCareTeam(tenantId, input, idempotencyKey),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.list(tenantId) }),
        queryClient.invalidateQueries({ queryKey: careTeamParticipantKeys.all(tenantId) }),
      ]);
    },
  });
}
