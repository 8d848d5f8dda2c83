import type { ParticipantLocation } from '@wattle/domain/time/pricing';
import type { TenantContext } from '../../http/tenant-scope';
import { participantLocation } from '../participants/participant-location';

/**
 * Where the support was given, as the pricing rules read it: the participant's own state (else the
 * organisation's) and their remoteness on the Modified Monash Model; an entry for no participant is
 * priced in the organisation's state as metropolitan (MMM 1).
 */
export async function entryLocation(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  participantId: string | null,
): Promise<ParticipantLocation> {
  const location = await participantLocation(ctx.tx, ctx.tenantId, participantId);
  return { state: location.state, mmm: location.monashModel };
}
