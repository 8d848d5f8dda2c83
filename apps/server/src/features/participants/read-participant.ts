import type { ParticipantView } from '@wattle/domain/participants/schemas';
import type { TenantContext } from '../../http/tenant-scope';
import { writeReadAudit } from '../audit/write-audit';
import { loadParticipant, toParticipant, toParticipantSummary } from './participant-records';

/**
 * `GET /api/participants/{id}`: the whole record for those who read participants, the summary for
 * a family guardian of the participant's team. Reading health information is audited: who opened
 * which record, when, from where, and which view they got.
 */
export async function readParticipant(ctx: TenantContext, id: string): Promise<ParticipantView> {
  const { row, reach } = await loadParticipant(ctx, id);
  await writeViewedAudit(ctx, id, { view: reach });
  return reach === 'full' ? toParticipant(row) : toParticipantSummary(row);
}

/** The audit entry of one read of a participant's record (or their plans: `part`). */
export async function writeViewedAudit(
  ctx: TenantContext,
  participantId: string,
  metadata: { view: 'full' | 'summary'; part?: 'plan' | 'plans'; status?: string },
): Promise<void> {
  await writeReadAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'participant',
    entityId: participantId,
    action: 'viewed',
    metadata,
  });
}
