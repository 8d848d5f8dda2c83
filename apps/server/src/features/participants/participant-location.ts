import { effectiveParticipantLocation } from '@wattle/domain/participants/location';
import type { AustralianState, MonashModel } from '@wattle/domain/time/catalogue';
import { tenantState } from '@wattle/domain/time/tenant-state';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { participants } from '../../db/schema/participants';
import { tenants } from '../../db/schema/tenants';
import { AppError } from '../../http/app-error';
import { tenantPriceState } from '../time-codes/tenant-price-state';

export interface ParticipantLocation {
  state: AustralianState;
  monashModel: MonashModel;
}

const participantNotFoundMessage = 'Participant not found';

/**
 * Where a participant's supports are priced (issue 14): their own state, or the organisation's when
 * they have none ("Same as organisation": the profile address's state, else the time zone's;
 * domain time/tenant-state.ts), and their MMM remoteness. One query, under the caller's tenant
 * scope (row-level security hides another tenant's participant as missing).
 *
 * `participantId` null (a support for no one participant) is priced in the organisation's state as
 * metropolitan (MMM 1). A participant who is not the tenant's is 400 'Participant not found' on
 * `participantId`, as a card naming one is (participant-of-tenant.ts).
 */
export async function participantLocation(
  tx: Queryable,
  tenantId: string,
  participantId: string | null,
): Promise<ParticipantLocation> {
  if (participantId === null) {
    return { state: await tenantPriceState(tx, tenantId), monashModel: 1 };
  }
  const isId = z.uuid().safeParse(participantId).success;
  const [row] = !isId
    ? []
    : await tx
        .select({
          state: participants.state,
          monashModel: participants.monashModel,
          profile: tenants.profile,
          timeZone: tenants.timeZone,
        })
        .from(participants)
        .innerJoin(tenants, eq(tenants.id, participants.tenantId))
        .where(and(eq(participants.tenantId, tenantId), eq(participants.id, participantId)));
  if (!row) {
    throw new AppError('VALIDATION_FAILED', participantNotFoundMessage, [
      { path: ['participantId'], message: participantNotFoundMessage },
    ]);
  }
  const organisation = tenantState({ addressState: row.profile.address?.state, timeZone: row.timeZone });
  return effectiveParticipantLocation(row, organisation);
}
