import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { teamMembers, teams } from '../../db/schema/teams';
import { invitations, memberships } from '../../db/schema/tenants';
import type { Actor } from '../../db/with-tenant';
import { writeAudit } from '../audit/write-audit';
import { publishChange } from '../events/change-feed';
import { setSharedTeams } from '../teams/add-team-member';
import { addMembership } from '../tenants/add-membership';
import { requireAllowedEmailDomain } from '../tenants/allowed-email-domains';
import { isOpenInvitation } from './invitation-links';
import type { InvitationRow } from './team-invitations';

/**
 * Accepts one invitation, in a transaction already in its tenant's scope: a membership with the
 * invited role (someone who is already a member keeps their role; a guest gains the invited team as a
 * shared team), a place on the invited team with the invited team role, and the invitation marked
 * accepted, all audited. Answers the invitation, or null when it can no longer be accepted (accepted
 * meanwhile, withdrawn or expired). Used at sign-in (auth/oidc-users.ts) and by invitation links.
 */
export async function acceptInvitation(
  tx: Tx,
  options: { tenantId: string; invitationId: string; actor: Actor; now: Date },
): Promise<InvitationRow | null> {
  const { tenantId, actor, now } = options;
  const [invitation] = await tx
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.tenantId, tenantId),
        eq(invitations.id, options.invitationId),
        isOpenInvitation(now),
      ),
    )
    .for('update');
  if (!invitation) return null;

  const shareTeam = invitation.role === 'guest' && invitation.teamId ? [invitation.teamId] : [];
  const [membership] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, actor.id)));
  if (!membership) {
    // An invitation sent before the organisation limited its e-mail domains lets no one else in.
    await requireAllowedEmailDomain(tx, tenantId, actor.email);
    await addMembership(tx, {
      tenantId,
      userId: actor.id,
      role: invitation.role,
      actor,
      sharedTeamIds: shareTeam,
    });
  } else if (
    membership.role === 'guest' &&
    invitation.teamId &&
    !membership.sharedTeamIds.includes(invitation.teamId)
  ) {
    // Already a member: the role stays, a guest gets the invited team shared (they see no other).
    await setSharedTeams(tx, {
      tenantId,
      actor,
      userId: actor.id,
      before: membership.sharedTeamIds,
      after: [...membership.sharedTeamIds, invitation.teamId],
    });
  }

  if (invitation.teamId && invitation.teamRole) {
    const [team] = await tx
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.tenantId, tenantId), eq(teams.id, invitation.teamId)));
    if (team) {
      const added = await tx
        .insert(teamMembers)
        .values({ tenantId, teamId: team.id, userId: actor.id, role: invitation.teamRole })
        .onConflictDoNothing()
        .returning({ userId: teamMembers.userId });
      if (added.length > 0) {
        await writeAudit(tx, {
          tenantId,
          actor,
          entity: 'team-member',
          entityId: `${team.id}:${actor.id}`,
          action: 'created',
          changes: [{ field: 'role', oldValue: null, newValue: invitation.teamRole }],
        });
      }
      // Open team pages show the new member and one invitation fewer.
      await publishChange(tx, {
        tenantId,
        userId: null,
        event: { type: 'updated', entity: 'team', id: team.id, version: null },
      });
    }
  }

  const [accepted] = await tx
    .update(invitations)
    .set({ acceptedAt: now, acceptedBy: actor.id })
    .where(and(eq(invitations.tenantId, tenantId), eq(invitations.id, invitation.id)))
    .returning();
  await writeAudit(tx, {
    tenantId,
    actor,
    entity: 'invitation',
    entityId: invitation.id,
    action: 'accepted',
    changes: [{ field: 'acceptedAt', oldValue: null, newValue: now.toISOString() }],
    metadata: { role: invitation.role, teamId: invitation.teamId, teamRole: invitation.teamRole },
  });
  return accepted!;
}
