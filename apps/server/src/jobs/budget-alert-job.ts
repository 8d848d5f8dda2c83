import { isBudgetOverAlert, supportCategoryName } from '@wattle/domain/participants/plans';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { participantPlans, participants, planBudgets } from '../db/schema/participants';
import { budgetUsage, usageOf } from '../features/participants/budget-usage';
import { isCurrentOrUpcomingPlan } from '../features/participants/plan-status-sql';
import { budgetNotice } from './deadline-notices';
import type { JobScope } from './job-scope';
import { notifyAboutParticipants } from './recipients';

/** How a job learns what each budget has used: the participant page's own computation by default. */
export type BudgetUsageSource = typeof budgetUsage;

/** Plans whose usage is asked for at once. */
const plansPerUsageQuery = 1000;

/**
 * Budget: each budget of a current or upcoming plan (participant not archived; statuses from the
 * dates, plan-status-sql.ts) whose committed plus spent amount is over `budgetAlertPercent` of it
 * (isBudgetOverAlert) tells the leads of the participant's team (or the tenant's admins) once:
 * `budget:<planId>:<category>`. Usage comes from budget-usage.ts, the same computation the
 * participant page shows.
 */
export async function notifyBudgetsOverAlert(
  scope: JobScope,
  usageSource: BudgetUsageSource = budgetUsage,
): Promise<number> {
  const { tx, tenantId, today } = scope;
  const budgets = await tx
    .select({
      planId: planBudgets.planId,
      category: planBudgets.category,
      amountCents: planBudgets.amountCents,
      participantId: participants.id,
      participantName: participants.name,
      teamId: participants.teamId,
    })
    .from(planBudgets)
    .innerJoin(
      participantPlans,
      and(eq(participantPlans.tenantId, planBudgets.tenantId), eq(participantPlans.id, planBudgets.planId)),
    )
    .innerJoin(
      participants,
      and(
        eq(participants.tenantId, participantPlans.tenantId),
        eq(participants.id, participantPlans.participantId),
      ),
    )
    .where(
      and(
        eq(planBudgets.tenantId, tenantId),
        isCurrentOrUpcomingPlan(tx, today),
        isNull(participants.archivedAt),
        gt(planBudgets.amountCents, 0),
      ),
    );
  if (budgets.length === 0) return 0;

  const planIds = [...new Set(budgets.map((b) => b.planId))];
  const over: ((typeof budgets)[number] & { usedCents: number })[] = [];
  for (let start = 0; start < planIds.length; start += plansPerUsageQuery) {
    const chunk = new Set(planIds.slice(start, start + plansPerUsageQuery));
    const usage = await usageSource(tx, { tenantId, planIds: [...chunk] });
    for (const budget of budgets) {
      if (!chunk.has(budget.planId)) continue;
      const used = usageOf(usage, budget.planId, budget.category);
      const usedCents = used.committedCents + used.spentCents;
      if (isBudgetOverAlert(budget.amountCents, usedCents)) over.push({ ...budget, usedCents });
    }
  }
  return notifyAboutParticipants(
    tx,
    tenantId,
    over.map((budget) => ({
      type: 'budget',
      notice: budgetNotice(
        budget.participantName,
        supportCategoryName(budget.category),
        budget.amountCents,
        budget.usedCents,
      ),
      participantId: budget.participantId,
      participantName: budget.participantName,
      teamId: budget.teamId,
      dedupeKey: `budget:${budget.planId}:${budget.category}`,
    })),
  );
}
