import {
  daysBetween,
  mainPlan,
  type Plan,
  type PlanStatus,
  planStatusOf,
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

/** Every plan row of the participant, newest first, and the tenant's today that decides their status. */
export async function readPlanRows(
  ctx: TenantContext,
  participantId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ all: PlanRow[]; today: string }> {
  const query = ctx.tx
    .select()
    .from(participantPlans)
    .where(
      and(eq(participantPlans.tenantId, ctx.tenantId), eq(participantPlans.participantId, participantId)),
    )
    .orderBy(desc(participantPlans.startDate), desc(participantPlans.createdAt), desc(participantPlans.id));
  const all = options.forUpdate ? await query.for('update') : await query;
  return { all, today: await tenantToday(ctx) };
}

/**
 * A participant's plans, newest first (by start date, then when they were made), or some of them:
 * `main` the participant's plan (the current one, or before the first starts the first upcoming one),
 * `status` those current, upcoming or earlier, `planId` one plan. Each with its status from the dates
 * and the tenant's today (nothing stored), its budgets, the usage of each and the days left. `all`
 * is every plan row of the participant, for the rules that compare plans' dates.
 */
export async function findPlans(
  ctx: TenantContext,
  participantId: string,
  options: { main?: boolean; status?: PlanStatus; planId?: string; forUpdate?: boolean } = {},
): Promise<{ plans: Plan[]; rows: PlanRow[]; all: PlanRow[]; today: string }> {
  const { all, today } = await readPlanRows(ctx, participantId, options);
  const statusOf = (row: PlanRow) => planStatusOf(row, all, today);
  const main = options.main ? mainPlan(all, today) : null;
  const rows = all.filter(
    (row) =>
      (!options.main || row === main) &&
      (!options.planId || row.id === options.planId) &&
      (!options.status || statusOf(row) === options.status),
  );
  if (rows.length === 0) return { plans: [], rows, all, today };

  const planIds = rows.map((r) => r.id);
  const budgets = await ctx.tx
    .select()
    .from(planBudgets)
    .where(and(eq(planBudgets.tenantId, ctx.tenantId), inArray(planBudgets.planId, planIds)))
    .orderBy(asc(planBudgets.category));
  const usage = await budgetUsage(ctx.tx, { tenantId: ctx.tenantId, planIds });
  const budgetsByPlan = new Map<string, BudgetRow[]>();
  for (const budget of budgets) {
    const list = budgetsByPlan.get(budget.planId) ?? [];
    list.push(budget);
    budgetsByPlan.set(budget.planId, list);
  }
  const plans = rows.map((row): Plan => {
    const planBudgetRows = budgetsByPlan.get(row.id) ?? [];
    const status = statusOf(row);
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
      status,
      isCurrent: status === 'current',
      daysLeft: daysBetween(today, row.endDate),
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
  return { plans, rows, all, today };
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
