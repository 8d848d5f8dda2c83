import { type MembershipRole, type Role, roleLevels, type TeamRole } from '@wattle/domain/auth/roles';

/**
 * The one role that decides what the shell shows a user (spec shell section 6: settings links by
 * role, the sidebar's lists). It folds the platform role, the membership role in the current tenant
 * and the roles on its teams into the highest of them; the server still checks every request itself.
 */

export interface RoleSources {
  platformRole: string | null;
  membershipRole: MembershipRole | null;
  /** The caller's effective role on each team of the tenant they can see (`Team.myRole`). */
  teamRoles: readonly Role[];
}

const membershipRoles: Partial<Record<MembershipRole, Role>> = {
  owner: 'tenant-admin',
  admin: 'tenant-admin',
  auditor: 'auditor',
};

/**
 * A platform role however it is written (system_admin, System-Admin, global-admin): the spec compares
 * the role without regard to case.
 */
export function platformRoleOf(platformRole: string | null | undefined): Role | null {
  const normalised = (platformRole ?? '').toLowerCase().replace(/[-_\s]/g, '');
  if (normalised === 'globaladmin') return 'global-admin';
  if (normalised === 'systemadmin') return 'system-admin';
  return null;
}

/** True for the platform role system admin, however it is written. */
export function isSystemAdminRole(platformRole: string | null | undefined): boolean {
  return platformRoleOf(platformRole) === 'system-admin';
}

/** The highest of the user's roles; a member with no team yet is treated as a viewer. */
export function deriveUserRole({ platformRole, membershipRole, teamRoles }: RoleSources): Role {
  const candidates = [
    platformRoleOf(platformRole),
    membershipRole ? (membershipRoles[membershipRole] ?? null) : null,
    ...teamRoles,
  ].filter((role): role is Role => role !== null);
  let best: Role = 'viewer';
  for (const role of candidates) {
    // On a tie (auditor and viewer are both level 1) the tenant-wide role wins: it comes first.
    if (roleLevels[role] > roleLevels[best] || (best === 'viewer' && roleLevels[role] === roleLevels[best])) {
      best = role;
    }
  }
  return best;
}

/**
 * A family guardian: a Family Guardian on their teams and nothing more. The spec empties the
 * sidebar's list for them (spec shell section 6).
 */
export function isFamilyGuardian(role: Role, teamRoleNames: readonly (TeamRole | null)[]): boolean {
  return role === 'viewer' && teamRoleNames.includes('Family Guardian');
}
