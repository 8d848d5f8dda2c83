import { can } from '@wattle/domain/auth/permissions';
import type { PlanInputSchema } from '@wattle/domain/participants/plans';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { participantPlans, participants, planBudgets } from '../../db/schema/participants';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { publishParticipantChange } from './participant-events';
import { type LoadedParticipant, loadParticipant } from './participant-records';
import { auditedPlan } from './plan-records';
import { archivedParticipantMessage } from './update-participant';

export type PlanInputParsed = z.output<typeof PlanInputSchema>;

/**
 * Plans are written by those who may write the participant (write:participants on their team), and
 * never for an archived participant. The participant's row stays locked to the end of the
 * transaction, so two plan writes for one participant take turns and the rule that plans' dates never
 * overlap holds.
 */
export async function loadParticipantForPlanWrite(
  ctx: TenantContext,
  participantId: string,
): Promise<LoadedParticipant> {
  const loaded = await loadParticipant(ctx, participantId, { forUpdate: true });
  if (!can(loaded.role, 'write:participants')) throw forbidden();
  if (loaded.row.participant.archivedAt) throw new AppError('WORKFLOW_REFUSED', archivedParticipantMessage);
  return loaded;
}

/** A plan's columns from the input: a plan manager only for a plan-managed plan. */
export function planValues(input: PlanInputParsed) {
  return {
    startDate: input.startDate,
    endDate: input.endDate,
    managementType: input.managementType,
    planManager: input.managementType === 'plan' && input.planManager ? input.planManager : null,
  };
}

/**
 * Inserts a plan with its budgets, audited. The caller has checked its dates against the
 * participant's other plans; whether it is current or upcoming follows from them.
 */
export async function insertPlan(
  ctx: Pick<TenantContext, 'tx' | 'tenantId' | 'actor'>,
  participantId: string,
  input: PlanInputParsed,
): Promise<string> {
  const values = planValues(input);
  const [plan] = await ctx.tx
    .insert(participantPlans)
    .values({
      tenantId: ctx.tenantId,
      participantId,
      ...values,
      // The seed's own actor is no user.
      createdBy: ctx.actor.id.startsWith('00000000') ? null : ctx.actor.id,
    })
    .returning({ id: participantPlans.id });
  const planId = plan!.id;
  await insertBudgets(ctx, planId, input.budgets);
  const audited = auditedPlan({ ...values, budgets: input.budgets });
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'participant-plan',
    entityId: planId,
    action: 'created',
    changes: Object.entries(audited).map(([field, newValue]) => ({ field, oldValue: null, newValue })),
    metadata: { participantId, version: 1 },
  });
  return planId;
}

export async function insertBudgets(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  planId: string,
  budgets: PlanInputParsed['budgets'],
): Promise<void> {
  if (budgets.length === 0) return;
  await ctx.tx.insert(planBudgets).values(
    budgets.map((budget) => ({
      tenantId: ctx.tenantId,
      planId,
      category: budget.category,
      amountCents: budget.amountCents,
    })),
  );
}

/**
 * After a plan write: the participant's last activity is now (their plan dates show on their record
 * and in lists), and open pages of the participant fetch it again.
 */
export async function touchParticipantForPlan(ctx: TenantContext, loaded: LoadedParticipant): Promise<void> {
  const { participant } = loaded.row;
  await ctx.tx
    .update(participants)
    .set({ lastActivityAt: new Date() })
    .where(and(eq(participants.tenantId, ctx.tenantId), eq(participants.id, participant.id)));
  await publishParticipantChange(ctx, { type: 'updated', id: participant.id, version: participant.version });
}
