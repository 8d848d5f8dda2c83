import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { participantPlans } from '../../db/schema/participants';
import { timeEntries } from '../../db/schema/time-entries';

/** What one budget of a plan has used so far, in cents. */
export interface BudgetUsage {
  /** Approved time not yet invoiced, and draft invoices. */
  committedCents: number;
  /** Invoiced amounts. */
  spentCents: number;
}

/** Usage by plan id, then by support category ('01'…'15'); a budget missing from it has used nothing. */
export type PlanBudgetUsage = Map<string, Map<string, BudgetUsage>>;

export const noUsage: BudgetUsage = Object.freeze({ committedCents: 0, spentCents: 0 });

/**
 * The one place that says how much of each budget of these plans is committed and spent: the
 * participant page, the plan routes and the budget notification job all read it, so they can never
 * disagree.
 *
 * Committed: the participant's approved time not yet invoiced, dated within the plan, at the amount
 * the pricing rules gave it, in the category of the support item it claims (the item number's first
 * part: `01_011_0107_1_1` is category 01). One grouped query over `planIds`, read from the
 * committed-time index (migration 0020). Spent stays zero until invoices exist (the invoice issue
 * adds invoiced lines, and draft invoices as committed, here).
 */
export async function budgetUsage(
  tx: Queryable,
  options: { tenantId: string; planIds: readonly string[] },
): Promise<PlanBudgetUsage> {
  const usage: PlanBudgetUsage = new Map();
  if (options.planIds.length === 0) return usage;
  const rows = await tx
    .select({
      planId: participantPlans.id,
      category: sql<string>`left(${timeEntries.supportItemNumber}, 2)`,
      committedCents: sql<number>`sum(${timeEntries.amountCents})`.mapWith(Number),
    })
    .from(participantPlans)
    .innerJoin(
      timeEntries,
      and(
        eq(timeEntries.tenantId, participantPlans.tenantId),
        eq(timeEntries.participantId, participantPlans.participantId),
        eq(timeEntries.status, 'approved'),
        eq(timeEntries.isInvoiced, false),
        between(timeEntries.date, participantPlans.startDate, participantPlans.endDate),
      ),
    )
    .where(
      and(
        eq(participantPlans.tenantId, options.tenantId),
        inArray(participantPlans.id, [...options.planIds]),
      ),
    )
    .groupBy(participantPlans.id, sql`left(${timeEntries.supportItemNumber}, 2)`);
  for (const row of rows) {
    const byCategory = usage.get(row.planId) ?? new Map<string, BudgetUsage>();
    byCategory.set(row.category, { committedCents: row.committedCents, spentCents: 0 });
    usage.set(row.planId, byCategory);
  }
  return usage;
}

/** One budget's usage out of `budgetUsage`'s answer. */
export function usageOf(usage: PlanBudgetUsage, planId: string, category: string): BudgetUsage {
  return usage.get(planId)?.get(category) ?? noUsage;
}
