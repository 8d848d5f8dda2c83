import { assembleAnalytics, bucketOf } from '@wattle/domain/behaviour-analytics/assemble';
import type { BehaviourAnalytics, BehaviourAnalyticsQuery } from '@wattle/domain/behaviour-analytics/schemas';
import type { TenantContext } from '../../http/tenant-scope';
import { tenantTimeZone } from '../cards/card-values';
import { analyticsReach } from './analytics-reach';
import { type CountScope, groupedIncidentCounts, groupedUseCounts } from './grouped-counts';

/**
 * `GET /api/behaviour-analytics`: the period's charts over the teams the caller reads (or the one
 * team asked for), counted in the database and shaped by the domain's assembleAnalytics. A caller
 * who reaches no team gets every chart empty, as the incidents register answers them.
 */
export async function behaviourAnalytics(
  ctx: TenantContext,
  query: BehaviourAnalyticsQuery,
): Promise<BehaviourAnalytics> {
  const timeZone = await tenantTimeZone(ctx);
  const reach = await analyticsReach(ctx, query.teamId);
  const scope = (teams: 'all' | string[]): CountScope => ({
    from: query.from,
    to: query.to,
    timeZone,
    bucket: bucketOf(query.from, query.to),
    teams,
  });
  const reaches = (teams: 'all' | string[]) => teams === 'all' || teams.length > 0;
  const incidents = reaches(reach.incidents) ? await groupedIncidentCounts(ctx, scope(reach.incidents)) : [];
  // Restrictive-practice records, like the register, are for verified accounts only (DESIGN.md 5).
  const readsUses = reaches(reach.practiceUses) && ctx.actor.isVerified === true;
  const uses = readsUses ? await groupedUseCounts(ctx, scope(reach.practiceUses)) : [];
  return assembleAnalytics({
    from: query.from,
    to: query.to,
    timeZone,
    teamId: query.teamId ?? null,
    incidents,
    uses,
  });
}
