import {
  type CheckedPlan,
  checkInvoiceLines,
  type LineCatalogueFacts,
  type LineToCheck,
  planOfLine,
} from '@wattle/domain/invoices/line-checks';
import type { LineProblem } from '@wattle/domain/invoices/schemas';
import { planStatusOf } from '@wattle/domain/participants/plans';
import { and, eq, inArray } from 'drizzle-orm';
import { participantPlans, planBudgets } from '../../db/schema/participants';
import type { TenantContext } from '../../http/tenant-scope';
import { tenantToday } from '../cards/card-values';
import { budgetUsage, usageOf } from '../participants/budget-usage';
import { participantLocation } from '../participants/participant-location';
import { supportItemsOnDates } from '../support-catalogue/catalogue-in-force';

/**
 * What the catalogue says of each line's item: the item in force on the line's first service date
 * and, for a number not in force then, the latest row of any imported year, to say when it may be
 * claimed. Two statements for the whole invoice (supportItemsOnDates).
 */
export async function catalogueFacts(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  lines: readonly Pick<LineToCheck, 'serviceDateFrom' | 'supportItemNumber'>[],
): Promise<LineCatalogueFacts[]> {
  const { inForce, latest } = await supportItemsOnDates(
    ctx.tx,
    ctx.tenantId,
    lines.map((l) => l.supportItemNumber),
    [...new Set(lines.map((l) => l.serviceDateFrom))],
  );
  return lines.map((line) => {
    const item = inForce.get(line.serviceDateFrom)?.get(line.supportItemNumber) ?? null;
    return { itemInForce: item, knownItem: item ?? latest.get(line.supportItemNumber) ?? null };
  });
}

/**
 * The problems of an invoice's lines (domain invoices/line-checks.ts), fed with where the
 * participant lives, their plans (each line is checked against the plan covering its service date,
 * current, earlier or upcoming) with the budgets of those the lines fall in, and what those budgets
 * have used outside this invoice (budget-usage.ts: approved uninvoiced time and the lines of other
 * invoices not void). Run after the invoice's time entries are marked invoiced, so they do not count
 * twice.
 */
export async function lineProblems(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  invoice: { id: string; participantId: string },
  lines: readonly LineToCheck[],
  facts: readonly LineCatalogueFacts[],
): Promise<LineProblem[][]> {
  const location = await participantLocation(ctx.tx, ctx.tenantId, invoice.participantId);
  const plans = await ctx.tx
    .select({
      id: participantPlans.id,
      startDate: participantPlans.startDate,
      endDate: participantPlans.endDate,
    })
    .from(participantPlans)
    .where(
      and(
        eq(participantPlans.tenantId, ctx.tenantId),
        eq(participantPlans.participantId, invoice.participantId),
      ),
    );
  const today = await tenantToday(ctx);
  const dated: CheckedPlan[] = plans.map((plan) => ({
    ...plan,
    status: planStatusOf(plan, plans, today),
    budgetsCents: {},
    usedCents: {},
  }));
  // Budgets and usage only of the plans some line counts against.
  const planIds = [
    ...new Set(lines.map((line) => planOfLine(line, dated)?.id).filter((id) => id !== undefined)),
  ];
  const budgets =
    planIds.length === 0
      ? []
      : await ctx.tx
          .select({
            planId: planBudgets.planId,
            category: planBudgets.category,
            amountCents: planBudgets.amountCents,
          })
          .from(planBudgets)
          .where(and(eq(planBudgets.tenantId, ctx.tenantId), inArray(planBudgets.planId, planIds)));
  const usage = await budgetUsage(ctx.tx, { tenantId: ctx.tenantId, planIds, excludeInvoiceId: invoice.id });
  const checked = dated.map((plan): CheckedPlan => {
    if (!planIds.includes(plan.id)) return plan;
    const budgetsCents: Record<string, number> = {};
    const usedCents: Record<string, number> = {};
    for (const budget of budgets) {
      if (budget.planId === plan.id) budgetsCents[budget.category] = budget.amountCents;
    }
    for (const [category] of usage.get(plan.id) ?? []) {
      const one = usageOf(usage, plan.id, category);
      usedCents[category] = one.committedCents + one.spentCents;
    }
    return { ...plan, budgetsCents, usedCents };
  });
  return checkInvoiceLines(
    lines.map((line, i) => ({ ...line, ...facts[i]! })),
    { location: { state: location.state, mmm: location.monashModel }, plans: checked },
  );
}
