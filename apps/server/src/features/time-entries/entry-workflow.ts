import type { TimeEntry } from '@wattle/domain/time/entries';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { timeCodes } from '../../db/schema/catalogue';
import { participants } from '../../db/schema/participants';
import { timeEntries } from '../../db/schema/time-entries';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { type AuditEntryInput, writeAuditEntries } from '../audit/write-audit';
import { createNotifications } from '../notifications/create-notifications';
import { formatEntrySpan } from './entry-labels';
import { approvesEntry, readsEntry, requireTimeWriter, timeReach } from './time-entry-access';
import { publishTimeEntryChanges } from './time-entry-events';
import { currentTimeEntry, hhmm, type TimeEntryRow, timeEntryNotFoundMessage } from './time-entry-records';
import { loadVisibleEntry, timeEntryConflict } from './update-time-entry';

/**
 * The time-entry workflow (spec work section 4, extended by issue 14): draft → submitted by its
 * worker; submitted → approved or rejected (with a reason the worker reads in their inbox) by a lead
 * of the entry's team or a tenant admin; rejected → edited and submitted again. A tenant admin may
 * also reject an approved entry that is not invoiced. Each step is audited and announced.
 */
export const workflowMessages = {
  submitOwn: 'Only the person who worked the time can submit it',
  notSubmittable: 'Only draft or rejected entries can be submitted',
  notApprovable: 'Only submitted entries can be approved',
  notRejectable: 'Only submitted entries can be rejected',
  invoiced: 'This entry has been invoiced and can no longer be changed.',
  ownApproval: 'You cannot approve or reject your own time entries',
} as const;

type Step = 'submitted' | 'approved' | 'rejected';

function audit(
  ctx: TenantContext,
  row: TimeEntryRow,
  step: Step,
  extra: Record<string, unknown> = {},
): AuditEntryInput {
  const changes: AuditEntryInput['changes'] = [{ field: 'status', oldValue: row.status, newValue: step }];
  if (step === 'rejected')
    changes.push({ field: 'rejectionReason', oldValue: row.rejectionReason, newValue: extra.reason });
  if (step === 'submitted' && row.rejectionReason) {
    changes.push({ field: 'rejectionReason', oldValue: row.rejectionReason, newValue: null });
  }
  return {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'time-entry',
    entityId: row.id,
    action: step,
    changes,
    metadata: { version: row.version + 1, userId: row.userId },
  };
}

function stepValues(ctx: TenantContext, step: Step, reason?: string) {
  const now = new Date();
  if (step === 'submitted') {
    return { status: step, submittedAt: now, rejectionReason: null, rejectedAt: null, rejectedBy: null };
  }
  if (step === 'approved') return { status: step, approvedAt: now, approvedBy: ctx.actor.id };
  return {
    status: step,
    rejectionReason: reason!,
    rejectedAt: now,
    rejectedBy: ctx.actor.id,
    approvedAt: null,
    approvedBy: null,
  };
}

/** Moves rows to a step in one statement, with the audit entries and the live event. */
async function moveEntries(
  ctx: TenantContext,
  rows: TimeEntryRow[],
  step: Step,
  reason?: string,
): Promise<void> {
  if (rows.length === 0) return;
  await ctx.tx
    .update(timeEntries)
    .set({ ...stepValues(ctx, step, reason), version: sqlIncrement(), updatedAt: new Date() })
    .where(
      and(
        eq(timeEntries.tenantId, ctx.tenantId),
        inArray(
          timeEntries.id,
          rows.map((row) => row.id),
        ),
      ),
    );
  await writeAuditEntries(
    ctx.tx,
    rows.map((row) => audit(ctx, row, step, { reason })),
  );
  await publishTimeEntryChanges(
    ctx,
    'updated',
    rows.map((row) => ({ id: row.id, version: row.version + 1 })),
  );
}

function sqlIncrement() {
  return sql`${timeEntries.version} + 1`;
}

async function checkVersion(ctx: TenantContext, row: TimeEntryRow, version: number | undefined) {
  if (version !== undefined && version !== row.version) throw await timeEntryConflict(ctx, row.id);
}

/** `POST /api/time-entries/{id}/submit`: the worker sends a draft or rejected entry for approval. */
export async function submitTimeEntry(ctx: TenantContext, id: string, version?: number): Promise<TimeEntry> {
  const { row, reach } = await loadVisibleEntry(ctx, id);
  await checkVersion(ctx, row, version);
  if (row.userId !== reach.actorId) throw forbidden(workflowMessages.submitOwn);
  requireTimeWriter(reach);
  if (row.status !== 'draft' && row.status !== 'rejected') {
    throw new AppError('WORKFLOW_REFUSED', workflowMessages.notSubmittable);
  }
  await moveEntries(ctx, [row], 'submitted');
  return currentTimeEntry(ctx, id);
}

