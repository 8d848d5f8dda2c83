import type { FieldChange } from '@wattle/domain/audit/schemas';
import { type Plan, planMessages } from '@wattle/domain/behaviour-support/schemas';
import { cardStatusForPlan, type PlanStatus, planAllows } from '@wattle/domain/behaviour-support/workflow';
import { columnForStatus, stateOfStatus } from '@wattle/domain/cards/status-columns';
import { planReviewDue } from '@wattle/domain/deadlines/commission-deadlines';
import type { FieldValues } from '@wattle/domain/templates/schemas';
import { and, eq, ne } from 'drizzle-orm';
import { behaviourSupportPlans, behaviourSupportPlanVersions } from '../../db/schema/behaviour-support';
import { cards } from '../../db/schema/cards';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { positionFromPlace } from '../cards/board-spacing';
import { lockTeamForBoardMove } from '../cards/card-records';
import { tenantTimeZone, todayIn } from '../cards/card-values';
import { dropDeadlines, keepDeadline } from '../deadlines/keep-deadlines';
import { publishChange } from '../events/change-feed';
import { refreshParticipantEngagements } from './engagements';
import { requirePlanApprover, requirePlanWriter } from './plan-access';
import { publishPlanChange } from './plan-events';
import {
  checkPlanVersion,
  loadPlanRow,
  type PlanRow,
  planCard,
  readPlan,
  restrictivePracticesIn,
} from './plan-records';

/**
 * The plan workflow's steps (domain behaviour-support/workflow.ts says which each status allows):
 * submit (the form complete) → approve (frozen copy; deadlines met and review kept) or reject (reason;
 * back to draft) → new version (a draft copy of the approved one). Each step locks the plan, checks
 * an optional version (409 with the current plan), keeps the working card's status in step (so the
 * form editor refuses edits to a plan in review or approved), is audited and announced.
 */

function refuse(message: string, details?: unknown): never {
  throw new AppError('WORKFLOW_REFUSED', message, details);
}

async function load(ctx: TenantContext, id: string, version: number | undefined) {
  const loaded = await loadPlanRow(ctx, id, true);
  await checkPlanVersion(ctx, loaded.row, version);
  return loaded;
}

/** Writes the plan's new values with version + 1, the audit entry and the live event. */
async function applyStep(
  ctx: TenantContext,
  row: PlanRow,
  action: string,
  values: Partial<typeof behaviourSupportPlans.$inferInsert>,
  changes: FieldChange[],
  metadata: Record<string, unknown> = {},
): Promise<void> {
  const version = row.version + 1;
  await ctx.tx
    .update(behaviourSupportPlans)
    .set({ ...values, version, updatedAt: new Date() })
    .where(and(eq(behaviourSupportPlans.tenantId, ctx.tenantId), eq(behaviourSupportPlans.id, row.id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'behaviour-support-plan',
    entityId: row.id,
    action,
    changes,
    metadata: { version, planVersion: values.currentVersion ?? row.currentVersion, ...metadata },
  });
  await publishPlanChange(ctx, 'updated', row.id, version);
}

async function updateVersionRow(
  ctx: TenantContext,
  planId: string,
  number: number,
  values: Partial<typeof behaviourSupportPlanVersions.$inferInsert>,
): Promise<void> {
  await ctx.tx
    .update(behaviourSupportPlanVersions)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(behaviourSupportPlanVersions.tenantId, ctx.tenantId),
        eq(behaviourSupportPlanVersions.planId, planId),
        eq(behaviourSupportPlanVersions.number, number),
      ),
    );
}

async function versionRow(ctx: TenantContext, planId: string, number: number) {
  const [row] = await ctx.tx
    .select()
    .from(behaviourSupportPlanVersions)
    .where(
      and(
        eq(behaviourSupportPlanVersions.tenantId, ctx.tenantId),
        eq(behaviourSupportPlanVersions.planId, planId),
        eq(behaviourSupportPlanVersions.number, number),
      ),
    );
  if (!row) throw new Error(`Plan ${planId} has no version ${number}`);
  return row;
}

