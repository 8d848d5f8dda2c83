import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { teamMembers } from '../db/schema/teams';
import { memberships } from '../db/schema/tenants';
import type { Notice } from './deadline-notices';
import { type DedupedNotification, notifyOnce } from './notify-once';

/**
 * Who hears about a participant's deadlines: only people who may read the participant. The team's
 * leads (Team Lead holds read:participants on its team; a guest only when the team is shared with
 * them), or, for a team without one and a participant without a team, the tenant's owners and
 * admins (read:all-participants). The admins also hear about staff members' checks.
 */
export interface Recipients {
  /** The tenant's owners and admins. */
  admins: string[];
  /** Team Leads by team id. */
  leadsByTeam: Map<string, string[]>;
}

/** The tenant's owners and admins. */
export async function findTenantAdmins(tx: Tx, tenantId: string): Promise<string[]> {
  const admins = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), inArray(memberships.role, ['owner', 'admin'])));
  return admins.map((a) => a.userId);
}

async function findRecipients(tx: Tx, tenantId: string): Promise<Recipients> {
  const admins = await findTenantAdmins(tx, tenantId);
  const leads = await tx
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(
      memberships,
      and(eq(memberships.tenantId, teamMembers.tenantId), eq(memberships.userId, teamMembers.userId)),
    )
    .where(
      and(
        eq(teamMembers.tenantId, tenantId),
        eq(teamMembers.role, 'Team Lead'),
        or(
          sql`${memberships.role} <> 'guest'`,
          sql`${teamMembers.teamId} = any(${memberships.sharedTeamIds})`,
        ),
      ),
    );
  const leadsByTeam = new Map<string, string[]>();
  for (const lead of leads) {
    leadsByTeam.set(lead.teamId, [...(leadsByTeam.get(lead.teamId) ?? []), lead.userId]);
  }
  return { admins, leadsByTeam };
}

/** The people told about a participant on `teamId`: its leads, or the tenant's admins when it has none. */
function participantRecipients(recipients: Recipients, teamId: string | null): string[] {
  const leads = teamId ? recipients.leadsByTeam.get(teamId) : undefined;
  return leads && leads.length > 0 ? leads : recipients.admins;
}

/** A deadline notice about a participant, with the key that makes it once-only. */
export interface ParticipantNotice {
  type: DedupedNotification['type'];
  notice: Notice;
  participantId: string;
  participantName: string;
  teamId: string | null;
  dedupeKey: string;
}

/** Tells each notice's participantRecipients, once per key (notifyOnce); answers how many were created. */
export async function notifyAboutParticipants(
  tx: Tx,
  tenantId: string,
  notices: readonly ParticipantNotice[],
): Promise<number> {
  if (notices.length === 0) return 0;
  const recipients = await findRecipients(tx, tenantId);
  const rows: DedupedNotification[] = notices.flatMap((n) =>
    participantRecipients(recipients, n.teamId).map((userId) => ({
      tenantId,
      userId,
      type: n.type,
      priority: n.notice.priority,
      message: n.notice.message,
      participantId: n.participantId,
      participantName: n.participantName,
      dedupeKey: n.dedupeKey,
    })),
  );
  return notifyOnce(tx, rows);
}
