import { planEndingSoonDays } from '@wattle/domain/participants/plans';
import { and, between, eq, isNull } from 'drizzle-orm';
import { participantPlans, participants } from '../db/schema/participants';
import { addDays } from '../features/cards/card-values';
import { planEndingNotice } from './deadline-notices';
import type { JobScope } from './job-scope';
import { type DedupedNotification, notifyOnce } from './notify-once';
import { findRecipients, participantRecipients } from './recipients';

/**
 * Plan ending: each current plan of a participant not archived whose end date is within
 * `planEndingSoonDays` of the tenant's today (isPlanEndingSoon: today included) tells the leads of the
 * participant's team (or the tenant's admins) once: `plan-ending:<planId>`.
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
        eq(participantPlans.isCurrent, true),
        isNull(participants.archivedAt),
        between(participantPlans.endDate, today, addDays(today, planEndingSoonDays)),
      ),
    );
  if (ending.length === 0) return 0;
  const recipients = await findRecipients(tx, tenantId);
  const rows: DedupedNotification[] = ending.flatMap((plan) => {
    const notice = planEndingNotice(plan.participantName, plan.endDate, today);
    return participantRecipients(recipients, plan.teamId).map((userId) => ({
      tenantId,
      userId,
      type: 'plan-ending' as const,
      priority: notice.priority,
      message: notice.message,
      participantId: plan.participantId,
      participantName: plan.participantName,
      dedupeKey: `plan-ending:${plan.planId}`,
    }));
  });
  return notifyOnce(tx, rows);
}
