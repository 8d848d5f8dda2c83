import { formatCents, supportCategories } from '../participants/plans';
import { parseSupportItemNumber, type SupportItem } from '../time/catalogue';
import { isSupportItemInForce } from '../time/families';
import { type ParticipantLocation, priceLimitKeyFor } from '../time/pricing';
import { dayMonthYear } from './dates';
import type { LineProblem } from './schemas';

/**
 * Every invoice line checked against the NDIS Support Catalogue, the pricing rules of the time
 * issue and the participant's plan (issue 15 part 2), before it may be submitted. Pure: the server
 * reads the catalogue, the plan and what its budgets have used, and stores the answer on each line.
 *
 * Errors (submission is refused): an unknown support item, one not in force on the service date, a
 * unit price above the catalogue's price limit where the participant lives, a service date outside
 * the current plan, no current plan. Warning: the lines of a support category take more than is
 * left of that category's budget (spent and committed elsewhere counted), named with the amount over.
 */

/** The line as checked: its dates, item, unit price and amount before GST. */
export interface LineToCheck {
  serviceDateFrom: string;
  serviceDateTo: string;
  supportItemNumber: string;
  unitPriceCents: number;
  amountCents: number;
}

/** What the catalogue says of the line's item (the server looks both up). */
export interface LineCatalogueFacts {
  /** The item as in force on the line's first service date; null when none is. */
  itemInForce: SupportItem | null;
  /** Any catalogue's row of the number, for saying when it may be claimed; null when none lists it. */
  knownItem: Pick<SupportItem, 'number' | 'name' | 'unit' | 'startDate' | 'endDate'> | null;
}

export interface InvoiceCheckContext {
  location: ParticipantLocation;
  /** The participant's current plan and its budgets by category ('01'…'15'), in cents; null: none. */
  plan: { startDate: string; endDate: string; budgetsCents: Readonly<Record<string, number>> } | null;
  /** What each category's budget has used outside this invoice (spent and committed), in cents. */
  usedCents: Readonly<Record<string, number>>;
}

const areaNames = { REMOTE: 'remote areas (MMM 6)', VERY_REMOTE: 'very remote areas (MMM 7)' } as const;

function itemLabel(item: Pick<SupportItem, 'number' | 'name'>): string {
  return `${item.name} (${item.number})`;
}

export function categoryLabel(category: string): string {
  const named = supportCategories.find((c) => c.number === category);
  return named ? `${named.name} (${category})` : `category ${category}`;
}

/** The line's support category: its item's, else the item number's first part; null when neither. */
export function lineCategory(line: LineToCheck, facts: LineCatalogueFacts): string | null {
  return (
    facts.itemInForce?.categoryNumber ?? parseSupportItemNumber(line.supportItemNumber)?.category ?? null
  );
}

/** The catalogue and price checks of one line. */
function catalogueProblems(
  line: LineToCheck,
  facts: LineCatalogueFacts,
  location: ParticipantLocation,
): LineProblem[] {
  const item = facts.itemInForce;
  if (!item) {
    const known = facts.knownItem;
    if (!known) {
      return [
        {
          severity: 'error',
          code: 'unknown-support-item',
          message: `Support item ${line.supportItemNumber} is not in the NDIS Support Catalogue`,
        },
      ];
    }
    const until = known.endDate ? ` to ${dayMonthYear(known.endDate)}` : '';
    return [
      {
        severity: 'error',
        code: 'item-not-in-force',
        message: `${itemLabel(known)} is not in force on ${dayMonthYear(line.serviceDateFrom)}; it may be claimed from ${dayMonthYear(known.startDate)}${until}`,
      },
    ];
  }
  const problems: LineProblem[] = [];
  if (line.serviceDateTo !== line.serviceDateFrom && !isSupportItemInForce(item, line.serviceDateTo)) {
    problems.push({
      severity: 'error',
      code: 'item-not-in-force',
      message: `${itemLabel(item)} is not in force on ${dayMonthYear(line.serviceDateTo)}`,
    });
  }
  const key = priceLimitKeyFor(location);
  const limit = item.priceLimitsCents[key];
  if (limit !== null && line.unitPriceCents > limit) {
    const where = key === 'REMOTE' || key === 'VERY_REMOTE' ? areaNames[key] : key;
    problems.push({
      severity: 'error',
      code: 'above-price-limit',
      message: `The unit price ${formatCents(line.unitPriceCents)} is above the NDIS price limit of ${formatCents(limit)} for ${itemLabel(item)} in ${where}`,
    });
  }
  return problems;
}

function planProblems(line: LineToCheck, plan: InvoiceCheckContext['plan']): LineProblem[] {
  if (!plan) {
    return [{ severity: 'error', code: 'no-plan', message: 'The participant has no current NDIS plan' }];
  }
  if (line.serviceDateFrom < plan.startDate || line.serviceDateTo > plan.endDate) {
    const when =
      line.serviceDateFrom === line.serviceDateTo
        ? dayMonthYear(line.serviceDateFrom)
        : `${dayMonthYear(line.serviceDateFrom)} to ${dayMonthYear(line.serviceDateTo)}`;
    return [
      {
        severity: 'error',
        code: 'outside-plan',
        message: `${when} is outside the current plan (${dayMonthYear(plan.startDate)} to ${dayMonthYear(plan.endDate)})`,
      },
    ];
  }
  return [];
}

/**
 * The problems of each line, in the lines' order. The budget warning goes on every line of a
 * category whose lines together take more than the category has left.
 */
export function checkInvoiceLines(
  lines: readonly (LineToCheck & LineCatalogueFacts)[],
  context: InvoiceCheckContext,
): LineProblem[][] {
  const problems = lines.map((line) => [
    ...catalogueProblems(line, line, context.location),
    ...planProblems(line, context.plan),
  ]);
  const { plan } = context;
  if (!plan) return problems;
  const categories = lines.map((line) => lineCategory(line, line));
  const invoiced = new Map<string, number>();
  categories.forEach((category, i) => {
    if (category) invoiced.set(category, (invoiced.get(category) ?? 0) + lines[i]!.amountCents);
  });
  const overBy = new Map<string, string>();
  for (const [category, amount] of invoiced) {
    const budget = plan.budgetsCents[category] ?? 0;
    const used = context.usedCents[category] ?? 0;
    // What this invoice claims beyond what is left: a budget already overspent by earlier invoices
    // counts as nothing left, not as part of this invoice's excess.
    const left = Math.max(budget - used, 0);
    const over = amount - left;
    if (amount <= 0 || over <= 0) continue;
    overBy.set(
      category,
      `Over the remaining ${categoryLabel(category)} budget by ${formatCents(over)}: ${formatCents(left)} of ${formatCents(budget)} is left and this invoice claims ${formatCents(amount)}`,
    );
  }
  categories.forEach((category, i) => {
    const message = category ? overBy.get(category) : undefined;
    if (message) problems[i]!.push({ severity: 'warning', code: 'over-budget', message });
  });
  return problems;
}

/** Whether any line has an error (warnings do not stop submission). */
export function hasLineErrors(problems: readonly (readonly LineProblem[])[]): boolean {
  return problems.some((line) => line.some((p) => p.severity === 'error'));
}
