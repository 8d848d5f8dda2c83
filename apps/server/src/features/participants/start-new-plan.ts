import { newPlanOverlapMessage, type Plan } from '@wattle/domain/participants/plans';
import { and, eq } from 'drizzle-orm';
import { participantPlans } from '../../db/schema/participants';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { findCurrentPlan, findPlans } from './plan-records';
import {
  insertCurrentPlan,
  loadParticipantForPlanWrite,
  type PlanInputParsed,
  touchParticipantForPlan,
} from './plan-writes';

/**
 * `POST /api/participants/{id}/plans`: a new plan (a plan review, a new plan year) that becomes the
 * current one. It starts after the current plan ends (400 otherwise: newPlanOverlapMessage). The
 * plan it replaces stops being current in the same transaction (the unique index allows one current
 * plan) and stays readable in the history; both changes are audited.
 */
export async function startNewPlan(
  ctx: TenantContext,
  participantId: string,
  input: PlanInputParsed,
): Promise<Plan> {
  const loaded = await loadParticipantForPlanWrite(ctx, participantId);
  const current = await findCurrentPlan(ctx, participantId, { forUpdate: true });
  if (current && input.startDate <= current.plan.endDate) {
    const message = newPlanOverlapMessage(current.plan.endDate);
    throw new AppError('VALIDATION_FAILED', message, [{ path: ['startDate'], message }]);
  }
  if (current) {
    const version = current.plan.version + 1;
    await ctx.tx
      .update(participantPlans)
      .set({ isCurrent: false, version, updatedAt: new Date() })
      .where(and(eq(participantPlans.tenantId, ctx.tenantId), eq(participantPlans.id, current.plan.id)));
    await writeAudit(ctx.tx, {
      tenantId: ctx.tenantId,
      actor: ctx.actor,
      entity: 'participant-plan',
      entityId: current.plan.id,
      action: 'updated',
      changes: [{ field: 'isCurrent', oldValue: true, newValue: false }],
      metadata: { participantId, version, fromVersion: current.plan.version, reason: 'new-plan' },
    });
  }
  const planId = await insertCurrentPlan(ctx, participantId, input);
  await touchParticipantForPlan(ctx, loaded);
  const { plans } = await findPlans(ctx, participantId, { planId });
  return plans[0]!;
}
