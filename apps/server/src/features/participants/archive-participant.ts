import { can } from '@wattle/domain/auth/permissions';
import type { Participant } from '@wattle/domain/participants/schemas';
import { and, eq } from 'drizzle-orm';
import { participants } from '../../db/schema/participants';
import { forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { publishParticipantChange } from './participant-events';
import { currentParticipant, loadParticipant, toParticipant } from './participant-records';
import { participantConflict } from './update-participant';

/**
 * `POST /api/participants/{id}/archive`: participants are archived, never deleted (their records,
 * plans and audit trail stay). Needs archive:participants on their team (tenant-wide when they have
 * none); a stale version is 409. Archiving an archived participant changes nothing.
 */
export function archiveParticipant(ctx: TenantContext, id: string, version: number): Promise<Participant> {
  return setArchived(ctx, id, version, true);
}

/** `POST /api/participants/{id}/restore`: the archived participant is back in lists and editable. */
export function restoreParticipant(ctx: TenantContext, id: string, version: number): Promise<Participant> {
  return setArchived(ctx, id, version, false);
}

async function setArchived(
  ctx: TenantContext,
  id: string,
  fromVersion: number,
  archive: boolean,
): Promise<Participant> {
  const { row, role } = await loadParticipant(ctx, id, { forUpdate: true });
  if (!can(role, 'archive:participants')) throw forbidden();
  const before = row.participant;
  if (fromVersion !== before.version) throw participantConflict(toParticipant(row));
  if (!!before.archivedAt === archive) return toParticipant(row);

  const version = before.version + 1;
  const now = new Date();
  const archivedAt = archive ? now : null;
  await ctx.tx
    .update(participants)
    .set({ archivedAt, version, updatedAt: now, lastActivityAt: now })
    .where(and(eq(participants.tenantId, ctx.tenantId), eq(participants.id, id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'participant',
    entityId: id,
    action: archive ? 'archived' : 'restored',
    changes: [
      {
        field: 'archivedAt',
        oldValue: before.archivedAt?.toISOString() ?? null,
        newValue: archivedAt?.toISOString() ?? null,
      },
    ],
    metadata: { version, fromVersion },
  });
  await publishParticipantChange(ctx, { type: 'updated', id, version, teamIds: [before.teamId] });
  return currentParticipant(ctx, id);
}
