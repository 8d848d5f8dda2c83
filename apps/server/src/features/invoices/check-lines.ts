import {
  checkInvoiceLines,
  type LineCatalogueFacts,
  type LineToCheck,
} from '@wattle/domain/invoices/line-checks';
import type { LineProblem } from '@wattle/domain/invoices/schemas';
import { and, eq } from 'drizzle-orm';
import { participantPlans, planBudgets } from '../../db/schema/participants';
import type { TenantContext } from '../../http/tenant-scope';
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
 * participant lives, their current plan with its budgets, and what those budgets have used outside
 * this invoice (budget-usage.ts: approved uninvoiced time and the lines of other invoices not void).
 * Run after the invoice's time entries are marked invoiced, so they do not count twice.
 */
export async function lineProblems(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  invoice: { id: string; participantId: string },
  lines: readonly LineToCheck[],
  facts: readonly LineCatalogueFacts[],
): Promise<LineProblem[][]> {
  const location = await participantLocation(ctx.tx, ctx.tenantId, invoice.participantId);
  const [plan] = await ctx.tx
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
        eq(participantPlans.isCurrent, true),
      ),
    );
  const budgetsCents: Record<string, number> = {};
  const usedCents: Record<string, number> = {};
  if (plan) {
    const budgets = await ctx.tx
      .select({ category: planBudgets.category, amountCents: planBudgets.amountCents })
      .from(planBudgets)
      .where(and(eq(planBudgets.tenantId, ctx.tenantId), eq(planBudgets.planId, plan.id)));
    const usage = await budgetUsage(ctx.tx, {
      tenantId: ctx.tenantId,
      planIds: [plan.id],
      excludeInvoiceId: invoice.id,
    });
    for (const budget of budgets) budgetsCents[budget.category] = budget.amountCents;
    for (const [category] of usage.get(plan.id) ?? []) {
      const used = usageOf(usage, plan.id, category);
      usedCents[category] = used.committedCents + used.spentCents;
    }
  }
  return checkInvoiceLines(
    lines.map((line, i) => ({ ...line, ...facts[i]! })),
    {
      location: { state: location.state, mmm: location.monashModel },
      plan: plan ? { startDate: plan.startDate, endDate: plan.endDate, budgetsCents } : null,
      usedCents,
    },
  );
}