/** Refuses unless the caller decides on this entry (403; their own entry says so). */
function requireApprover(reach: Awaited<ReturnType<typeof timeReach>>, row: TimeEntryRow): void {
  if (approvesEntry(reach, row)) return;
  throw forbidden(row.userId === reach.actorId ? workflowMessages.ownApproval : undefined);
}

/** `POST /api/time-entries/{id}/approve`. */
export async function approveTimeEntry(ctx: TenantContext, id: string, version?: number): Promise<TimeEntry> {
  const { row, reach } = await loadVisibleEntry(ctx, id);
  await checkVersion(ctx, row, version);
  requireApprover(reach, row);
  if (row.status !== 'submitted') throw new AppError('WORKFLOW_REFUSED', workflowMessages.notApprovable);
  await moveEntries(ctx, [row], 'approved');
  return currentTimeEntry(ctx, id);
}

/**
 * `POST /api/time-entries/{id}/reject { reason }`: back to the worker, who finds the reason on the
 * entry and in their inbox ('Time Entry Rejected').
 */
export async function rejectTimeEntry(
  ctx: TenantContext,
  id: string,
  input: { reason: string; version?: number },
): Promise<TimeEntry> {
  const { row, reach } = await loadVisibleEntry(ctx, id);
  await checkVersion(ctx, row, input.version);
  requireApprover(reach, row);
  if (row.isInvoiced) throw new AppError('WORKFLOW_REFUSED', workflowMessages.invoiced);
  const mayReject = row.status === 'submitted' || (row.status === 'approved' && reach.isTenantWide);
  if (!mayReject) throw new AppError('WORKFLOW_REFUSED', workflowMessages.notRejectable);
  await moveEntries(ctx, [row], 'rejected', input.reason);
  await notifyRejection(ctx, row, input.reason);
  return currentTimeEntry(ctx, id);
}

async function notifyRejection(ctx: TenantContext, row: TimeEntryRow, reason: string): Promise<void> {
  const [code] = await ctx.tx
    .select({ description: timeCodes.description })
    .from(timeCodes)
    .where(and(eq(timeCodes.tenantId, ctx.tenantId), eq(timeCodes.id, row.timeCodeId)));
  const [participant] = row.participantId
    ? await ctx.tx
        .select({ name: participants.name })
        .from(participants)
        .where(and(eq(participants.tenantId, ctx.tenantId), eq(participants.id, row.participantId)))
    : [];
  const span = formatEntrySpan({
    date: row.date,
    startTime: hhmm(row.startTime),
    endDate: row.endDate,
    endTime: hhmm(row.endTime),
  });
  await createNotifications(ctx.tx, [
    {
      tenantId: ctx.tenantId,
      userId: row.userId,
      type: 'time-entry-rejected',
      priority: 'normal',
      message: `${ctx.actor.name} rejected your time entry of ${span} (${code?.description ?? 'time'}): ${reason}`,
      participantId: row.participantId,
      participantName: participant?.name ?? null,
    },
  ]);
}

/**
 * `POST /api/time-entries/submit { from, to }`: the caller's draft and rejected entries dated in the
 * period (the week on screen) go for approval at once. Answers how many.
 */
export async function submitPeriod(
  ctx: TenantContext,
  period: { from: string; to: string },
): Promise<number> {
  const reach = await timeReach(ctx);
  requireTimeWriter(reach);
  const rows = await ctx.tx
    .select()
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.tenantId, ctx.tenantId),
        eq(timeEntries.userId, ctx.actor.id),
        gte(timeEntries.date, period.from),
        lte(timeEntries.date, period.to),
        inArray(timeEntries.status, ['draft', 'rejected']),
      ),
    )
    .for('update');
  await moveEntries(ctx, rows, 'submitted');
  return rows.length;
}

/**
 * `POST /api/time-entries/approve { ids }`: approves the submitted ones of the entries named, all or
 * nothing: one the caller cannot see is 404, one they may not decide on 403. Entries already past
 * submitted (approved meanwhile by someone else) are left as they are and not counted.
 */
export async function approveMany(ctx: TenantContext, ids: readonly string[]): Promise<number> {
  const reach = await timeReach(ctx);
  const unique = [...new Set(ids)];
  const rows = await ctx.tx
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.tenantId, ctx.tenantId), inArray(timeEntries.id, unique)))
    .for('update');
  const visible = rows.filter((row) => readsEntry(reach, row));
  if (visible.length !== unique.length) throw new AppError('NOT_FOUND', timeEntryNotFoundMessage);
  for (const row of visible) requireApprover(reach, row);
  const submitted = visible.filter((row) => row.status === 'submitted');
  await moveEntries(ctx, submitted, 'approved');
  return submitted.length;
}
