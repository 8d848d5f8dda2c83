import { type Role, roleOfTeamRole, type TeamRole } from './roles';

/**
 * The one permission table. The server's `requirePermission()` and the web's `useCan()` both read it,
 * so the web hides exactly what the server would refuse. Names follow the spec's `verb:noun` style
 * (read:cards, write:cards, sign:documents, approve:plans).
 */
export const permissions = [
  'read:tenant',
  'manage:tenant',
  'manage:members',
  'read:teams',
  'create:teams',
  'manage:team',
  'manage:workflow',
  'read:cards',
  'write:cards',
  'delete:cards',
  'read:internal-comments',
  'write:comments',
  'sign:documents',
  'approve:plans',
  /**
   * Write behaviour support plans (create, edit, submit, start a new version, share with family,
   * record changed needs) and record when specialist behaviour support started.
   */
  'write:plans',
  'read:shared-plans',
  /** A family guardian's view of their own participant: name, goals, alerts and plan dates. */
  'read:participant-summary',
  'read:participants',
  'read:all-participants',
  'write:participants',
  'archive:participants',
  /** Staff profiles of others (qualifications, screening checks). */
  'read:staff',
  'write:time',
  'approve:time',
  'read:invoices',
  'manage:invoices',
  /**
   * Approve invoices: tenant admins any; team leads only their teams' participants' invoices up to
   * the tenant's teamLeadApprovalLimitCents, and none while that setting is unset.
   */
  'approve:invoices',
  'manage:rates',
  'read:audit',
  'read:audit-packs',
  /** The restrictive-practice register, log and monthly reports of the participants one reaches. */
  'read:restrictive-practices',
  /** Log a use of a restrictive practice (support workers and up on the participant's team). */
  'record:restrictive-practices',
  /** Keep the register of authorisations and review and submit the monthly reports. */
  'manage:restrictive-practices',
  /** The incidents register of the teams one reaches (never family guardians: no incident details). */
  'read:incidents',
  /** Record and update incidents, their Commission notifications and follow-up actions. */
  'write:incidents',
  'manage:templates',
  'manage:system',
  /** Turn an organisation's feature flags on and off (Settings → Global Settings): global admins only. */
  'manage:tenant-features',
  'request:tenant-access',
  'decide:tenant-access',
] as const;
export type Permission = (typeof permissions)[number];

const teamMemberPermissions = [
  'read:tenant',
  'read:teams',
  'read:cards',
  'write:cards',
  'read:internal-comments',
  'write:comments',
  'read:shared-plans',
  'write:plans',
  'read:participant-summary',
  'read:participants',
  'write:participants',
  'write:time',
  'read:restrictive-practices',
  'record:restrictive-practices',
  // Team members are the team's Practitioners and Therapists (its clinicians): they keep the register.
  'manage:restrictive-practices',
  'read:incidents',
  'write:incidents',
] as const satisfies readonly Permission[];

const tenantAdminPermissions = [
  ...teamMemberPermissions,
  'manage:tenant',
  'manage:members',
  'create:teams',
  'manage:team',
  'manage:workflow',
  'delete:cards',
  'sign:documents',
  'approve:plans',
  'read:all-participants',
  'archive:participants',
  'read:staff',
  'approve:time',
  'read:invoices',
  'manage:invoices',
  'approve:invoices',
  'manage:rates',
  'read:audit',
  'read:audit-packs',
  'decide:tenant-access',
] as const satisfies readonly Permission[];

export const rolePermissions = {
  'global-admin': permissions,
  'system-admin': [...tenantAdminPermissions, 'manage:templates', 'manage:system', 'request:tenant-access'],
  'tenant-admin': tenantAdminPermissions,
  'team-admin': [
    ...teamMemberPermissions,
    'manage:team',
    'manage:workflow',
    'delete:cards',
    'archive:participants',
    'read:staff',
    'approve:time',
    'approve:invoices',
  ],
  'team-member': teamMemberPermissions,
  'support-worker': [
    'read:tenant',
    'read:teams',
    'read:cards',
    'write:cards',
    'read:internal-comments',
    'write:comments',
    'read:participant-summary',
    'read:participants',
    'write:time',
    'read:restrictive-practices',
    'record:restrictive-practices',
    'read:incidents',
    'write:incidents',
  ],
  viewer: ['read:tenant', 'read:teams', 'read:shared-plans', 'read:participant-summary', 'write:comments'],
  auditor: [
    'read:tenant',
    'read:teams',
    'read:cards',
    'read:internal-comments',
    'read:shared-plans',
    'read:participant-summary',
    'read:participants',
    'read:all-participants',
    'read:staff',
    'read:invoices',
    'read:audit',
    'read:audit-packs',
    'read:restrictive-practices',
    'read:incidents',
  ],
} as const satisfies Record<Role, readonly Permission[]>;

/** Permissions a clinician (Practitioner or Therapist on the team) holds on top of their role's. */
export const clinicianPermissions = [
  'sign:documents',
  'approve:plans',
] as const satisfies readonly Permission[];

export function can(role: Role | null | undefined, permission: Permission, isClinician = false): boolean {
  if (!role) return false;
  if (isClinician && (clinicianPermissions as readonly Permission[]).includes(permission)) return true;
  return (rolePermissions[role] as readonly Permission[]).includes(permission);
}

/**
 * Whether a team member with this team role may be assigned the team's cards: only those who read
 * them (not a family guardian, who would be given work they cannot open).
 */
export function canBeAssignedCards(teamRole: TeamRole): boolean {
  return can(roleOfTeamRole(teamRole), 'read:cards');
}
