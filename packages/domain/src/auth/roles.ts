/**
 * Who someone is in Wattle comes from three places: a platform role on the user (global or system
 * admin), a membership role in a tenant, and a role on each team. `effective*Role` folds them into one
 * of the eight roles of DESIGN.md section 5, which `permissions.ts` maps to what they may do.
 * Plain lists and types, free of zod, so the web shell can use them on every page; their schemas
 * are in `role-schemas.ts`.
 */

export const platformRoles = ['global-admin', 'system-admin'] as const;
export type PlatformRole = (typeof platformRoles)[number];

export const membershipRoles = ['owner', 'admin', 'member', 'guest', 'auditor'] as const;
export type MembershipRole = (typeof membershipRoles)[number];

/** Roles offered when inviting a team member; Support Worker is the default. */
export const teamRoles = [
  'Team Lead',
  'Practitioner',
  'Support Worker',
  'Family Guardian',
  'Therapist',
] as const;
export type TeamRole = (typeof teamRoles)[number];
export const defaultTeamRole: TeamRole = 'Support Worker';

/** The eight roles of DESIGN.md section 5. */
export const roles = [
  'global-admin',
  'system-admin',
  'tenant-admin',
  'team-admin',
  'team-member',
  'support-worker',
  'viewer',
  'auditor',
] as const;
export type Role = (typeof roles)[number];

/** The role hierarchy of spec shell section 6. */
export const roleLevels = {
  'global-admin': 7,
  'system-admin': 6,
  'tenant-admin': 5,
  'team-admin': 4,
  'team-member': 3,
  'support-worker': 2,
  viewer: 1,
  auditor: 1,
} as const satisfies Record<Role, number>;

/** A role check passes when the role's level is at least the level asked. */
export function hasLevel(role: Role | null | undefined, required: Role): boolean {
  if (!role) return false;
  return roleLevels[role] >= roleLevels[required];
}

/** Badge text for the tenant switcher. */
export const membershipRoleLabels = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  guest: 'Guest Access',
  auditor: 'Auditor',
} as const satisfies Record<MembershipRole, string>;

const teamRoleToRole = {
  'Team Lead': 'team-admin',
  Practitioner: 'team-member',
  Therapist: 'team-member',
  'Support Worker': 'support-worker',
  'Family Guardian': 'viewer',
} as const satisfies Record<TeamRole, Role>;

/** The role a team role gives on its team (a guest's and tenant-wide roles aside: effectiveTeamRole). */
export function roleOfTeamRole(teamRole: TeamRole): Role {
  return teamRoleToRole[teamRole];
}

/** Team roles that carry the clinician permissions (sign documents, approve plans). */
export const clinicianTeamRoles: readonly TeamRole[] = ['Practitioner', 'Therapist'];

export interface TenantAccess {
  platformRole: PlatformRole | null;
  /** The caller's membership in the tenant, or null when they have none. */
  membershipRole: MembershipRole | null;
  /** A system admin's approved, unexpired access request for this tenant. */
  hasApprovedAccessRequest: boolean;
}

/**
 * The caller's role across the whole tenant, or null when they may not enter it at all.
 * Members and guests get no tenant-wide role: their roles come from their teams.
 */
export function effectiveTenantRole(access: TenantAccess): Role | null {
  if (access.platformRole === 'global-admin') return 'global-admin';
  if (access.platformRole === 'system-admin' && access.membershipRole === 'owner') return 'system-admin';
  if (access.platformRole === 'system-admin' && access.hasApprovedAccessRequest) return 'system-admin';
  switch (access.membershipRole) {
    case 'owner':
    case 'admin':
      return 'tenant-admin';
    case 'auditor':
      return 'auditor';
    default:
      return null;
  }
}

/** Whether the caller may enter the tenant at all (have it in their switcher, send its id). */
export function canEnterTenant(access: TenantAccess): boolean {
  return effectiveTenantRole(access) !== null || access.membershipRole !== null;
}

/**
 * The caller's role on one team. Tenant-wide roles apply to every team; a guest only reaches teams
 * shared with them; otherwise the team role decides.
 */
export function effectiveTeamRole(
  access: TenantAccess,
  team: { teamRole: TeamRole | null; isSharedWithGuest: boolean },
): Role | null {
  const tenantRole = effectiveTenantRole(access);
  if (tenantRole) return tenantRole;
  if (access.membershipRole === 'guest') {
    if (!team.isSharedWithGuest) return null;
    // A team shared with a guest who holds no role on it is shared to read, as a viewer.
    return team.teamRole ? teamRoleToRole[team.teamRole] : 'viewer';
  }
  if (!access.membershipRole || !team.teamRole) return null;
  return teamRoleToRole[team.teamRole];
}

/** Tenant-wide roles (owner, admin, auditor, platform admins) see every team; others only theirs. */
export function seesAllTeams(access: TenantAccess): boolean {
  return effectiveTenantRole(access) !== null;
}