/**
 * Puts the working card's status in step with the plan's (cardStatusForPlan): the card editor then
 * allows edits only while the plan is a draft. Its State follows the status, and it moves to the end
 * of a column of the new status when its column does not fit it (decision 0037: an approved plan's
 * card stands in Done). Audited as a card change and announced.
 */
async function keepCardInStep(
  ctx: TenantContext,
  cardId: string | null,
  planStatus: PlanStatus,
): Promise<void> {
  if (!cardId) return;
  const wanted = cardStatusForPlan(planStatus);
  const workflowStates = await lockTeamForBoardMove(ctx, cardId);
  const [before] = await ctx.tx
    .select({
      status: cards.status,
      version: cards.version,
      teamId: cards.teamId,
      workflowStateId: cards.workflowStateId,
    })
    .from(cards)
    .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.id, cardId)))
    .for('update');
  if (!before || before.status === wanted.status) return;
  const version = before.version + 1;
  const changes: FieldChange[] = [{ field: 'status', oldValue: before.status, newValue: wanted.status }];
  const placed: { workflowStateId?: string; boardPosition?: number } = {};
  const column = columnForStatus(workflowStates ?? [], wanted.status, before.workflowStateId);
  if (column && column !== before.workflowStateId) {
    const position = await positionFromPlace(
      ctx,
      { cardId, teamId: before.teamId, workflowStateId: column },
      { aboveId: null, belowId: null },
    );
    placed.workflowStateId = column;
    if (position !== null) placed.boardPosition = position;
    changes.push({ field: 'workflowStateId', oldValue: before.workflowStateId, newValue: column });
  }
  await ctx.tx
    .update(cards)
    .set({
      ...wanted,
      state: stateOfStatus(wanted.status),
      ...placed,
      version,
      updatedAt: new Date(),
      lastModifiedBy: ctx.actor.id,
    })
    .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.id, cardId)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'card',
    entityId: cardId,
    action: 'updated',
    changes,
    metadata: { version, reason: 'behaviour support plan workflow' },
  });
  await publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: 'updated', entity: 'card', id: cardId, version },
  });
}

/** JSON with sorted keys, so two copies of the same values compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The plan's review deadline and date: 12 months from approval, sooner after changed needs. */
async function keepReview(
  ctx: TenantContext,
  row: PlanRow,
  approvedAt: Date,
  needsChangedOn: string | null,
): Promise<string> {
  const tz = await tenantTimeZone(ctx);
  const dueAt = planReviewDue(todayIn(tz, approvedAt), needsChangedOn, tz);
  await keepDeadline(ctx.tx, ctx.tenantId, {
    kind: 'bsp-review',
    subjectType: 'plan',
    subjectId: row.id,
    participantId: row.participantId,
    teamId: row.teamId,
    dueAt,
    metAt: null,
  });
  return todayIn(tz, dueAt);
}

/** `POST /{id}/submit`: a draft whose form has no missing required field or signature goes for approval. */
export async function submitPlan(ctx: TenantContext, id: string, version?: number): Promise<Plan> {
  const { row, reach } = await load(ctx, id, version);
  requirePlanWriter(reach);
  if (!planAllows(row, 'submit')) refuse(planMessages.notSubmittable);
  const card = await planCard(ctx, row.cardId);
  if (!card) refuse(planMessages.noCard);
  const blocking = card.compliance.issues.filter((i) => i.severity === 'critical' || i.severity === 'high');
  if (blocking.length > 0) {
    refuse(planMessages.incomplete, {
      issues: blocking.map((i) => ({ id: i.id, description: i.description })),
    });
  }
  const values = card.fieldValues as FieldValues;
  await updateVersionRow(ctx, id, row.currentVersion, {
    status: 'in-review',
    fieldValues: values,
    restrictivePractices: restrictivePracticesIn(values),
    submittedBy: ctx.actor.id,
    submittedAt: new Date(),
  });
  await applyStep(ctx, row, 'submitted', { status: 'in-review' }, [
    { field: 'status', oldValue: row.status, newValue: 'in-review' },
  ]);
  await keepCardInStep(ctx, row.cardId, 'in-review');
  return readPlan(ctx, id);
}

