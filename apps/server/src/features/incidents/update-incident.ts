import type { FieldChange } from '@wattle/domain/audit/schemas';
import { formatWorkItemId } from '@wattle/domain/cards/work-item-id';
import { nextReportableState } from '@wattle/domain/incidents/register-rules';
import { type Incident, incidentMessages, type PatchIncidentInput } from '@wattle/domain/incidents/schemas';
import { and, eq } from 'drizzle-orm';
import { incidents } from '../../db/schema/incidents';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { keepIncidentClocks } from './incident-clocks';
import { publishIncidentChange } from './incident-events';
import { notifyReportableIncident } from './incident-notifications';
import {
  findIncidentRow,
  type IncidentJoinedRow,
  type IncidentRow,
  requireIncident,
  toIncident,
} from './incident-records';

export const incidentConflictMessage =
  'This incident was changed by someone else; review the current version';

/** The register fields a change may write, in the order the audit trail lists them. */
const registerFields = [
  'category',
  'severity',
  'behaviour',
  'antecedent',
  'reportable',
  'reportableCategory',
  'awareAt',
  'awareBy',
  'notifiedAt',
  'notificationReference',
  'fiveDayReportAt',
  'fiveDayReportReference',
  'status',
  'closedAt',
  'restrictivePracticeUseId',
] as const satisfies readonly (keyof IncidentRow)[];
type RegisterField = (typeof registerFields)[number];

/** Fields the Commission's clocks run from: a change to any of them keeps the deadlines again. */
const clockFields: readonly RegisterField[] = [
  'reportable',
  'reportableCategory',
  'awareAt',
  'notifiedAt',
  'fiveDayReportAt',
  'severity',
];

export type IncidentChange = Omit<PatchIncidentInput, 'version'> & {
  restrictivePracticeUseId?: string | null;
};

function auditValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

/**
 * Applies a change to a register entry the caller may write: checks the Commission's rules
 * (register-rules.ts), writes the fields with the next version, audits each field changed, keeps the
 * deadlines when a field they run from changed, and tells the owners and admins when the incident
 * has just become reportable. A change that changes nothing writes nothing.
 */
export async function changeIncident(
  ctx: TenantContext,
  joined: IncidentJoinedRow,
  change: IncidentChange,
): Promise<IncidentRow> {
  const current = joined.incident;
  const now = new Date();
  const { state, problems } = nextReportableState(
    current,
    { version: current.version, ...change },
    ctx.actor.id,
    now,
  );
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems[0]!.message, problems);

  const status = change.status ?? current.status;
  const next: Pick<IncidentRow, RegisterField> = {
    category: change.category ?? current.category,
    severity: change.severity ?? current.severity,
    behaviour: change.behaviour !== undefined ? change.behaviour || null : current.behaviour,
    antecedent: change.antecedent !== undefined ? change.antecedent || null : current.antecedent,
    ...state,
    notificationReference:
      change.notificationReference !== undefined
        ? change.notificationReference || null
        : current.notificationReference,
    fiveDayReportReference:
      change.fiveDayReportReference !== undefined
        ? change.fiveDayReportReference || null
        : current.fiveDayReportReference,
    status,
    closedAt: status === 'closed' ? (current.closedAt ?? now) : null,
    restrictivePracticeUseId:
      change.restrictivePracticeUseId !== undefined
        ? change.restrictivePracticeUseId
        : current.restrictivePracticeUseId,
  };
  const changes: FieldChange[] = registerFields
    .filter((field) => auditValue(current[field]) !== auditValue(next[field]))
    .map((field) => ({ field, oldValue: auditValue(current[field]), newValue: auditValue(next[field]) }));
  if (changes.length === 0) return current;

  const version = current.version + 1;
  const [updated] = await ctx.tx
    .update(incidents)
    .set({ ...next, version, updatedAt: now })
    .where(
      and(
        eq(incidents.tenantId, ctx.tenantId),
        eq(incidents.id, current.id),
        eq(incidents.version, current.version),
      ),
    )
    .returning();
  if (!updated) {
    throw new AppError('CONFLICT', incidentConflictMessage, { current: await toIncident(ctx, joined) });
  }
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'incident',
    entityId: current.id,
    action: 'updated',
    changes,
    metadata: { cardId: current.cardId, version },
  });
  if (changes.some((c) => clockFields.includes(c.field as RegisterField))) {
    const clocks = await keepIncidentClocks(ctx, updated);
    if (clocks && !current.reportable && updated.reportableCategory) {
      await notifyReportableIncident(
        ctx,
        {
          id: updated.id,
          cardId: updated.cardId,
          participantId: updated.participantId,
          reportableCategory: updated.reportableCategory,
          workItemId: formatWorkItemId(joined.cardPrefix, joined.cardNumber),
          participantName: joined.participantName,
        },
        clocks,
      );
    }
  }
  await publishIncidentChange(ctx, 'updated', { id: current.id, version });
  return updated;
}

/**
 * `PATCH /api/incidents/{id}`: register fields from the version the caller started from; a stale
 * version answers 409 with the current incident.
 */
export async function updateIncident(
  ctx: TenantContext,
  id: string,
  patch: PatchIncidentInput,
): Promise<Incident> {
  const joined = await requireIncident(ctx, id, 'write:incidents');
  if (patch.version !== joined.incident.version) {
    throw new AppError('CONFLICT', incidentConflictMessage, { current: await toIncident(ctx, joined) });
  }
  const { version: _version, ...change } = patch;
  await changeIncident(ctx, joined, change);
  const row = await findIncidentRow(ctx, id);
  if (!row) throw new AppError('NOT_FOUND', incidentMessages.notFound);
  return toIncident(ctx, row);
}
