import type { Queryable } from '../../db/client';

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
 * There are no time entries or invoices yet, so nothing is used. The time-entry issue fills in
 * `committedCents` (approved, uninvoiced time in the plan's dates, priced by its support item, whose
 * category is the first part of the item number) and the invoice issue `spentCents` (invoiced lines,
 * with draft invoices counted as committed), each as one grouped query over `planIds` here.
 */
export async function budgetUsage(
  _tx: Queryable,
  _options: { tenantId: string; planIds: readonly string[] },
): Promise<PlanBudgetUsage> {
  return new Map();
}

/** One budget's usage out of `budgetUsage`'s answer. */
export function usageOf(usage: PlanBudgetUsage, planId: string, category: string): BudgetUsage {
  return usage.get(planId)?.get(category) ?? noUsage;
}
