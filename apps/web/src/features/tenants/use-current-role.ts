import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { Role } from '@wattle/domain/auth/roles';
import type { Team } from '@wattle/domain/teams/schemas';
import type { TenantSummary } from '@wattle/domain/tenants/schemas';
import type { Me } from '@wattle/domain/users/schemas';
import { meQueryOptions } from '../auth/api';
import { teamsQueryOptions } from '../teams/api';
import { useCurrentTenant } from './api';
import { deriveUserRole, isFamilyGuardian, isSystemAdminRole } from './current-role';

export interface CurrentRole {
  /** The user's highest role in the current tenant (features/tenants/current-role.ts). */
  role: Role;
  isSystemAdmin: boolean;
  isFamilyGuardian: boolean;
}

/**
 * The signed-in user's role in the current tenant, from /api/me, /api/tenants and the teams of
 * /api/teams. Until the teams have loaded, team roles are not counted yet.
 */
export function useCurrentRole(): CurrentRole {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const { tenant } = useCurrentTenant();
  const teams = useQuery(teamsQueryOptions(tenant.id));
  const teamList = teams.data ?? [];
  const role = roleInTenant(me, tenant, teamList);
  const myTeamRoles = teamList.map(
    (team) => team.members.find((member) => member.userId === me.id)?.role ?? null,
  );
  return {
    role,
    isSystemAdmin: isSystemAdminRole(me.platformRole),
    isFamilyGuardian: isFamilyGuardian(role, myTeamRoles),
  };
}

/** The user's highest role in a tenant, from the three sources useCurrentRole reads (outside React). */
export function roleInTenant(
  me: Pick<Me, 'platformRole'>,
  tenant: Pick<TenantSummary, 'role'>,
  teams: readonly Pick<Team, 'myRole'>[],
): Role {
  return deriveUserRole({
    platformRole: me.platformRole,
    membershipRole: tenant.role,
    teamRoles: teams.map((team) => team.myRole),
  });
}
