import type { TeamInvitation } from '@wattle/domain/care-teams/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { teams } from '../../db/schema/teams';
import { tenants } from '../../db/schema/tenants';
import { invitationMessage } from '../../mail/invitation-message';
import { mailerFor } from '../../mail/mailer';
import { inviteUrl, linkBaseUrl } from './invitation-links';
import { type IssuedTeamInvitation, toTeamInvitation } from './team-invitations';

/** Team invitations made or resent in a transaction, with what their e-mails say, to send once it commits. */
export interface InvitationsToSend {
  organisationName: string;
  timeZone: string;
  teamName: string;
  inviterName: string;
  issued: IssuedTeamInvitation[];
  now: Date;
}

/** Reads, inside the transaction, what the e-mails of a team's invitations name. */
export async function invitationsToSend(
  tx: Tx,
  options: {
    tenantId: string;
    teamId: string;
    inviterName: string;
    issued: IssuedTeamInvitation[];
    now: Date;
  },
): Promise<InvitationsToSend> {
  const [row] = await tx
    .select({ organisationName: tenants.name, timeZone: tenants.timeZone, teamName: teams.name })
    .from(teams)
    .innerJoin(tenants, eq(tenants.id, teams.tenantId))
    .where(and(eq(teams.tenantId, options.tenantId), eq(teams.id, options.teamId)));
  return {
    organisationName: row?.organisationName ?? '',
    timeZone: row?.timeZone ?? 'Australia/Sydney',
    teamName: row?.teamName ?? '',
    inviterName: options.inviterName,
    issued: options.issued,
    now: options.now,
  };
}

/**
 * Sends the invitation e-mails, after the transaction that made the invitations has committed: a
 * failed send does not undo an invitation. Without SMTP, or when a send fails (logged), the answer
 * carries the link (`inviteUrl`) so the inviter can pass it on; this answer is the only place the
 * link is ever readable.
 */
export async function deliverInvitations(
  request: FastifyRequest,
  batch: InvitationsToSend,
): Promise<TeamInvitation[]> {
  const mailer = mailerFor(request.server.config);
  const base = linkBaseUrl(request);
  const delivered: TeamInvitation[] = [];
  for (const { row, token } of batch.issued) {
    const link = inviteUrl(base, token);
    let emailed = false;
    if (mailer) {
      try {
        await mailer.send(
          invitationMessage({
            to: row.email,
            inviterName: batch.inviterName,
            organisationName: batch.organisationName,
            teamName: batch.teamName,
            role: row.teamRole,
            link,
            expiresAt: row.expiresAt!,
            timeZone: batch.timeZone,
          }),
        );
        emailed = true;
      } catch (err) {
        request.log.error(
          { err, tenantId: row.tenantId, invitationId: row.id },
          'could not send an invitation e-mail; the link goes back to the inviter instead',
        );
      }
    }
    delivered.push(toTeamInvitation(row, batch.now, { inviteUrl: emailed ? null : link, emailed }));
  }
  return delivered;
}