/**
 * `POST /{id}/approve`: freezes the version submitted (its values as submitted; a form changed since is
 * refused), supersedes the version approved before, sets the review 12 months on, meets the
 * engagement's plan deadlines, and lets an approved comprehensive plan supersede the participant's
 * approved interim plans.
 */
export async function approvePlan(ctx: TenantContext, id: string, version?: number): Promise<Plan> {
  const { row, reach } = await load(ctx, id, version);
  requirePlanApprover(reach);
  if (!planAllows(row, 'approve')) refuse(planMessages.notInReview);
  const submitted = await versionRow(ctx, id, row.currentVersion);
  const card = await planCard(ctx, row.cardId);
  if (card && canonical(card.fieldValues) !== canonical(submitted.fieldValues)) {
    refuse(planMessages.changedSinceSubmitted);
  }
  const now = new Date();
  if (row.approvedVersion !== null) {
    await updateVersionRow(ctx, id, row.approvedVersion, { status: 'superseded' });
  }
  await updateVersionRow(ctx, id, row.currentVersion, {
    status: 'approved',
    approvedBy: ctx.actor.id,
    approvedAt: now,
  });
  const reviewDueOn = await keepReview(ctx, row, now, null);
  await applyStep(
    ctx,
    row,
    'approved',
    {
      status: 'approved',
      approvedVersion: row.currentVersion,
      approvedAt: now,
      reviewDueOn,
      needsChangedOn: null,
    },
    [
      { field: 'status', oldValue: row.status, newValue: 'approved' },
      { field: 'approvedVersion', oldValue: row.approvedVersion, newValue: row.currentVersion },
      { field: 'reviewDueOn', oldValue: row.reviewDueOn, newValue: reviewDueOn },
    ],
  );
  await keepCardInStep(ctx, row.cardId, 'approved');
  if (row.kind === 'comprehensive') await supersedeInterimPlans(ctx, row);
  await refreshParticipantEngagements(ctx, row.participantId, row.teamId);
  return readPlan(ctx, id);
}

/** An approved comprehensive plan replaces the participant's approved interim plans. */
async function supersedeInterimPlans(ctx: TenantContext, comprehensive: PlanRow): Promise<void> {
  const interims = await ctx.tx
    .select()
    .from(behaviourSupportPlans)
    .where(
      and(
        eq(behaviourSupportPlans.tenantId, ctx.tenantId),
        eq(behaviourSupportPlans.participantId, comprehensive.participantId),
        eq(behaviourSupportPlans.kind, 'interim'),
        eq(behaviourSupportPlans.status, 'approved'),
        ne(behaviourSupportPlans.id, comprehensive.id),
      ),
    )
    .for('update');
  for (const interim of interims) {
    if (interim.approvedVersion !== null) {
      await updateVersionRow(ctx, interim.id, interim.approvedVersion, { status: 'superseded' });
    }
    await applyStep(
      ctx,
      interim,
      'superseded',
      { status: 'superseded' },
      [{ field: 'status', oldValue: interim.status, newValue: 'superseded' }],
      { supersededBy: comprehensive.id },
    );
    await dropDeadlines(ctx.tx, ctx.tenantId, interim.id, ['bsp-review']);
    await keepCardInStep(ctx, interim.cardId, 'superseded');
  }
}

