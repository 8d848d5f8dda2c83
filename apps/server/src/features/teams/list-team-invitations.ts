import type { TeamInvitation } from '@wattle/domain/care-teams/schemas';
import { forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { requireCardPermission } from '../cards/card-records';
import { findPendingTeamInvitations, toTeamInvitation } from '../invitations/team-invitations';

/**
 * `GET /api/teams/{id}/invitations`: the team's pending invitations (role, status, expiry), for anyone
 * who can see the team except family guardians and guests reading it as viewers. Links are never
 * shown here: only the answer that made or resent an invitation carries one.
 */
export async function listTeamInvitations(ctx: TenantContext, teamId: string): Promise<TeamInvitation[]> {
  const access = await requireCardPermission(ctx, teamId, 'read:teams');
  if (access.role === 'viewer') throw forbidden();
  const now = new Date();
  const rows = await findPendingTeamInvitations(ctx.tx, ctx.tenantId, teamId, now);
  // Invitations made before links existed (no expiry) are accepted at sign-in and have no link to show.
  return rows.filter((row) => row.teamRole && row.expiresAt).map((row) => toTeamInvitation(row, now));
}
