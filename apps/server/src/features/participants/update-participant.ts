import type { FieldChange } from '@wattle/domain/audit/schemas';
import { can } from '@wattle/domain/auth/permissions';
import type { Participant, UpdateParticipantParsed } from '@wattle/domain/participants/schemas';
import { and, eq, ne } from 'drizzle-orm';
import { participants } from '../../db/schema/participants';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { refuseFutureDateOfBirth } from './create-participant';
import {
  auditedParticipantFields,
  duplicateNdisNumberError,
  emptyToNull,
  type ParticipantRow,
  participantUniqueConflict,
  refuseTeamWithParticipant,
} from './insert-participant';
import { requireParticipantTeamPermission } from './participant-access';
import { publishParticipantChange } from './participant-events';
import { currentParticipant, loadParticipant, toParticipant } from './participant-records';

type AuditedField = (typeof auditedParticipantFields)[number];

/** Fields the team pages show of their participant (GET /api/teams): a change there refreshes them. */
const teamShownFields = new Set<AuditedField>([
  'name',
  'ndisNumber',
  'dateOfBirth',
  'goals',
  'alerts',
  'teamId',
]);

export const participantConflictMessage =
  'Someone else changed this participant since you opened it. Review their changes and try again.';

export const archivedParticipantMessage = 'This participant is archived. Restore them before making changes.';

/** The 409 of a stale write, with the participant as it is now. */
export function participantConflict(current: Participant): AppError {
  return new AppError('CONFLICT', participantConflictMessage, { current });
}

/**
 * `PATCH /api/participants/{id}`: the fields sent, from the version the caller started from.
 *
 * - write:participants on the participant's team (tenant-wide when they have none), and on the new
 *   team when `teamId` changes; a participant the caller cannot see answers 404.
 * - A stale version is 409 with the participant as it is now; an archived participant 422.
 * - A new NDIS number held by someone else is 409 naming them; a team that already centres on
 *   someone is 409. Both are checked before writing, so the transaction is never aborted.
 * - One audit entry carries every change with its old and new value; the version goes up and the
 *   participant's last activity is now. A PATCH that changes nothing answers the record as it is.
 */
export async function updateParticipant(
  ctx: TenantContext,
  id: string,
  input: UpdateParticipantParsed,
): Promise<Participant> {
  const { row, role } = await loadParticipant(ctx, id, { forUpdate: true });
  if (!can(role, 'write:participants')) throw forbidden();
  const before = row.participant;
  if (input.version !== before.version) throw participantConflict(toParticipant(row));
  if (before.archivedAt) throw new AppError('WORKFLOW_REFUSED', archivedParticipantMessage);

  const next = nextValues(input);
  const changes: FieldChange[] = [];
  for (const field of auditedParticipantFields) {
    if (!(field in next)) continue;
    const oldValue = comparable(field, before[field]);
    const newValue = comparable(field, next[field]);
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue)) changes.push({ field, oldValue, newValue });
  }
  if (changes.length === 0) return toParticipant(row);
  const changed = new Set(changes.map((c) => c.field as AuditedField));

  if (changed.has('teamId')) {
    await requireParticipantTeamPermission(ctx, next.teamId ?? null, 'write:participants');
    if (next.teamId) await refuseTeamWithParticipant(ctx.tx, ctx.tenantId, next.teamId);
  }
  if (changed.has('ndisNumber')) await refuseTakenNdisNumber(ctx, id, next.ndisNumber!);
  if (changed.has('dateOfBirth')) await refuseFutureDateOfBirth(ctx, next.dateOfBirth!);

  const version = before.version + 1;
  const now = new Date();
  const values: Partial<ParticipantRow> = {};
  for (const field of changed) Object.assign(values, { [field]: next[field] });
  try {
    await ctx.tx
      .update(participants)
      .set({ ...values, version, updatedAt: now, lastActivityAt: now })
      .where(and(eq(participants.tenantId, ctx.tenantId), eq(participants.id, id)));
  } catch (error) {
    // Only a write that committed between the checks above and this one gets here.
    throw participantUniqueConflict(error, next.ndisNumber);
  }

  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'participant',
    entityId: id,
    action: 'updated',
    changes,
    metadata: { version, fromVersion: input.version },
  });
  const teamChanged = [...changed].some((field) => teamShownFields.has(field));
  await publishParticipantChange(ctx, {
    type: 'updated',
    id,
    version,
    teamIds: teamChanged ? [before.teamId, next.teamId ?? null] : [],
  });
  return currentParticipant(ctx, id);
}

/** The input as column values: contacts with every field empty become null. */
function nextValues(input: UpdateParticipantParsed): Partial<Pick<ParticipantRow, AuditedField>> {
  const { version: _version, ...fields } = input;
  const next: Partial<Pick<ParticipantRow, AuditedField>> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value !== undefined) Object.assign(next, { [field]: value });
  }
  if (input.emergencyContact !== undefined) next.emergencyContact = emptyToNull(input.emergencyContact);
  if (input.guardian !== undefined) next.guardian = emptyToNull(input.guardian);
  if (input.teamId !== undefined) next.teamId = input.teamId ?? null;
  return next;
}

/**
 * A value as the audit log and the comparison see it: contacts with their fields in one order (a
 * jsonb column hands keys back in its own order), and absent as null.
 */
function comparable(field: AuditedField, value: unknown): unknown {
  if (value && (field === 'emergencyContact' || field === 'guardian')) {
    const contact = value as Record<string, string | null>;
    const keys =
      field === 'guardian' ? ['name', 'relationship', 'phone', 'email'] : ['name', 'relationship', 'phone'];
    return Object.fromEntries(keys.map((key) => [key, contact[key] ?? null]));
  }
  return value ?? null;
}

/** 409 naming the participant who already has this NDIS number in the tenant. */
async function refuseTakenNdisNumber(ctx: TenantContext, id: string, ndisNumber: string): Promise<void> {
  const [taken] = await ctx.tx
    .select({ id: participants.id })
    .from(participants)
    .where(
      and(
        eq(participants.tenantId, ctx.tenantId),
        eq(participants.ndisNumber, ndisNumber),
        ne(participants.id, id),
      ),
    );
  if (taken) throw await duplicateNdisNumberError(ctx.tx, ctx.tenantId, ndisNumber);
}