/** `POST /{id}/reject { reason }`: back to draft with the reason, for the writer to change and submit again. */
export async function rejectPlan(
  ctx: TenantContext,
  id: string,
  input: { reason: string; version?: number },
): Promise<Plan> {
  const { row, reach } = await load(ctx, id, input.version);
  requirePlanApprover(reach);
  if (!planAllows(row, 'reject')) refuse(planMessages.notInReview);
  await updateVersionRow(ctx, id, row.currentVersion, { status: 'draft', rejectionReason: input.reason });
  await applyStep(ctx, row, 'rejected', { status: 'draft' }, [
    { field: 'status', oldValue: row.status, newValue: 'draft' },
    { field: 'rejectionReason', oldValue: null, newValue: input.reason },
  ]);
  await keepCardInStep(ctx, row.cardId, 'draft');
  return readPlan(ctx, id);
}

/** `POST /{id}/versions { changeSummary }`: a new draft version from the approved one, which stays in force. */
export async function startNewVersion(
  ctx: TenantContext,
  id: string,
  input: { changeSummary: string; version?: number },
): Promise<Plan> {
  const { row, reach } = await load(ctx, id, input.version);
  requirePlanWriter(reach);
  if (!planAllows(row, 'new-version')) refuse(planMessages.notApproved);
  const number = row.currentVersion + 1;
  await ctx.tx.insert(behaviourSupportPlanVersions).values({
    tenantId: ctx.tenantId,
    planId: id,
    number,
    status: 'draft',
    changeSummary: input.changeSummary,
    createdBy: ctx.actor.id,
  });
  await applyStep(ctx, row, 'new-version', { status: 'draft', currentVersion: number }, [
    { field: 'status', oldValue: row.status, newValue: 'draft' },
    { field: 'currentVersion', oldValue: row.currentVersion, newValue: number },
  ]);
  await keepCardInStep(ctx, row.cardId, 'draft');
  return readPlan(ctx, id);
}

/** `POST /{id}/share { sharedWithFamily }`: whether the team's family guardians read the plan. */
export async function sharePlan(
  ctx: TenantContext,
  id: string,
  input: { sharedWithFamily: boolean; version?: number },
): Promise<Plan> {
  const { row, reach } = await load(ctx, id, input.version);
  requirePlanWriter(reach);
  if (!planAllows(row, 'share')) refuse(planMessages.notShareable);
  if (row.sharedWithFamily === input.sharedWithFamily) return readPlan(ctx, id);
  await applyStep(
    ctx,
    row,
    input.sharedWithFamily ? 'shared' : 'unshared',
    {
      sharedWithFamily: input.sharedWithFamily,
    },
    [{ field: 'sharedWithFamily', oldValue: row.sharedWithFamily, newValue: input.sharedWithFamily }],
  );
  return readPlan(ctx, id);
}

/** `POST /{id}/needs-changed { needsChangedOn }`: brings the review forward (or back, when cleared). */
export async function recordNeedsChanged(
  ctx: TenantContext,
  id: string,
  input: { needsChangedOn: string | null; version?: number },
): Promise<Plan> {
  const { row, reach } = await load(ctx, id, input.version);
  requirePlanWriter(reach);
  if (!planAllows(row, 'needs-changed') || !row.approvedAt) refuse(planMessages.noApprovedVersion);
  const tz = await tenantTimeZone(ctx);
  if (input.needsChangedOn && input.needsChangedOn > todayIn(tz)) {
    throw new AppError('VALIDATION_FAILED', planMessages.needsChangedInFuture, [
      { path: ['needsChangedOn'], message: planMessages.needsChangedInFuture },
    ]);
  }
  const reviewDueOn = await keepReview(ctx, row, row.approvedAt, input.needsChangedOn);
  await applyStep(ctx, row, 'needs-changed', { needsChangedOn: input.needsChangedOn, reviewDueOn }, [
    { field: 'needsChangedOn', oldValue: row.needsChangedOn, newValue: input.needsChangedOn },
    { field: 'reviewDueOn', oldValue: row.reviewDueOn, newValue: reviewDueOn },
  ]);
  return readPlan(ctx, id);
}
