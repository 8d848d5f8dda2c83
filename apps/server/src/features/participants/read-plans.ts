import type { Plan } from '@wattle/domain/participants/plans';
import { forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { loadParticipant } from './participant-records';
import { findCurrentPlan, findPlans } from './plan-records';
import { writeViewedAudit } from './read-participant';

/**
 * The plan routes need the whole record (read:participants): a family guardian reads the plan's
 * dates in the participant's summary, not its budgets (403). Each read is audited like the record's.
 */
async function requirePlanReader(ctx: TenantContext, participantId: string, part: 'plan' | 'plans') {
  const { reach } = await loadParticipant(ctx, participantId);
  if (reach !== 'full') throw forbidden();
  await writeViewedAudit(ctx, participantId, { view: 'full', part });
}

/** `GET /api/participants/{id}/plan`: the current plan with its budgets, or null. */
export async function readCurrentPlan(ctx: TenantContext, participantId: string): Promise<Plan | null> {
  await requirePlanReader(ctx, participantId, 'plan');
  return (await findCurrentPlan(ctx, participantId))?.plan ?? null;
}

/** `GET /api/participants/{id}/plans`: every plan of the participant, newest first. */
export async function listPlans(ctx: TenantContext, participantId: string): Promise<Plan[]> {
  await requirePlanReader(ctx, participantId, 'plans');
  return (await findPlans(ctx, participantId)).plans;
}
