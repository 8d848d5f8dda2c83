import type { CreateParticipantParsed } from '@wattle/domain/participants/schemas';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { participants } from '../../db/schema/participants';
import type { Actor } from '../../db/with-tenant';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/write-audit';

export type ParticipantRow = typeof participants.$inferSelect;

/** The fields of a participant that the audit log records, in the order the form shows them. */
export const auditedParticipantFields = [
  'name',
  'ndisNumber',
  'dateOfBirth',
  'phone',
  'address',
  'emergencyContact',
  'guardian',
  'goals',
  'alerts',
  'preferences',
  'medicalInfo',
  'communicationNeeds',
  'state',
  'monashModel',
  'status',
  'teamId',
] as const satisfies readonly (keyof ParticipantRow)[];

/** 409 naming the participant who already has this NDIS number in the tenant. */
export async function duplicateNdisNumberError(
  tx: Tx,
  tenantId: string,
  ndisNumber: string,
): Promise<AppError> {
  const [holder] = await tx
    .select({ id: participants.id, name: participants.name })
    .from(participants)
    .where(and(eq(participants.tenantId, tenantId), eq(participants.ndisNumber, ndisNumber)));
  return new AppError(
    'CONFLICT',
    holder
      ? `NDIS number ${ndisNumber} already belongs to ${holder.name}`
      : `NDIS number ${ndisNumber} already belongs to another participant`,
    holder
      ? { participantId: holder.id, participantName: holder.name, field: 'ndisNumber' }
      : { field: 'ndisNumber' },
  );
}

/**
 * Inserts a participant (status pending) with its 'created' audit entry. Permission checks are the
 * caller's; the NDIS number's uniqueness in the tenant is the database's, answered as a 409 naming
 * the participant who has it. Used by the participant form, the care-team wizard and the demo seed.
 */
export async function insertParticipant(
  tx: Tx,
  options: {
    tenantId: string;
    actor: Actor;
    input: CreateParticipantParsed;
    teamId?: string | null;
    status?: ParticipantRow['status'];
  },
): Promise<ParticipantRow> {
  const { input, tenantId } = options;
  // Checked first as well as by the unique index: a failed statement would end the transaction, and
  // the 409 names who has the number.
  const [taken] = await tx
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.tenantId, tenantId), eq(participants.ndisNumber, input.ndisNumber)));
  if (taken) throw await duplicateNdisNumberError(tx, tenantId, input.ndisNumber);
  if (options.teamId) await refuseTeamWithParticipant(tx, tenantId, options.teamId);
  let row: ParticipantRow | undefined;
  try {
    [row] = await tx
      .insert(participants)
      .values({
        tenantId,
        name: input.name,
        ndisNumber: input.ndisNumber,
        dateOfBirth: input.dateOfBirth,
        phone: input.phone ?? null,
        address: input.address ?? null,
        emergencyContact: emptyToNull(input.emergencyContact),
        guardian: emptyToNull(input.guardian),
        goals: input.goals ?? [],
        alerts: input.alerts ?? [],
        preferences: input.preferences ?? null,
        medicalInfo: input.medicalInfo ?? null,
        communicationNeeds: input.communicationNeeds ?? null,
        state: input.state ?? null,
        monashModel: input.monashModel,
        status: options.status ?? 'pending',
        teamId: options.teamId ?? null,
        createdBy: options.actor.id.startsWith('00000000') ? null : options.actor.id,
      })
      .returning();
  } catch (error) {
    throw participantUniqueConflict(error, input.ndisNumber);
  }
  await writeAudit(tx, {
    tenantId,
    actor: options.actor,
    entity: 'participant',
    entityId: row!.id,
    action: 'created',
    changes: auditedParticipantFields
      .filter((field) => !isEmptyValue(row![field]))
      .map((field) => ({ field, oldValue: null, newValue: row![field] })),
  });
  return row!;
}

/**
 * Assigns a participant without a team to a new team (a team centres on at most one participant),
 * audited. A participant already on another team is refused rather than moved, so no team loses its
 * participant as a side effect; moving someone is an edit of the participant (PATCH teamId).
 */
export async function assignParticipantToTeam(
  tx: Tx,
  options: { tenantId: string; actor: Actor; participantId: string; teamId: string },
): Promise<void> {
  const [before] = await tx
    .select({ teamId: participants.teamId, archivedAt: participants.archivedAt })
    .from(participants)
    .where(and(eq(participants.tenantId, options.tenantId), eq(participants.id, options.participantId)));
  if (!before || before.archivedAt) throw new AppError('NOT_FOUND', 'Participant not found');
  if (before.teamId === options.teamId) return;
  if (before.teamId) {
    throw new AppError('CONFLICT', 'This participant is already on another team', {
      field: 'participantId',
      teamId: before.teamId,
    });
  }
  await refuseTeamWithParticipant(tx, options.tenantId, options.teamId);
  try {
    await tx
      .update(participants)
      .set({ teamId: options.teamId, updatedAt: new Date() })
      .where(and(eq(participants.tenantId, options.tenantId), eq(participants.id, options.participantId)));
  } catch (error) {
    throw participantUniqueConflict(error);
  }
  await writeAudit(tx, {
    tenantId: options.tenantId,
    actor: options.actor,
    entity: 'participant',
    entityId: options.participantId,
    action: 'updated',
    changes: [{ field: 'teamId', oldValue: before.teamId, newValue: options.teamId }],
  });
}

/**
 * A participant write that lost a race for a unique NDIS number (when `ndisNumber` was written) or
 * team as the 409 the checks before it would have given; any other error unchanged.
 */
export function participantUniqueConflict(error: unknown, ndisNumber?: string): unknown {
  if (ndisNumber !== undefined && isUniqueViolation(error, 'participants_ndis_number_key')) {
    return new AppError('CONFLICT', `NDIS number ${ndisNumber} already belongs to another participant`, {
      field: 'ndisNumber',
    });
  }
  if (isUniqueViolation(error, 'participants_team_key')) {
    return new AppError('CONFLICT', 'This team already has a participant', { field: 'teamId' });
  }
  return error;
}

/** A team centres on at most one participant: 409 when it already has one. */
export async function refuseTeamWithParticipant(tx: Tx, tenantId: string, teamId: string): Promise<void> {
  const [holder] = await tx
    .select({ name: participants.name })
    .from(participants)
    .where(and(eq(participants.tenantId, tenantId), eq(participants.teamId, teamId)));
  if (holder) {
    throw new AppError('CONFLICT', `This team already centres on ${holder.name}`, { field: 'teamId' });
  }
}

/** A contact whose every field is empty is no contact: null. */
export function emptyToNull<T extends Record<string, string | null>>(value: T | null | undefined): T | null {
  if (!value) return null;
  return Object.values(value).some((v) => v) ? value : null;
}

function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (Array.isArray(value) && value.length === 0);
}
