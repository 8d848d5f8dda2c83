import { can } from '@wattle/domain/auth/permissions';
import { seesAllTeams } from '@wattle/domain/auth/roles';
import { incidentMessages } from '@wattle/domain/incidents/schemas';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { teamAccessList } from '../cards/card-records';

/**
 * Who reaches which incidents (DESIGN.md section 5, the one permission table): read:incidents on
 * the incident's team reads it (support workers, practitioners and team leads of the team; owners,
 * admins and auditors on every team), write:incidents changes it (not auditors). Family guardians
 * hold neither, so they see no incident at all, their own participant's included: an incident
 * report names other people and what happened to them. An incident the caller cannot read answers
 * 404 like a missing one.
 */
export async function incidentTeams(ctx: TenantContext, teamId?: string): Promise<'all' | string[]> {
  if (!teamId && seesAllTeams(ctx.access) && can(ctx.tenantRole, 'read:incidents')) return 'all';
  const teams = await teamAccessList(ctx, teamId);
  return teams
    .filter((team) => can(team.role, 'read:incidents', team.isClinician))
    .map((team) => team.teamId);
}

/** Refuses (404) unless the caller reads incidents of the team, and (403) lacks write:incidents when writing. */
export async function requireIncidentAccess(
  ctx: TenantContext,
  teamId: string,
  permission: 'read:incidents' | 'write:incidents',
): Promise<void> {
  const [team] = await teamAccessList(ctx, teamId);
  if (!team || !can(team.role, 'read:incidents', team.isClinician)) {
    throw new AppError('NOT_FOUND', incidentMessages.notFound);
  }
  if (!can(team.role, permission, team.isClinician)) throw forbidden();
}
