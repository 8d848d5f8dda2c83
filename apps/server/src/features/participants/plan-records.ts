import {
  daysBetween,
  type Plan,
  type SupportCategoryNumber,
  supportCategoryName,
  usedPercent,
} from '@wattle/domain/participants/plans';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { participantPlans, planBudgets } from '../../db/schema/participants';
import type { TenantContext } from '../../http/tenant-scope';
import { tenantToday } from '../cards/card-values';
import { budgetUsage, usageOf } from './budget-usage';

export type PlanRow = typeof participantPlans.$inferSelect;
type BudgetRow = typeof planBudgets.$inferSelect;

/**
 * A participant's plans, newest first (by start date, then when they were made), or only the current
 * one; each with its budgets, the usage of each and the days left from the tenant's today.
 */
export async function findPlans(
  ctx: TenantContext,
  participantId: string,
  options: { currentOnly?: boolean; planId?: string; forUpdate?: boolean } = {},
): Promise<{ plans: Plan[]; rows: PlanRow[] }> {
  const where = [
    eq(participantPlans.tenantId, ctx.tenantId),
    eq(participantPlans.participantId, participantId),
  ];
  if (options.currentOnly) where.push(eq(participantPlans.isCurrent, true));
  if (options.planId) where.push(eq(participantPlans.id, options.planId));
  const query = ctx.tx
    .select()
    .from(participantPlans)
    .where(and(...where))
    .orderBy(desc(participantPlans.startDate), desc(participantPlans.createdAt), desc(participantPlans.id));
  const rows = options.forUpdate ? await query.for('update') : await query;
  if (rows.length === 0) return { plans: [], rows };

  const planIds = rows.map((r) => r.id);
  const budgets = await ctx.tx
    .select()
    .from(planBudgets)
    .where(and(eq(planBudgets.tenantId, ctx.tenantId), inArray(planBudgets.planId, planIds)))
    .orderBy(asc(planBudgets.category));
  const usage = await budgetUsage(ctx.tx, { tenantId: ctx.tenantId, planIds });
  const today = await tenantToday(ctx);
  const budgetsByPlan = new Map<string, BudgetRow[]>();
  for (const budget of budgets) {
    const list = budgetsByPlan.get(budget.planId) ?? [];
    list.push(budget);
    budgetsByPlan.set(budget.planId, list);
  }
  const plans = rows.map((row): Plan => {
    const planBudgetRows = budgetsByPlan.get(row.id) ?? [];
    return {
      id: row.id,
      participantId: row.participantId,
      startDate: row.startDate,
      endDate: row.endDate,
      managementType: row.managementType,
      planManager: row.planManager ?? null,
      budgets: planBudgetRows.map((budget) => {
        const { committedCents, spentCents } = usageOf(usage, row.id, budget.category);
        return {
          category: budget.category as SupportCategoryNumber,
          categoryName: supportCategoryName(budget.category),
          amountCents: budget.amountCents,
          committedCents,
          spentCents,
          usedPercent: usedPercent(budget.amountCents, committedCents + spentCents),
        };
      }),
      totalCents: planBudgetRows.reduce((sum, budget) => sum + budget.amountCents, 0),
      isCurrent: row.isCurrent,
      daysLeft: daysBetween(today, row.endDate),
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
  return { plans, rows };
}

/** The current plan, or null when the participant has none yet. */
export async function findCurrentPlan(
  ctx: TenantContext,
  participantId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ plan: Plan; row: PlanRow } | null> {
  const { plans, rows } = await findPlans(ctx, participantId, { currentOnly: true, ...options });
  return plans[0] && rows[0] ? { plan: plans[0], row: rows[0] } : null;
}

/** One plan as the audit log records it: its fields and budgets, in cents by category. */
export function auditedPlan(
  plan: Pick<Plan, 'startDate' | 'endDate' | 'managementType' | 'planManager'> & {
    budgets: readonly { category: string; amountCents: number }[];
  },
) {
  return {
    startDate: plan.startDate,
    endDate: plan.endDate,
    managementType: plan.managementType,
    planManager: plan.planManager,
    budgets: plan.budgets.map((b) => ({ category: b.category, amountCents: b.amountCents })),
  };
}
