import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { participants } from '../../db/schema/participants';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';

const participantNotFoundMessage = 'Participant not found';

/**
 * A card (or anything else) may name only a participant of its own tenant: anything else is 400
 * 'Participant not found' on `participantId`. Row-level security would hide another tenant's anyway.
 */
export async function requireParticipantOfTenant(ctx: TenantContext, participantId: string): Promise<void> {
  const isId = z.uuid().safeParse(participantId).success;
  const [found] = isId
    ? await ctx.tx
        .select({ id: participants.id })
        .from(participants)
        .where(and(eq(participants.tenantId, ctx.tenantId), eq(participants.id, participantId)))
    : [];
  if (!found) {
    throw new AppError('VALIDATION_FAILED', participantNotFoundMessage, [
      { path: ['participantId'], message: participantNotFoundMessage },
    ]);
  }
}
