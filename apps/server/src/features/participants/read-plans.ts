import type { Plan, PlanStatus } from '@wattle/domain/participants/plans';
import { forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { loadParticipant } from './participant-records';
import { findPlans } from './plan-records';
import { writeViewedAudit } from './read-participant';

/**
 * The plan routes need the whole record (read:participants): a family guardian reads the plan's
 * dates in the participant's summary, not its budgets (403). Each read is audited like the record's.
 */
async function requirePlanReader(
  ctx: TenantContext,
  participantId: string,
  part: 'plan' | 'plans',
  status?: PlanStatus,
) {
  const { reach } = await loadParticipant(ctx, participantId);
  if (reach !== 'full') throw forbidden();
  await writeViewedAudit(ctx, participantId, { view: 'full', part, ...(status ? { status } : {}) });
}

/**
 * `GET /api/participants/{id}/plan`: the participant's plan with its budgets (the current one, or
 * before the first starts the first upcoming one), or null.
 */
export async function readCurrentPlan(ctx: TenantContext, participantId: string): Promise<Plan | null> {
  await requirePlanReader(ctx, participantId, 'plan');
  return (await findPlans(ctx, participantId, { main: true })).plans[0] ?? null;
}

/** `GET /api/participants/{id}/plans?status=`: every plan of the participant (or those of one status), newest first. */
export async function listPlans(
  ctx: TenantContext,
  participantId: string,
  status?: PlanStatus,
): Promise<Plan[]> {
  await requirePlanReader(ctx, participantId, 'plans', status);
  return (await findPlans(ctx, participantId, { status })).plans;
}
