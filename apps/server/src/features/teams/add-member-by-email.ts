import type { TeamMemberInput } from '@wattle/domain/care-teams/schemas';
import type { TenantContext } from '../../http/tenant-scope';
import { requireCardPermission } from '../cards/card-records';
import { type InvitationsToSend, invitationsToSend } from '../invitations/deliver-invitations';
import { type AddedMember, addPersonToTeam } from './add-team-member';
import { publishTeamChange } from './team-events';

/**
 * `POST /api/teams/{id}/members`: adds someone to a team by e-mail (manage:team): a member at once
 * when they have an account, otherwise an invitation whose e-mail goes out after the transaction.
 */
export async function addMemberByEmail(
  ctx: TenantContext,
  teamId: string,
  input: Required<TeamMemberInput>,
): Promise<{ addedMember: AddedMember | null; toSend: InvitationsToSend }> {
  await requireCardPermission(ctx, teamId, 'manage:team');
  const now = new Date();
  const added = await addPersonToTeam(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    teamId,
    email: input.email,
    role: input.role,
    now,
  });
  await publishTeamChange(ctx, teamId);
  return {
    addedMember: added.addedMember,
    toSend: await invitationsToSend(ctx.tx, {
      tenantId: ctx.tenantId,
      teamId,
      inviterName: ctx.actor.name,
      issued: added.invitation ? [added.invitation] : [],
      now,
    }),
  };
}
