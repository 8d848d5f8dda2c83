import type { TeamRole } from '@wattle/domain/auth/roles';
import { careTeamMessages } from '@wattle/domain/care-teams/schemas';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { teamMembers, teams } from '../../db/schema/teams';
import { invitations, memberships } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import type { Actor } from '../../db/with-tenant';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/write-audit';
import { isOpenInvitation } from '../invitations/invitation-links';
import { type IssuedTeamInvitation, insertTeamInvitation } from '../invitations/team-invitations';
import { requireRoomFor } from '../tenants/subscription-limits';

export interface AddedMember {
  userId: string;
  email: string;
  role: TeamRole;
}

export type PersonAdded =
  | { addedMember: AddedMember; invitation: null }
  | { addedMember: null; invitation: IssuedTeamInvitation };

/**
 * Puts someone on a team by e-mail: a person who is already in this organisation becomes a member at
 * once (a guest gets the team shared too); anyone else, whether or not they have a Wattle account
 * in another organisation, gets an invitation link and joins only by accepting it. Nobody is put into
 * an organisation without their consent, and the answer never tells whether an e-mail has an account
 * elsewhere. 409 'This email is already added to the team' when they are on the team already or have
 * a pending invitation to it. Permission checks are the caller's; every write is audited.
 */
export async function addPersonToTeam(
  tx: Tx,
  options: { tenantId: string; actor: Actor; teamId: string; email: string; role: TeamRole; now: Date },
): Promise<PersonAdded> {
  const email = options.email.trim().toLowerCase();
  // Adds to one team take turns, so the same e-mail added twice at once is refused the second time
  // instead of making two invitations (or failing on the member key).
  const [team] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.tenantId, options.tenantId), eq(teams.id, options.teamId)))
    .for('no key update');
  if (!team) throw new AppError('NOT_FOUND', 'Team not found');
  await refuseAlreadyAdded(tx, { ...options, email });
  const [member] = await tx
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, options.tenantId), eq(users.email, email)));
  if (!member) {
    // Someone new to the organisation will take a place under its people limit when they accept.
    await requireRoomFor(tx, options.tenantId, 'users');
    const invitation = await insertTeamInvitation(tx, { ...options, email });
    return { addedMember: null, invitation };
  }
  await ensureTeamShared(tx, {
    tenantId: options.tenantId,
    actor: options.actor,
    userId: member.id,
    teamId: options.teamId,
  });
  await insertTeamMember(tx, { ...options, userId: member.id });
  return { addedMember: { userId: member.id, email, role: options.role }, invitation: null };
}

/** Adds a team membership row, audited like onboarding's and the invitations'. */
export async function insertTeamMember(
  tx: Tx,
  options: { tenantId: string; actor: Actor; teamId: string; userId: string; role: TeamRole },
): Promise<void> {
  await tx.insert(teamMembers).values({
    tenantId: options.tenantId,
    teamId: options.teamId,
    userId: options.userId,
    role: options.role,
  });
  await writeAudit(tx, {
    tenantId: options.tenantId,
    actor: options.actor,
    entity: 'team-member',
    entityId: `${options.teamId}:${options.userId}`,
    action: 'created',
    changes: [{ field: 'role', oldValue: null, newValue: options.role }],
  });
}

async function refuseAlreadyAdded(
  tx: Tx,
  options: { tenantId: string; teamId: string; email: string; now: Date },
): Promise<void> {
  const [member] = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(
        eq(teamMembers.tenantId, options.tenantId),
        eq(teamMembers.teamId, options.teamId),
        eq(users.email, options.email),
      ),
    );
  const [invited] = member
    ? [member]
    : await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(
          and(
            eq(invitations.tenantId, options.tenantId),
            eq(invitations.teamId, options.teamId),
            eq(invitations.email, options.email),
            isOpenInvitation(options.now),
          ),
        );
  if (invited) {
    throw new AppError('CONFLICT', careTeamMessages.duplicateEmail, { field: 'email', email: options.email });
  }
}

/** A guest of the organisation, who sees only the teams shared with them, gets this team shared. */
async function ensureTeamShared(
  tx: Tx,
  options: { tenantId: string; actor: Actor; userId: string; teamId: string },
): Promise<void> {
  const [membership] = await tx
    .select({ role: memberships.role, sharedTeamIds: memberships.sharedTeamIds })
    .from(memberships)
    .where(and(eq(memberships.tenantId, options.tenantId), eq(memberships.userId, options.userId)));
  if (membership?.role === 'guest' && !membership.sharedTeamIds.includes(options.teamId)) {
    await setSharedTeams(tx, {
      tenantId: options.tenantId,
      actor: options.actor,
      userId: options.userId,
      before: membership.sharedTeamIds,
      after: [...membership.sharedTeamIds, options.teamId],
    });
  }
}

/** Replaces a guest's shared teams, audited with the list before and after. */
export async function setSharedTeams(
  tx: Tx,
  options: { tenantId: string; actor: Actor; userId: string; before: string[]; after: string[] },
): Promise<void> {
  await tx
    .update(memberships)
    .set({ sharedTeamIds: options.after })
    .where(and(eq(memberships.tenantId, options.tenantId), eq(memberships.userId, options.userId)));
  await writeAudit(tx, {
    tenantId: options.tenantId,
    actor: options.actor,
    entity: 'membership',
    entityId: options.userId,
    action: 'updated',
    changes: [{ field: 'sharedTeamIds', oldValue: options.before, newValue: options.after }],
  });
}
