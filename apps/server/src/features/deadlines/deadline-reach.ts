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

function teamsWith(
  ctx: TenantContext,
  teams: readonly TeamAccess[],
  permission: Permission,
): 'all' | string[] {
  if (
    seesAllTeams(ctx.access) &&
    can(ctx.tenantRole, 'read:all-participants') &&
    can(ctx.tenantRole, permission)
  ) {
    return 'all';
  }
  return teams.filter((team) => can(team.role, permission, team.isClinician)).map((team) => team.teamId);
}

export async function deadlineReach(ctx: TenantContext): Promise<DeadlineReach> {
  const teams = (await teamAccessList(ctx)).filter((team) => team.role !== null);
  const plans = teamsWith(ctx, teams, 'read:cards');
  const sharedPlans = teams
    .filter((team) => (plans === 'all' ? false : !plans.includes(team.teamId)))
    .filter((team) => can(team.role, 'read:shared-plans', team.isClinician))
    .map((team) => team.teamId);
  return {
    plans,
    sharedPlans,
    incidents: teamsWith(ctx, teams, 'read:incidents'),
    practices: teamsWith(ctx, teams, 'read:restrictive-practices'),
  };
}
