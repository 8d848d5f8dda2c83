import { lastPlan, newPlanOverlapMessage, type Plan, planStatusOf } from '@wattle/domain/participants/plans';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { findPlans, readPlanRows } from './plan-records';
import {
  insertPlan,
  loadParticipantForPlanWrite,
  type PlanInputParsed,
  touchParticipantForPlan,
} from './plan-writes';

/**
 * `POST /api/participants/{id}/plans`: a new plan (a plan review, a new plan year). It starts after
 * the participant's last plan ends (400 otherwise: newPlanOverlapMessage), so plans never overlap.
 * Nothing else changes: the current plan stays current until the new one's start date, and the new
 * one is upcoming until then (statuses come from the dates, decision 0014). Audited as created.
 */
export async function startNewPlan(
  ctx: TenantContext,
  participantId: string,
  input: PlanInputParsed,
): Promise<Plan> {
  const loaded = await loadParticipantForPlanWrite(ctx, participantId);
  const { all, today } = await readPlanRows(ctx, participantId, { forUpdate: true });
  const last = lastPlan(all);
  if (last && input.startDate <= last.endDate) {
    const message = newPlanOverlapMessage(last.endDate, planStatusOf(last, all, today));
    throw new AppError('VALIDATION_FAILED', message, [{ path: ['startDate'], message }]);
  }
  const planId = await insertPlan(ctx, participantId, input);
  await touchParticipantForPlan(ctx, loaded);
  const { plans } = await findPlans(ctx, participantId, { planId });
  return plans[0]!;
}
