import { and, between, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { invoiceLines, invoices } from '../../db/schema/invoices';
import { participantPlans } from '../../db/schema/participants';
import { timeEntries } from '../../db/schema/time-entries';

/** What one budget of a plan has used so far, in cents. */
export interface BudgetUsage {
  /** Approved time not yet invoiced. */
  committedCents: number;
  /** The lines of invoices not void (a draft's too: its time is taken off the committed). */
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
 * committed-time index (migration 0020). Spent: the amounts before GST of the lines of the
 * participant's invoices that are not void, served within the plan, in their line's category. Once
 * an invoice takes an entry, the entry leaves committed and its line counts as spent, so nothing
 * counts twice; voiding the invoice gives both back. `excludeInvoiceId` leaves one invoice's lines
 * out: what the invoice line checks compare that invoice against.
 */
export async function budgetUsage(
  tx: Queryable,
  options: { tenantId: string; planIds: readonly string[]; excludeInvoiceId?: string },
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
  const lineCategory = sql<string>`coalesce(${invoiceLines.supportCategory}, left(${invoiceLines.supportItemNumber}, 2))`;
  const spent = await tx
    .select({
      planId: participantPlans.id,
      category: lineCategory,
      spentCents: sql<number>`sum(${invoiceLines.amountCents})`.mapWith(Number),
    })
    .from(participantPlans)
    .innerJoin(
      invoices,
      and(
        eq(invoices.tenantId, participantPlans.tenantId),
        eq(invoices.participantId, participantPlans.participantId),
        ne(invoices.status, 'void'),
        options.excludeInvoiceId ? ne(invoices.id, options.excludeInvoiceId) : undefined,
      ),
    )
    .innerJoin(
      invoiceLines,
      and(
        eq(invoiceLines.tenantId, invoices.tenantId),
        eq(invoiceLines.invoiceId, invoices.id),
        between(invoiceLines.serviceDateFrom, participantPlans.startDate, participantPlans.endDate),
      ),
    )
    .where(
      and(
        eq(participantPlans.tenantId, options.tenantId),
        inArray(participantPlans.id, [...options.planIds]),
      ),
    )
    .groupBy(participantPlans.id, lineCategory);
  const entry = (planId: string, category: string): BudgetUsage => {
    const byCategory = usage.get(planId) ?? new Map<string, BudgetUsage>();
    usage.set(planId, byCategory);
    const found = byCategory.get(category) ?? { committedCents: 0, spentCents: 0 };
    byCategory.set(category, found);
    return found;
  };
  for (const row of rows) entry(row.planId, row.category).committedCents = row.committedCents;
  for (const row of spent) entry(row.planId, row.category).spentCents = row.spentCents;
  return usage;
}

/** One budget's usage out of `budgetUsage`'s answer. */
export function usageOf(usage: PlanBudgetUsage, planId: string, category: string): BudgetUsage {
  return usage.get(planId)?.get(category) ?? noUsage;
}
