import type { FieldChange } from '@wattle/domain/audit/schemas';
import {
  earlierPlanMessage,
  overlappingPlan,
  type Plan,
  planDatesOverlapMessage,
} from '@wattle/domain/participants/plans';
import { and, eq } from 'drizzle-orm';
import { participantPlans, planBudgets } from '../../db/schema/participants';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { auditedPlan, findPlans, type PlanRow } from './plan-records';
import {
  insertBudgets,
  insertPlan,
  loadParticipantForPlanWrite,
  type PlanInputParsed,
  planValues,
  touchParticipantForPlan,
} from './plan-writes';

export const planConflictMessage =
  'Someone else changed this plan since you opened it. Review their changes and try again.';

export const planNotFound = () => new AppError('NOT_FOUND', 'Plan not found');

/**
 * `PUT /api/participants/{id}/plan` (no `planId`): edits the participant's plan, the one `GET /plan`
 * answers (the current plan, or before the first starts the first upcoming one), or makes the first
 * plan when there is none. `PUT /api/participants/{id}/plans/{planId}`: edits that plan, current or
 * upcoming (an earlier plan stays as it was: 422). Either way the budgets are replaced by those sent,
 * the dates may not overlap another plan of the participant (400 naming it), and editing needs the
 * version the caller started from: stale or missing is 409 with the plan as it is now. One audit
 * entry (entity 'participant-plan') carries the changed fields with their old and new values.
 */
export async function savePlan(
  ctx: TenantContext,
  participantId: string,
  input: PlanInputParsed,
  target: { planId?: string } = {},
): Promise<Plan> {
  const loaded = await loadParticipantForPlanWrite(ctx, participantId);
  const found = await findPlans(ctx, participantId, {
    ...(target.planId ? { planId: target.planId } : { main: true }),
    forUpdate: true,
  });
  const plan = found.plans[0];
  if (target.planId && !plan) throw planNotFound();
  let planId: string;
  if (!plan) {
    planId = await insertPlan(ctx, participantId, input);
  } else {
    planId = plan.id;
    if (plan.status === 'earlier') throw new AppError('WORKFLOW_REFUSED', earlierPlanMessage);
    if (input.version !== plan.version) {
      throw new AppError('CONFLICT', planConflictMessage, { current: plan });
    }
    refuseOverlap(found.all, input, plan.id);
    const values = planValues(input);
    const before = auditedPlan(plan);
    const after = auditedPlan({
      ...values,
      budgets: [...input.budgets].sort((a, b) => a.category.localeCompare(b.category)),
    });
    const changes: FieldChange[] = (Object.keys(before) as (keyof typeof before)[])
      .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => ({ field, oldValue: before[field], newValue: after[field] }));
    if (changes.length === 0) return plan;

    const version = plan.version + 1;
    await ctx.tx
      .update(participantPlans)
      .set({ ...values, version, updatedAt: new Date() })
      .where(and(eq(participantPlans.tenantId, ctx.tenantId), eq(participantPlans.id, plan.id)));
    if (changes.some((c) => c.field === 'budgets')) {
      await ctx.tx
        .delete(planBudgets)
        .where(and(eq(planBudgets.tenantId, ctx.tenantId), eq(planBudgets.planId, plan.id)));
      await insertBudgets(ctx, plan.id, input.budgets);
    }
    await writeAudit(ctx.tx, {
      tenantId: ctx.tenantId,
      actor: ctx.actor,
      entity: 'participant-plan',
      entityId: plan.id,
      action: 'updated',
      changes,
      metadata: { participantId, version, fromVersion: plan.version },
    });
  }
  await touchParticipantForPlan(ctx, loaded);
  const { plans } = await findPlans(ctx, participantId, { planId });
  return plans[0]!;
}

/** 400 when the dates share a day with another plan of the participant (plans never overlap). */
function refuseOverlap(all: readonly PlanRow[], input: PlanInputParsed, exceptId: string): void {
  const other = overlappingPlan(all, input, exceptId);
  if (!other) return;
  const message = planDatesOverlapMessage(other);
  // The date that runs into the other plan: the start when that plan began first, else the end.
  const path = other.startDate < input.startDate ? 'startDate' : 'endDate';
  throw new AppError('VALIDATION_FAILED', message, [{ path: [path], message }]);
}
