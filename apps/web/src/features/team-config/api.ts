import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamRole } from '@wattle/domain/auth/roles';
import type { AddTeamMemberResultSchema, TeamInvitation } from '@wattle/domain/care-teams/schemas';
import type { Team, UpdateTeam } from '@wattle/domain/teams/schemas';
import type { z } from 'zod';
import { teamKeys } from '@/features/teams/api';
import { http, httpList } from '@/lib/http';

/**
 * Team configuration's calls (issue 13 part 6): rename, archive and bring back, members' roles and
 * removal, adding people, pending invitations (resend, revoke) and sharing with guests. Keys sit
 * under the teams list's key, so anything that refreshes the teams (a live change of a team, a
 * mutation here) refreshes these too.
 */

export type AddTeamMemberResult = z.infer<typeof AddTeamMemberResultSchema>;
export interface TeamGuest {
  userId: string;
  name: string;
  email: string;
  isShared: boolean;
}

export const teamConfigKeys = {
  invitations: (tenantId: string, teamId: string) =>
    [...teamKeys.list(tenantId), teamId, 'invitations'] as const,
  shares: (tenantId: string, teamId: string) => [...teamKeys.list(tenantId), teamId, 'shares'] as const,
};

const teamPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;

export function teamInvitationsQueryOptions(tenantId: string, teamId: string) {
  return queryOptions({
    queryKey: teamConfigKeys.invitations(tenantId, teamId),
    queryFn: async ({ signal }) =>
      (await httpList<TeamInvitation>(`${teamPath(teamId)}/invitations`, { tenantId, signal })).data,
  });
}

export function teamSharesQueryOptions(tenantId: string, teamId: string) {
  return queryOptions({
    queryKey: teamConfigKeys.shares(tenantId, teamId),
    queryFn: async ({ signal }) =>
      (await httpList<TeamGuest>(`${teamPath(teamId)}/shares`, { tenantId, signal })).data,
  });
}

export function updateTeam(tenantId: string, teamId: string, changes: UpdateTeam): Promise<Team> {
  return http<Team>(teamPath(teamId), { method: 'PATCH', body: changes, tenantId });
}

export function addTeamMember(
  tenantId: string,
  teamId: string,
  member: { email: string; role: TeamRole },
): Promise<AddTeamMemberResult> {
  return http<AddTeamMemberResult>(`${teamPath(teamId)}/members`, { method: 'POST', body: member, tenantId });
}

export function changeMemberRole(
  tenantId: string,
  teamId: string,
  userId: string,
  role: TeamRole,
): Promise<Team> {
  return http<Team>(`${teamPath(teamId)}/members/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body: { role },
    tenantId,
  });
}

export function removeMember(tenantId: string, teamId: string, userId: string): Promise<Team> {
  return http<Team>(`${teamPath(teamId)}/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    tenantId,
  });
}

export function shareTeam(tenantId: string, teamId: string, userId: string): Promise<Team> {
  return http<Team>(`${teamPath(teamId)}/shares`, { method: 'POST', body: { userId }, tenantId });
}

export function unshareTeam(tenantId: string, teamId: string, userId: string): Promise<Team> {
  return http<Team>(`${teamPath(teamId)}/shares/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    tenantId,
  });
}

export function resendInvitation(tenantId: string, invitationId: string): Promise<TeamInvitation> {
  return http<TeamInvitation>(`/api/invitations/${encodeURIComponent(invitationId)}/resend`, {
    method: 'POST',
    tenantId,
  });
}

export function revokeInvitation(tenantId: string, invitationId: string): Promise<unknown> {
  return http<unknown>(`/api/invitations/${encodeURIComponent(invitationId)}`, {
    method: 'DELETE',
    tenantId,
  });
}

/**
 * Puts a team as the server answered into the cached teams list (so the page shows it at once), then
 * asks for the list again with everything under its key.
 */
export function useRememberTeam(tenantId: string) {
  const queryClient = useQueryClient();
  return async (team?: Team) => {
    if (team) {
      queryClient.setQueryData<Team[]>(teamKeys.list(tenantId), (teams) =>
        teams?.map((candidate) => (candidate.id === team.id ? team : candidate)),
      );
    }
    await queryClient.invalidateQueries({ queryKey: teamKeys.list(tenantId) });
  };
}

/** A team-configuration write whose answer is the team (or nothing); the team list follows. */
export function useTeamWrite<TVariables>(
  tenantId: string,
  write: (variables: TVariables) => Promise<Team | unknown>,
) {
  const remember = useRememberTeam(tenantId);
  return useMutation({
    mutationFn: write,
    onSuccess: async (answer) => {
      await remember(isTeam(answer) ? answer : undefined);
    },
  });
}

function isTeam(value: unknown): value is Team {
  return typeof value === 'object' && value !== null && 'members' in value && 'slug' in value;
}
