import { can } from '@wattle/domain/auth/permissions';
import {
  clinicianTeamRoles,
  effectiveTeamRole,
  seesAllTeams,
  type TeamRole,
} from '@wattle/domain/auth/roles';
import type { TenantContext } from '../../http/tenant-scope';
import type { TeamAccess } from '../cards/card-records';
import { type DeadlineReach, deadlineReach } from '../deadlines/deadline-reach';
import { type InvoiceReach, invoiceReach } from '../invoices/invoice-access';
import { myTeamMemberships, type TeamMembership } from '../teams/my-team-memberships';
import { timeReach } from '../time-entries/time-entry-access';

/**
 * What each dashboard tile reads for the caller (issue 16 item 7), through the one permission table
 * and the reach functions of the features behind the tiles:
 * - cards: read:cards on the team (staff of the team; owners, admins and auditors every team);
 * - deadlines, plans and incidents: deadline-reach.ts (family guardians: only plans shared with
 *   family and their reviews; no incidents);
 * - hours: the time feature's rules (time-entry-access.ts): approve:time tenant-wide reads the
 *   tenant's time, on a team that team's, write:time only one's own; auditors and family keep none;
 * - invoices: invoice-access.ts (readers of finance only).
 * Tenant-wide roles need no query at all; anyone else's memberships are read once (with the teams
 * shared with them as a guest) for every tile.
 */
export interface DashboardReach {
  cards: 'all' | string[];
  deadlines: DeadlineReach;
  hours: { scope: 'own' } | { scope: 'teams'; teamIds: string[] } | { scope: 'tenant' } | null;
  invoices: InvoiceReach | null;
}

type TeamStanding = Pick<TeamAccess, 'teamId' | 'role' | 'isClinician'>;

/** The caller's standing on the teams they reach: their memberships and the teams shared with them. */
function myTeams(ctx: TenantContext, mine: TeamMembership[]): TeamStanding[] {
  const byTeam = new Map<string, TeamRole | null>(mine.map((m) => [m.teamId, m.role as TeamRole]));
  for (const shared of ctx.sharedTeamIds) if (!byTeam.has(shared)) byTeam.set(shared, null);
  return [...byTeam].map(([teamId, teamRole]) => {
    const role = effectiveTeamRole(ctx.access, {
      teamRole,
      isSharedWithGuest: ctx.sharedTeamIds.includes(teamId),
    });
    return {
      teamId,
      role,
      isClinician: role !== null && teamRole !== null && clinicianTeamRoles.includes(teamRole),
    };
  });
}

export async function dashboardReach(ctx: TenantContext): Promise<DashboardReach> {
  const tenantWide = seesAllTeams(ctx.access);
  // Read once for every tile: the teams here, the time and the invoice reach.
  const memberships = tenantWide ? [] : await myTeamMemberships(ctx);
  const teams = myTeams(ctx, memberships).filter((team) => team.role !== null);
  const teamsWith = (permission: Parameters<typeof can>[1]) =>
    teams.filter((team) => can(team.role, permission, team.isClinician)).map((team) => team.teamId);

  const cards = tenantWide && can(ctx.tenantRole, 'read:cards') ? 'all' : teamsWith('read:cards');
  const deadlines = await deadlineReach(ctx, teams);

  // The timesheet's own reach (time-entry-access.ts), so the tile shows what /timesheet would; a
  // tenant-wide approver needs no question asked.
  let hours: DashboardReach['hours'] = null;
  if (can(ctx.tenantRole, 'approve:time')) hours = { scope: 'tenant' };
  else {
    const time = await timeReach(ctx, tenantWide ? undefined : memberships);
    if (time.approverTeamIds.length > 0) hours = { scope: 'teams', teamIds: time.approverTeamIds };
    else if (time.writesTenantWide || time.writerTeamIds.length > 0) hours = { scope: 'own' };
  }

  // Only a reader of finance (tenant-wide, or a team lead) asks the invoice reach its questions.
  const readsFinance =
    can(ctx.tenantRole, 'read:invoices') ||
    can(ctx.tenantRole, 'approve:invoices') ||
    teamsWith('approve:invoices').length > 0;
  let invoices: InvoiceReach | null = null;
  if (readsFinance) {
    const reach = await invoiceReach(ctx, tenantWide ? undefined : memberships);
    if (reach.readsAll || reach.leadTeamIds.length > 0) invoices = reach;
  }

  return {
    cards,
    deadlines,
    hours,
    invoices,
  };
}
