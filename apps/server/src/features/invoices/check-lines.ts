import {
  checkInvoiceLines,
  type LineCatalogueFacts,
  type LineToCheck,
} from '@wattle/domain/invoices/line-checks';
import type { LineProblem } from '@wattle/domain/invoices/schemas';
import type { SupportItem } from '@wattle/domain/time/catalogue';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { supportItems } from '../../db/schema/catalogue';
import { participantPlans, planBudgets } from '../../db/schema/participants';
import type { TenantContext } from '../../http/tenant-scope';
import { budgetUsage, usageOf } from '../participants/budget-usage';
import { participantLocation } from '../participants/participant-location';
import { supportItemsInForceByNumber } from '../support-catalogue/catalogue-in-force';
import { toSupportItem } from '../support-catalogue/support-item-records';

/**
 * What the catalogue says of each line's item: the item in force on the line's first service date
 * (one lookup per distinct date, all its numbers at once) and, for a number not in force then, the
 * latest row of any imported year, to say when it may be claimed.
 */
export async function catalogueFacts(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  lines: readonly Pick<LineToCheck, 'serviceDateFrom' | 'supportItemNumber'>[],
): Promise<LineCatalogueFacts[]> {
  const numbersByDate = new Map<string, Set<string>>();
  for (const line of lines) {
    const numbers = numbersByDate.get(line.serviceDateFrom) ?? new Set<string>();
    numbers.add(line.supportItemNumber);
    numbersByDate.set(line.serviceDateFrom, numbers);
  }
  const inForce = new Map<string, Map<string, SupportItem>>();
  for (const [date, numbers] of numbersByDate) {
    inForce.set(date, await supportItemsInForceByNumber(ctx.tx, ctx.tenantId, [...numbers], date));
  }
  const missing = [
    ...new Set(
      lines
        .filter((l) => !inForce.get(l.serviceDateFrom)?.has(l.supportItemNumber))
        .map((l) => l.supportItemNumber),
    ),
  ];
  const known = new Map<string, SupportItem>();
  if (missing.length > 0) {
    const rows = await ctx.tx
      .select()
      .from(supportItems)
      .where(and(eq(supportItems.tenantId, ctx.tenantId), inArray(supportItems.number, missing)))
      .orderBy(desc(supportItems.startDate));
    for (const row of rows) if (!known.has(row.number)) known.set(row.number, toSupportItem(row));
  }
  return lines.map((line) => {
    const item = inForce.get(line.serviceDateFrom)?.get(line.supportItemNumber) ?? null;
    return { itemInForce: item, knownItem: item ?? known.get(line.supportItemNumber) ?? null };
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
