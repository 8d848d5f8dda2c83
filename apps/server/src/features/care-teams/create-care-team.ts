import {
  type CareTeamResult,
  type CreateCareTeamSchema,
  careTeamMessages,
} from '@wattle/domain/care-teams/schemas';
import { findTemplateSet } from '@wattle/domain/care-teams/template-sets';
import type { Participant } from '@wattle/domain/participants/schemas';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { participants } from '../../db/schema/participants';
import { teams } from '../../db/schema/teams';
import { AppError } from '../../http/app-error';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { publishChanges } from '../events/change-feed';
import { type InvitationsToSend, invitationsToSend } from '../invitations/deliver-invitations';
import type { IssuedTeamInvitation } from '../invitations/team-invitations';
import { refuseFutureDateOfBirth } from '../participants/create-participant';
import { insertParticipant } from '../participants/insert-participant';
import { requireVerified } from '../participants/participant-access';
import { currentParticipant } from '../participants/participant-records';
import { type AddedMember, addPersonToTeam, insertTeamMember } from '../teams/add-team-member';
import { insertTeam } from '../teams/create-team';
import { findVisibleTeams } from '../teams/team-records';

export type CreateCareTeamInput = z.output<typeof CreateCareTeamSchema>;

/** The wizard's result before its invitations are e-mailed (after the transaction commits). */
export interface CareTeamCreated {
  result: Omit<CareTeamResult, 'invitations'>;
  toSend: InvitationsToSend;
}

/**
 * `POST /api/care-teams`, the Create care team wizard (spec work section 2): the participant (new, or
 * an existing one with no team), the team with the chosen template set, the creator as Team Lead
 * (unless a member row gives them another role), memberships for people who already have an account
 * and invitations for everyone else. It all runs in the request's one transaction, so any refusal
 * leaves nothing behind. Tenant admins only (create:teams).
 */
export async function createCareTeam(
  ctx: TenantContext,
  input: CreateCareTeamInput,
): Promise<CareTeamCreated> {
  requireTenantPermission(ctx, 'create:teams');
  // The wizard creates or reads a participant record, which needs a verified account.
  requireVerified(ctx);
  const templateSet = findTemplateSet(input.templateSet);
  if (!templateSet) throw new AppError('VALIDATION_FAILED', careTeamMessages.templateSet);
  const now = new Date();
  const { tx, tenantId, actor } = ctx;

  if (input.participantId) await refuseParticipantNotReady(ctx, input.participantId);
  if (input.participant) await refuseFutureDateOfBirth(ctx, input.participant.dateOfBirth);

  const creatorRow = input.members.find((m) => m.email === actor.email.toLowerCase());
  // Platform admins working in a tenant they do not belong to are not put on its teams.
  const lead = !creatorRow && ctx.membershipRole ? actor.id : undefined;
  const teamId = await insertTeam(tx, {
    tenantId,
    actor,
    input: { name: input.team.name, participantId: input.participantId ?? null },
    lead,
  });

  const templates = { enabled: [...templateSet.enabled], required: [...templateSet.required], custom: [] };
  await tx
    .update(teams)
    .set({ templates })
    .where(and(eq(teams.tenantId, tenantId), eq(teams.id, teamId)));
  await writeAudit(tx, {
    tenantId,
    actor,
    entity: 'team',
    entityId: teamId,
    action: 'updated',
    changes: [{ field: 'templates', oldValue: null, newValue: templates }],
    metadata: { templateSet: templateSet.id },
  });

  // An existing participant was put on the team by insertTeam; a new one is made on it.
  let participantId = input.participantId;
  if (input.participant) {
    const row = await insertParticipant(tx, {
      tenantId,
      actor,
      input: { ...input.participant, teamId },
      teamId,
    });
    participantId = row.id;
  }

  const addedMembers: AddedMember[] = [];
  const issued: IssuedTeamInvitation[] = [];
  for (const member of input.members) {
    if (member === creatorRow) {
      await insertTeamMember(tx, { tenantId, actor, teamId, userId: actor.id, role: member.role });
      addedMembers.push({ userId: actor.id, email: member.email, role: member.role });
      continue;
    }
    const added = await addPersonToTeam(tx, {
      tenantId,
      actor,
      teamId,
      email: member.email,
      role: member.role,
      now,
    });
    if (added.addedMember) addedMembers.push(added.addedMember);
    else issued.push(added.invitation);
  }

  const participant: Participant = await currentParticipant(ctx, participantId!);
  await publishChanges(tx, [
    { tenantId, userId: null, event: { type: 'created', entity: 'team', id: teamId, version: 1 } },
    {
      tenantId,
      userId: null,
      event: {
        type: input.participant ? 'created' : 'updated',
        entity: 'participant',
        id: participant.id,
        version: participant.version,
      },
    },
  ]);
  const [team] = await findVisibleTeams(ctx, { teamId });
  return {
    result: { participant, team: team!, addedMembers },
    toSend: await invitationsToSend(tx, { tenantId, teamId, inviterName: actor.name, issued, now }),
  };
}

/** An existing participant must be in the tenant, not archived, and on no team yet. */
async function refuseParticipantNotReady(ctx: TenantContext, participantId: string): Promise<void> {
  const [row] = await ctx.tx
    .select({ name: participants.name, teamId: participants.teamId, archivedAt: participants.archivedAt })
    .from(participants)
    .where(and(eq(participants.tenantId, ctx.tenantId), eq(participants.id, participantId)));
  if (!row) throw new AppError('NOT_FOUND', 'Participant not found', { field: 'participantId' });
  if (row.archivedAt) {
    throw new AppError('CONFLICT', `${row.name} is archived: restore them first`, { field: 'participantId' });
  }
  if (row.teamId) {
    throw new AppError('CONFLICT', `${row.name} already has a care team`, { field: 'participantId' });
  }
}
