import type { InvitationLink } from '@wattle/domain/care-teams/schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { teams } from '../../db/schema/teams';
import { invitations, tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { type Actor, continueInTenant, withUser } from '../../db/with-tenant';
import { AppError } from '../../http/app-error';
import { acceptInvitation } from './accept-invitation';
import { invitationStatus, invitationTokenHash } from './invitation-links';
import type { InvitationRow } from './team-invitations';

export const invitationLinkMessages = {
  notFound: 'Invitation not found',
  otherEmail: 'This invitation was sent to a different e-mail address',
  expired: 'This invitation has expired',
  revoked: 'This invitation has been withdrawn',
  accepted: 'This invitation has already been accepted',
} as const;

/**
 * `GET /api/invitations/link/{token}`: where a link leads, for the signed-in person, who may belong to
 * no organisation yet. The invitation is found in the person's own scope, by the hash of the token they
 * hold (the invitation_link_read policy); its organisation, team and inviter are then read inside
 * that organisation's scope.
 */
export function readInvitationLink(db: Database, actor: Actor, token: string): Promise<InvitationLink> {
  return withUser(db, actor, async (tx) => {
    const invitation = await findByToken(tx, token);
    await continueInTenant(tx, invitation.tenantId, actor);
    const [place] = await tx
      .select({ tenantName: tenants.name, teamName: teams.name, teamSlug: teams.slug })
      .from(tenants)
      .leftJoin(teams, and(eq(teams.tenantId, tenants.id), eq(teams.id, sql`${invitation.teamId}::uuid`)))
      .where(eq(tenants.id, invitation.tenantId));
    const [inviter] = invitation.invitedBy
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, invitation.invitedBy))
      : [];
    return {
      tenantId: invitation.tenantId,
      tenantName: place?.tenantName ?? '',
      teamId: place?.teamName ? invitation.teamId : null,
      teamName: place?.teamName ?? null,
      teamSlug: place?.teamSlug ?? null,
      role: invitation.teamRole,
      email: invitation.email,
      invitedByName: inviter?.name ?? null,
      status: invitationStatus(invitation, new Date()),
      expiresAt: (invitation.expiresAt ?? invitation.createdAt).toISOString(),
      isForMe: isForActor(invitation, actor),
    };
  });
}

/**
 * `POST /api/invitations/accept`: the signed-in person accepts a link sent to their e-mail. Found in
 * their own scope, accepted inside the organisation's (membership, team place, invitation marked
 * accepted, audited), in one transaction.
 */
export function acceptInvitationLink(
  db: Database,
  actor: Actor,
  token: string,
): Promise<{ tenantId: string; teamId: string | null; teamSlug: string | null }> {
  return withUser(db, actor, async (tx) => {
    const invitation = await findByToken(tx, token);
    if (!isForActor(invitation, actor)) throw new AppError('FORBIDDEN', invitationLinkMessages.otherEmail);
    const now = new Date();
    refuseUnlessPending(invitation, now);
    await continueInTenant(tx, invitation.tenantId, actor);
    const accepted = await acceptInvitation(tx, {
      tenantId: invitation.tenantId,
      invitationId: invitation.id,
      actor,
      now,
    });
    if (!accepted) {
      // Accepted, withdrawn or expired between the look-up and the lock: say which.
      const [current] = await tx
        .select()
        .from(invitations)
        .where(and(eq(invitations.tenantId, invitation.tenantId), eq(invitations.id, invitation.id)));
      refuseUnlessPending(current ?? invitation, now);
      throw new AppError('CONFLICT', 'This invitation could not be accepted. Please try again.');
    }
    const [team] = accepted.teamId
      ? await tx
          .select({ id: teams.id, slug: teams.slug })
          .from(teams)
          .where(and(eq(teams.tenantId, accepted.tenantId), eq(teams.id, accepted.teamId)))
      : [];
    return { tenantId: accepted.tenantId, teamId: team?.id ?? null, teamSlug: team?.slug ?? null };
  });
}

/**
 * The invitation whose link this is. Visible in the person's own scope when it was sent to their
 * e-mail (own_invitations_read), or to the holder of its link (invitation_link_read, by the token's
 * hash, set for this look-up only).
 */
async function findByToken(tx: Tx, token: string): Promise<InvitationRow> {
  const tokenHash = invitationTokenHash(token);
  await tx.execute(sql`select set_config('app.invitation_token_hash', ${tokenHash}, true)`);
  const [invitation] = await tx.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
  await tx.execute(sql`select set_config('app.invitation_token_hash', '', true)`);
  if (!invitation) throw new AppError('NOT_FOUND', invitationLinkMessages.notFound);
  return invitation;
}

function isForActor(invitation: InvitationRow, actor: Actor): boolean {
  return invitation.email.toLowerCase() === actor.email.toLowerCase();
}

function refuseUnlessPending(invitation: InvitationRow, now: Date): void {
  const status = invitationStatus(invitation, now);
  if (status === 'pending') return;
  throw new AppError('BAD_REQUEST', invitationLinkMessages[status]);
}
