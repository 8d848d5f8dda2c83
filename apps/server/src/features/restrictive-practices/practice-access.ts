import { can, type Permission } from '@wattle/domain/auth/permissions';
import type { Role } from '@wattle/domain/auth/roles';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { participants } from '../../db/schema/participants';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { requireVerified, roleOverParticipantsOf } from '../participants/participant-access';

/**
 * Who reaches a participant's restrictive practices (the one permission table):
 * - read:restrictive-practices (support workers and up on the participant's team; owners, admins
 *   and auditors everywhere) reads the register, the log and the monthly reports;
 * - record:restrictive-practices (support workers and up on the team) logs a use;
 * - manage:restrictive-practices (the team's practitioners, therapists and leads; owners and admins)
 *   keeps the register and generates, reviews and submits the reports.
 * Family guardians reach none of it (403 on their own participant). A participant the caller does
 * not reach at all answers 404, like one that does not exist.
 */
export interface ParticipantOfPractices {
  id: string;
  name: string;
  ndisNumber: string;
  teamId: string | null;
}

export interface PracticeAccess {
  participant: ParticipantOfPractices;
  role: Role | null;
}

export const participantNotFoundMessage = 'Participant not found';

/**
 * The participant and the caller's role over them. `hiddenAs` is the 404's message when the caller
 * came by one of the participant's records (so the answer is the record's own "not found").
 */
export async function practiceAccess(
  ctx: TenantContext,
  participantId: string,
  hiddenAs = participantNotFoundMessage,
): Promise<PracticeAccess> {
  requireVerified(ctx);
  const isId = z.uuid().safeParse(participantId).success;
  const [participant] = isId
    ? await ctx.tx
        .select({
          id: participants.id,
          name: participants.name,
          ndisNumber: participants.ndisNumber,
          teamId: participants.teamId,
        })
        .from(participants)
        .where(and(eq(participants.tenantId, ctx.tenantId), eq(participants.id, participantId)))
    : [];
  const role = participant ? await roleOverParticipantsOf(ctx, participant.teamId) : null;
  if (!participant || !role) throw new AppError('NOT_FOUND', hiddenAs);
  return { participant, role };
}

/** The participant's practices with `permission`, or 403 (404 when the participant is out of reach). */
export async function requirePracticePermission(
  ctx: TenantContext,
  participantId: string,
  permission: Permission,
  hiddenAs?: string,
): Promise<PracticeAccess> {
  const access = await practiceAccess(ctx, participantId, hiddenAs);
  if (!can(access.role, 'read:restrictive-practices')) throw forbidden();
  if (!can(access.role, permission)) throw forbidden();
  return access;
}

export function allows(access: PracticeAccess, permission: Permission): boolean {
  return can(access.role, permission);
}
