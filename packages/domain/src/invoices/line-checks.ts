import { formatCents, type PlanStatus, planCovering, planOn, supportCategories } from '../participants/plans';
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
 * Each line is checked against the participant's plan covering its first service date (which may be
 * an earlier or an upcoming plan, not only today's), and counts against that plan's budgets.
 *
 * Errors (submission is refused): an unknown support item, one not in force on the service date, a
 * unit price above the catalogue's price limit where the participant lives, service dates no plan
 * covers (or running past the end of the plan they start in), no plan at all. Warning: the lines of
 * a plan's support category take more than is left of that category's budget (spent and committed
 * elsewhere counted), named with the amount over.
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

/** One of the participant's plans as the checks read it. */
export interface CheckedPlan {
  id: string;
  startDate: string;
  endDate: string;
  /** Where it stands today (named in a line's message). */
  status: PlanStatus;
  /** Its budgets by category ('01'…'15'), in cents. */
  budgetsCents: Readonly<Record<string, number>>;
  /** What each category's budget has used outside this invoice (spent and committed), in cents. */
  usedCents: Readonly<Record<string, number>>;
}

export interface InvoiceCheckContext {
  location: ParticipantLocation;
  /** Every plan of the participant (a line's budgets need only the plan covering it); empty: none. */
  plans: readonly CheckedPlan[];
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

/** The plan whose budgets a line counts against: the one covering its first service date, or null. */
export function planOfLine<T extends CheckedPlan>(line: LineToCheck, plans: readonly T[]): T | null {
  return planCovering(plans, line.serviceDateFrom);
}

function planProblems(line: LineToCheck, plans: readonly CheckedPlan[]): LineProblem[] {
  if (plans.length === 0) {
    return [{ severity: 'error', code: 'no-plan', message: 'The participant has no current NDIS plan' }];
  }
  const covering = planOfLine(line, plans);
  if (covering && line.serviceDateTo <= covering.endDate) return [];
  // Named: the plan the line starts in, else the one in force then, else (before any) the first.
  const named =
    covering ??
    planOn(plans, line.serviceDateFrom) ??
    plans.reduce((first, plan) => (plan.startDate < first.startDate ? plan : first));
  const when =
    line.serviceDateFrom === line.serviceDateTo
      ? dayMonthYear(line.serviceDateFrom)
      : `${dayMonthYear(line.serviceDateFrom)} to ${dayMonthYear(line.serviceDateTo)}`;
  return [
    {
      severity: 'error',
      code: 'outside-plan',
      message: `${when} is outside the ${named.status} plan (${dayMonthYear(named.startDate)} to ${dayMonthYear(named.endDate)})`,
    },
  ];
}

/**
 * The problems of each line, in the lines' order. The budget warning goes on every line of a plan's
 * category whose lines together take more than the category has left.
 */
export function checkInvoiceLines(
  lines: readonly (LineToCheck & LineCatalogueFacts)[],
  context: InvoiceCheckContext,
): LineProblem[][] {
  const problems = lines.map((line) => [
    ...catalogueProblems(line, line, context.location),
    ...planProblems(line, context.plans),
  ]);
  // Each line's budget: its plan and category (lines in no plan count against none).
  const keys = lines.map((line) => {
    const plan = planOfLine(line, context.plans);
    const category = lineCategory(line, line);
    return plan && category ? { plan, category, key: `${plan.id}:${category}` } : null;
  });
  const invoiced = new Map<string, number>();
  keys.forEach((key, i) => {
    if (key) invoiced.set(key.key, (invoiced.get(key.key) ?? 0) + lines[i]!.amountCents);
  });
  const overBy = new Map<string, string>();
  for (const key of keys) {
    if (!key || overBy.has(key.key)) continue;
    const { plan, category } = key;
    const amount = invoiced.get(key.key) ?? 0;
    const budget = plan.budgetsCents[category] ?? 0;
    const used = plan.usedCents[category] ?? 0;
    // What this invoice claims beyond what is left: a budget already overspent by earlier invoices
    // counts as nothing left, not as part of this invoice's excess.
    const left = Math.max(budget - used, 0);
    const over = amount - left;
    if (amount <= 0 || over <= 0) continue;
    overBy.set(
      key.key,
      `Over the remaining ${categoryLabel(category)} budget by ${formatCents(over)}: ${formatCents(left)} of ${formatCents(budget)} is left and this invoice claims ${formatCents(amount)}`,
    );
  }
  keys.forEach((key, i) => {
    const message = key ? overBy.get(key.key) : undefined;
    if (message) problems[i]!.push({ severity: 'warning', code: 'over-budget', message });
  });
  return problems;
}

/** Whether any line has an error (warnings do not stop submission). */
export function hasLineErrors(problems: readonly (readonly LineProblem[])[]): boolean {
  return problems.some((line) => line.some((p) => p.severity === 'error'));
}
