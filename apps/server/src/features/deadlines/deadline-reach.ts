import { can, type Permission } from '@wattle/domain/auth/permissions';
import { seesAllTeams } from '@wattle/domain/auth/roles';
import type { DeadlineKind } from '@wattle/domain/deadlines/schemas';
import type { TenantContext } from '../../http/tenant-scope';
import { type TeamAccess, teamAccessList } from '../cards/card-records';

/**
 * Which deadlines a caller reads (issue 16 items 2 and 8): a deadline is read by whoever reads the
 * item it is about, on the item's team, through the one permission table:
 * - plan kinds (interim, comprehensive, review): read:cards on the team reads them all (staff of the
 *   team, owners, admins, auditors), as it reads every plan; read:shared-plans alone (family
 *   guardians) reads only the review of a plan shared with family, never an engagement's;
 * - incident kinds: read:incidents (never family guardians: no incident details);
 * - the monthly restrictive practice report: read:restrictive-practices.
 * A deadline of a participant without a team is read only by tenant-wide roles that read every
 * participant. A kind is 'all' for such a role (no team filter), else the list of teams.
 */
export interface DeadlineReach {
  plans: 'all' | string[];
  sharedPlans: string[];
  incidents: 'all' | string[];
  practices: 'all' | string[];
}

export const planDeadlineKinds = [
  'bsp-interim',
  'bsp-comprehensive',
  'bsp-review',
] as const satisfies DeadlineKind[];

/** A tenant-wide role that reads every participant reads the permission's deadlines on every team. */
function readsEveryTeam(ctx: TenantContext, permission: Permission): boolean {
  return (
    seesAllTeams(ctx.access) &&
    can(ctx.tenantRole, 'read:all-participants') &&
    can(ctx.tenantRole, permission)
  );
}

/**
 * `teams`: the caller's standing on their teams when the caller has it already (the dashboard reads
 * its teams once for every tile); else read here when needed.
 */
export async function deadlineReach(
  ctx: TenantContext,
  teams?: readonly Pick<TeamAccess, 'teamId' | 'role' | 'isClinician'>[],
): Promise<DeadlineReach> {
  const permissions = {
    plans: 'read:cards',
    incidents: 'read:incidents',
    practices: 'read:restrictive-practices',
  } as const satisfies Record<string, Permission>;
  // Owners, admins and auditors read every kind on every team: no need to load the teams (a tenant
  // may have thousands, and the dashboard asks on every visit).
  if (Object.values(permissions).every((permission) => readsEveryTeam(ctx, permission))) {
    return { plans: 'all', sharedPlans: [], incidents: 'all', practices: 'all' };
  }
  const seen = (teams ?? (await teamAccessList(ctx))).filter((team) => team.role !== null);
  const teamsWith = (permission: Permission): 'all' | string[] =>
    readsEveryTeam(ctx, permission)
      ? 'all'
      : seen.filter((team) => can(team.role, permission, team.isClinician)).map((team) => team.teamId);
  const plans = teamsWith(permissions.plans);
  const sharedPlans =
    plans === 'all'
      ? []
      : seen
          .filter((team) => !plans.includes(team.teamId))
          .filter((team) => can(team.role, 'read:shared-plans', team.isClinician))
          .map((team) => team.teamId);
  return {
    plans,
    sharedPlans,
    incidents: teamsWith(permissions.incidents),
    practices: teamsWith(permissions.practices),
  };
}
