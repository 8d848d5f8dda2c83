import type { FieldChange } from '@wattle/domain/audit/schemas';
import type { Plan } from '@wattle/domain/participants/plans';
import { and, eq } from 'drizzle-orm';
import { participantPlans, planBudgets } from '../../db/schema/participants';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { auditedPlan, findCurrentPlan } from './plan-records';
import {
  insertBudgets,
  insertCurrentPlan,
  loadParticipantForPlanWrite,
  type PlanInputParsed,
  planValues,
  touchParticipantForPlan,
} from './plan-writes';

export const planConflictMessage =
  'Someone else changed this plan since you opened it. Review their changes and try again.';

/**
 * `PUT /api/participants/{id}/plan`: edits the current plan (its budgets replaced by those sent), or
 * makes the first one when there is none. Editing needs the version the caller started from: stale
 * or missing is 409 with the plan as it is now. One audit entry (entity 'participant-plan') carries
 * the changed fields with their old and new values.
 */
export async function saveCurrentPlan(
  ctx: TenantContext,
  participantId: string,
  input: PlanInputParsed,
): Promise<Plan> {
  const loaded = await loadParticipantForPlanWrite(ctx, participantId);
  const current = await findCurrentPlan(ctx, participantId, { forUpdate: true });
  if (!current) {
    await insertCurrentPlan(ctx, participantId, input);
  } else {
    const { plan } = current;
    if (input.version !== plan.version) {
      throw new AppError('CONFLICT', planConflictMessage, { current: plan });
    }
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
  const saved = await findCurrentPlan(ctx, participantId);
  return saved!.plan;
}
