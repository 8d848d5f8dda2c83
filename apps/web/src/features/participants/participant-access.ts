import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { can, type Permission } from '@wattle/domain/auth/permissions';
import {
  effectiveTenantRole,
  type MembershipRole,
  type PlatformRole,
  type Role,
} from '@wattle/domain/auth/roles';
import type { Team } from '@wattle/domain/teams/schemas';
import { useMemo } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { teamsQueryOptions } from '@/features/teams/api';
import { useCurrentTenant } from '@/features/tenants/api';

/**
 * What the caller may do with participants, from the one permission table (DESIGN.md section 5): a
 * participant on a team answers to the caller's role on that team, one without a team to their
 * tenant-wide role (owner, admin, auditor, platform admins). The server checks every request again.
 */

/** The caller's role across the whole tenant, or null when their roles come from their teams only. */
export function tenantWideRole(
  platformRole: PlatformRole | null,
  membershipRole: MembershipRole | null,
): Role | null {
  // A system admin without a membership reaches a tenant only through an approved access request.
  return effectiveTenantRole({
    platformRole,
    membershipRole,
    hasApprovedAccessRequest: membershipRole === null,
  });
}

/** The role that decides what the caller may do with a participant on `teamId` (null: no team). */
export function roleOverTeam(
  teams: readonly Team[],
  tenantRole: Role | null,
  teamId: string | null,
): Role | null {
  if (!teamId) return tenantRole;
  return teams.find((team) => team.id === teamId)?.myRole ?? tenantRole;
}

/**
 * Teams a participant may be put on by the caller: active, with write:participants, and without a
 * participant of their own (a team centres on one), besides the one they are on now.
 */
export function assignableTeams(teams: readonly Team[], currentTeamId: string | null): Team[] {
  return teams.filter(
    (team) =>
      team.id === currentTeamId ||
      (team.status === 'active' && can(team.myRole, 'write:participants') && team.participant === null),
  );
}

/** True when the caller holds `permission` on any team, or tenant-wide. */
export function canAnywhere(
  teams: readonly Team[],
  tenantRole: Role | null,
  permission: Permission,
): boolean {
  return can(tenantRole, permission) || teams.some((team) => can(team.myRole, permission));
}

export function useParticipantAccess() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { tenant } = useCurrentTenant();
  const teamsQuery = useQuery(teamsQueryOptions(tenant.id));
  const teams = useMemo(() => teamsQuery.data ?? [], [teamsQuery.data]);
  const tenantRole = tenantWideRole(me.platformRole, tenant.role);
  return {
    me,
    tenant,
    teams,
    tenantRole,
    /** Whether the caller may do `permission` to a participant on `teamId` (null: without a team). */
    canOn: (permission: Permission, teamId: string | null) =>
      can(roleOverTeam(teams, tenantRole, teamId), permission),
    /** May add participants somewhere: tenant-wide, or on a team of theirs. */
    canCreate: canAnywhere(teams, tenantRole, 'write:participants'),
  };
}

export type ParticipantAccess = ReturnType<typeof useParticipantAccess>;
