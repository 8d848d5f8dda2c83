import { can } from '@wattle/domain/auth/permissions';
import { and, eq } from 'drizzle-orm';
import { invitations } from '../../db/schema/tenants';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { requireCardPermission } from '../cards/card-records';
import { publishTeamChange } from '../teams/team-events';
import { type InvitationsToSend, invitationsToSend } from './deliver-invitations';
import { invitationLinkMessages } from './invitation-link-service';
import { invitationStatus, issueInvitationLink } from './invitation-links';
import type { InvitationRow } from './team-invitations';

/**
 * `DELETE /api/invitations/{id}`: withdraws an invitation (its link stops working at once). It is
 * marked revoked, never deleted, so the trail shows who was invited and who withdrew it. Tenant
 * admins (manage:members) for any invitation; team leads (manage:team) for those of their teams.
 * One already withdrawn answers 404, like a missing one.
 */
export async function revokeInvitation(ctx: TenantContext, id: string): Promise<void> {
  const invitation = await loadManageableInvitation(ctx, id);
  const now = new Date();
  const status = invitationStatus(invitation, now);
  if (status === 'revoked') throw new AppError('NOT_FOUND', invitationLinkMessages.notFound);
  if (status === 'accepted') throw new AppError('BAD_REQUEST', invitationLinkMessages.accepted);
  await ctx.tx
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.tenantId, ctx.tenantId), eq(invitations.id, id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'invitation',
    entityId: id,
    action: 'revoked',
    changes: [{ field: 'revokedAt', oldValue: null, newValue: now.toISOString() }],
    metadata: { email: invitation.email, teamId: invitation.teamId },
  });
  if (invitation.teamId) await publishTeamChange(ctx, invitation.teamId);
}

/**
 * `POST /api/invitations/{id}/resend`: a new link for a team invitation that is pending or has
 * expired (the old link stops working), expiring `invitationLinkDays` from now, e-mailed again after
 * the transaction commits. Who may: as for withdrawing.
 */
export async function resendInvitation(ctx: TenantContext, id: string): Promise<InvitationsToSend> {
  const invitation = await loadManageableInvitation(ctx, id);
  const now = new Date();
  const status = invitationStatus(invitation, now);
  if (status === 'revoked' || status === 'accepted') {
    throw new AppError('BAD_REQUEST', invitationLinkMessages[status]);
  }
  if (!invitation.teamId || !invitation.teamRole) {
    throw new AppError('BAD_REQUEST', 'Only invitations to a team have a link to resend');
  }
  const link = issueInvitationLink(now);
  const [row] = await ctx.tx
    .update(invitations)
    .set({ tokenHash: link.tokenHash, expiresAt: link.expiresAt, lastSentAt: now })
    .where(and(eq(invitations.tenantId, ctx.tenantId), eq(invitations.id, id)))
    .returning();
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'invitation',
    entityId: id,
    action: 'resent',
    changes: [
      {
        field: 'expiresAt',
        oldValue: invitation.expiresAt?.toISOString() ?? null,
        newValue: link.expiresAt.toISOString(),
      },
    ],
    metadata: { email: invitation.email, teamId: invitation.teamId },
  });
  await publishTeamChange(ctx, invitation.teamId);
  return invitationsToSend(ctx.tx, {
    tenantId: ctx.tenantId,
    teamId: invitation.teamId,
    inviterName: ctx.actor.name,
    issued: [{ row: row!, token: link.token }],
    now,
  });
}

/**
 * An invitation the caller may resend or withdraw, locked: tenant admins any; otherwise one to a team
 * the caller manages. A team the caller cannot see answers 404, like a missing invitation.
 */
async function loadManageableInvitation(ctx: TenantContext, id: string): Promise<InvitationRow> {
  const [invitation] = await ctx.tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.tenantId, ctx.tenantId), eq(invitations.id, id)))
    .for('update');
  if (!invitation) throw new AppError('NOT_FOUND', invitationLinkMessages.notFound);
  if (can(ctx.tenantRole, 'manage:members')) return invitation;
  if (!invitation.teamId) throw forbidden();
  try {
    await requireCardPermission(ctx, invitation.teamId, 'manage:team');
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw new AppError('NOT_FOUND', invitationLinkMessages.notFound);
    }
    throw error;
  }
  return invitation;
}
