import type { TenantContext } from '../../http/tenant-scope';
import { publishChange } from '../events/change-feed';

/**
 * Tells open pages a team changed (its name, status, members, invitations or guests), so they fetch
 * it again when the transaction commits. `version` is the team's new version when the team record
 * itself changed, null when only something hanging off it did.
 */
export function publishTeamChange(ctx: TenantContext, teamId: string, version: number | null = null) {
  return publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: 'updated', entity: 'team', id: teamId, version },
  });
}
