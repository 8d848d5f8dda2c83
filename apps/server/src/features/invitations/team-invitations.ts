import type { TeamRole } from '@wattle/domain/auth/roles';
import type { TeamInvitation } from '@wattle/domain/care-teams/schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invitations } from '../../db/schema/tenants';
import type { Actor } from '../../db/with-tenant';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/write-audit';
import { requireAllowedEmailDomain } from '../tenants/allowed-email-domains';
import { invitationStatus, isOpenInvitation, issueInvitationLink } from './invitation-links';

export type InvitationRow = typeof invitations.$inferSelect;

/** A team invitation just made or resent, with the link's secret (to send, never to store). */
export interface IssuedTeamInvitation {
  row: InvitationRow;
  token: string;
}

/**
 * Invites someone by e-mail to a team role: they join the organisation as a member (or keep the
 * membership they have) and the team with that role when they accept the link. Audited.
 */
export async function insertTeamInvitation(
  tx: Tx,
  options: { tenantId: string; actor: Actor; teamId: string; email: string; role: TeamRole; now: Date },
): Promise<IssuedTeamInvitation> {
  await requireAllowedEmailDomain(tx, options.tenantId, options.email);
  const link = issueInvitationLink(options.now);
  const [row] = await tx
    .insert(invitations)
    .values({
      tenantId: options.tenantId,
      email: options.email.toLowerCase(),
      role: 'member',
      teamId: options.teamId,
      teamRole: options.role,
      invitedBy: options.actor.id,
      tokenHash: link.tokenHash,
      expiresAt: link.expiresAt,
      lastSentAt: options.now,
    })
    .returning();
  await writeAudit(tx, {
    tenantId: options.tenantId,
    actor: options.actor,
    entity: 'invitation',
    entityId: row!.id,
    action: 'created',
    changes: [
      { field: 'email', oldValue: null, newValue: row!.email },
      { field: 'role', oldValue: null, newValue: row!.role },
      { field: 'teamId', oldValue: null, newValue: options.teamId },
      { field: 'teamRole', oldValue: null, newValue: options.role },
      { field: 'expiresAt', oldValue: null, newValue: link.expiresAt.toISOString() },
    ],
  });
  return { row: row!, token: link.token };
}

/** A team's invitations that can still be accepted, oldest first. */
export function findPendingTeamInvitations(
  tx: Tx,
  tenantId: string,
  teamId: string,
  now: Date,
): Promise<InvitationRow[]> {
  return tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.tenantId, tenantId), eq(invitations.teamId, teamId), isOpenInvitation(now)))
    .orderBy(asc(invitations.createdAt));
}

/** The name a pending invitee goes by until they sign in: the part of the e-mail before the @. */
export function nameFromEmail(email: string): string {
  return email.split('@')[0] ?? email;
}

export function toTeamInvitation(
  row: InvitationRow,
  now: Date,
  delivery: { inviteUrl: string | null; emailed: boolean } = { inviteUrl: null, emailed: false },
): TeamInvitation {
  if (!row.teamId || !row.teamRole || !row.expiresAt) {
    // Only invitations made for a team with a link are team invitations; the callers select those.
    throw new AppError('INTERNAL', 'Not a team invitation');
  }
  return {
    id: row.id,
    teamId: row.teamId,
    name: nameFromEmail(row.email),
    email: row.email,
    role: row.teamRole,
    status: invitationStatus(row, now),
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt.toISOString(),
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    inviteUrl: delivery.inviteUrl,
    emailed: delivery.emailed,
  };
}
