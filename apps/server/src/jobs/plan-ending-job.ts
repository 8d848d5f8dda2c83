import { planEndingSoonDays } from '@wattle/domain/participants/plans';
import { and, between, eq, isNull } from 'drizzle-orm';
import { participantPlans, participants } from '../db/schema/participants';
import { addDays } from '../features/cards/card-values';
import { isLastPlan } from '../features/participants/plan-status-sql';
import { planEndingNotice } from './deadline-notices';
import type { JobScope } from './job-scope';
import { notifyAboutParticipants } from './recipients';

/**
 * Plan ending: the last plan of each participant not archived (no plan recorded after it: once the
 * next plan is in, there is nothing to arrange) whose end date is within `planEndingSoonDays` of the
 * tenant's today (isPlanEndingSoon: today included) tells the leads of the participant's team (or
 * the tenant's admins) once: `plan-ending:<planId>`.
 */
export async function notifyPlansEnding(scope: JobScope): Promise<number> {
  const { tx, tenantId, today } = scope;
  const ending = await tx
    .select({
      planId: participantPlans.id,
      endDate: participantPlans.endDate,
      participantId: participants.id,
      participantName: participants.name,
      teamId: participants.teamId,
    })
    .from(participantPlans)
    .innerJoin(
      participants,
      and(
        eq(participants.tenantId, participantPlans.tenantId),
        eq(participants.id, participantPlans.participantId),
      ),
    )
    .where(
      and(
        eq(participantPlans.tenantId, tenantId),
        isLastPlan(tx),
        isNull(participants.archivedAt),
        between(participantPlans.endDate, today, addDays(today, planEndingSoonDays)),
      ),
    );
  return notifyAboutParticipants(
    tx,
    tenantId,
    ending.map((plan) => ({
      type: 'plan-ending',
      notice: planEndingNotice(plan.participantName, plan.endDate, today),
      participantId: plan.participantId,
      participantName: plan.participantName,
      teamId: plan.teamId,
      dedupeKey: `plan-ending:${plan.planId}`,
    })),
  );
}
