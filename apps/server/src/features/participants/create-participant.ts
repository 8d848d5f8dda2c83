import {
  type CreateParticipantParsed,
  type Participant,
  participantMessages,
} from '@wattle/domain/participants/schemas';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { tenantToday } from '../cards/card-values';
import { insertParticipant } from './insert-participant';
import { requireParticipantTeamPermission } from './participant-access';
import { publishParticipantChange } from './participant-events';
import { currentParticipant } from './participant-records';

/**
 * `POST /api/participants`: a new participant, pending (spec work section 4), on a team the caller
 * may write participants on, or on none (tenant-wide roles only). The NDIS number is unique in the
 * tenant (409 naming who has it); a team centres on one participant (409).
 */
export async function createParticipant(
  ctx: TenantContext,
  input: CreateParticipantParsed,
): Promise<Participant> {
  const teamId = input.teamId ?? null;
  await requireParticipantTeamPermission(ctx, teamId, 'write:participants');
  await refuseFutureDateOfBirth(ctx, input.dateOfBirth);
  const row = await insertParticipant(ctx.tx, { tenantId: ctx.tenantId, actor: ctx.actor, input, teamId });
  await publishParticipantChange(ctx, {
    type: 'created',
    id: row.id,
    version: row.version,
    teamIds: [teamId],
  });
  return currentParticipant(ctx, row.id);
}

/** A date of birth after today (in the tenant's time zone) is a typing mistake: 400. */
export async function refuseFutureDateOfBirth(ctx: TenantContext, dateOfBirth: string): Promise<void> {
  if (dateOfBirth <= (await tenantToday(ctx))) return;
  const message = participantMessages.dateOfBirthFuture;
  throw new AppError('VALIDATION_FAILED', message, [{ path: ['dateOfBirth'], message }]);
}
