import { can } from '@wattle/domain/auth/permissions';
import { seesAllTeams } from '@wattle/domain/auth/roles';
import type { TenantContext } from '../../http/tenant-scope';
import { teamAccessList } from '../cards/card-records';
import { incidentTeams } from '../incidents/incident-access';

/**
 * Whose records behaviour analytics counts (the one permission table): incidents of the teams the
 * caller reads incidents of (read:incidents), and restrictive-practice uses of the teams whose
 * participants' practices they read (read:restrictive-practices). 'all' is every team of the tenant
 * (owners, admins, auditors); an empty list counts nothing, which is what a family guardian gets,
 * as GET /api/incidents answers them an empty register.
 */
export interface AnalyticsReach {
  incidents: 'all' | string[];
  practiceUses: 'all' | string[];
}

async function practiceTeams(ctx: TenantContext, teamId?: string): Promise<'all' | string[]> {
  if (!teamId && seesAllTeams(ctx.access) && can(ctx.tenantRole, 'read:restrictive-practices')) return 'all';
  const teams = await teamAccessList(ctx, teamId);
  return teams
    .filter((team) => can(team.role, 'read:restrictive-practices', team.isClinician))
    .map((team) => team.teamId);
}

export async function analyticsReach(ctx: TenantContext, teamId?: string): Promise<AnalyticsReach> {
  const incidents = await incidentTeams(ctx, teamId);
  // Practice uses only where the caller also reads incidents: the charts are one audience's.
  const practices = await practiceTeams(ctx, teamId);
  const practiceUses =
    practices === 'all'
      ? incidents
      : incidents === 'all'
        ? practices
        : practices.filter((id) => incidents.includes(id));
  return { incidents, practiceUses };
}
