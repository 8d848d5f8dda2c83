import { z } from 'zod';
import { dayMonthYear, daysBetween } from '../shared/dates';

export { daysBetween } from '../shared/dates';

/**
 * NDIS plans and their budgets (issue 13, part 2). A participant has at most one current plan, worked
 * out from the plans' dates (planOn); a plan that starts later is upcoming until then, and earlier
 * plans stay readable. Budgets are by support category, in integer cents.
 */

/**
 * The NDIS support categories (the PACE support categories of the NDIA's Support Catalogue),
 * keyed by their two-digit number, which is also the first part of a support item number
 * (`01_011_0107_1_1` is in category 01).
 */
export const supportCategories = [
  { number: '01', name: 'Assistance with Daily Life', purpose: 'core' },
  { number: '02', name: 'Transport', purpose: 'core' },
  { number: '03', name: 'Consumables', purpose: 'core' },
  { number: '04', name: 'Assistance with Social, Economic and Community Participation', purpose: 'core' },
  { number: '05', name: 'Assistive Technology', purpose: 'capital' },
  { number: '06', name: 'Home Modifications and Specialised Disability Accommodation', purpose: 'capital' },
  { number: '07', name: 'Support Coordination', purpose: 'capacity' },
  { number: '08', name: 'Improved Living Arrangements', purpose: 'capacity' },
  { number: '09', name: 'Increased Social and Community Participation', purpose: 'capacity' },
  { number: '10', name: 'Finding and Keeping a Job', purpose: 'capacity' },
  { number: '11', name: 'Improved Relationships', purpose: 'capacity' },
  { number: '12', name: 'Improved Health and Wellbeing', purpose: 'capacity' },
  { number: '13', name: 'Improved Learning', purpose: 'capacity' },
  { number: '14', name: 'Improved Life Choices', purpose: 'capacity' },
  { number: '15', name: 'Improved Daily Living Skills', purpose: 'capacity' },
] as const;
export type SupportCategoryNumber = (typeof supportCategories)[number]['number'];
export const supportCategoryNumbers = supportCategories.map((c) => c.number) as [
  SupportCategoryNumber,
  ...SupportCategoryNumber[],
];
export const SupportCategorySchema = z.enum(supportCategoryNumbers, {
  error: 'Choose a support category',
});
export const supportPurposeLabels = {
  core: 'Core',
  capital: 'Capital',
  capacity: 'Capacity Building',
} as const;

export function supportCategoryName(number: string): string {
  return supportCategories.find((c) => c.number === number)?.name ?? number;
}

export const planManagementTypes = ['ndia', 'plan', 'self'] as const;
export const PlanManagementTypeSchema = z.enum(planManagementTypes);
export type PlanManagementType = z.infer<typeof PlanManagementTypeSchema>;
export const planManagementLabels = {
  ndia: 'NDIA-managed',
  plan: 'Plan-managed',
  self: 'Self-managed',
} as const satisfies Record<PlanManagementType, string>;

export const planMessages = {
  startDate: 'Please enter the plan start date',
  endDate: 'Please enter the plan end date',
  endAfterStart: 'The plan must end after it starts',
  planManagerName: "Please enter the plan manager's name",
  planManagerEmail: "Please enter the plan manager's email address",
  duplicateCategory: 'Each support category may have one budget',
  amount: 'Enter an amount of $0.00 or more',
  startBeforeScheme: 'A plan cannot start before 01/07/2013, when the NDIS began',
  tooLong: 'A plan cannot run longer than 10 years',
} as const;

/** The first day of the NDIS (its trial sites): no plan starts before it. */
export const schemeStartDate = '2013-07-01';
/** Longer than any NDIS plan (at most 5 years), short enough to catch a mistyped year. */
export const maxPlanYears = 10;

/**
 * Where a plan stands on the tenant's today: the current plan (at most one), an upcoming one (it
 * starts after today; it becomes current on its start date, with nothing stored changing), or an
 * earlier one (a later plan has started since).
 */
export const planStatuses = ['current', 'upcoming', 'earlier'] as const;
export const PlanStatusSchema = z.enum(planStatuses);
export type PlanStatus = z.infer<typeof PlanStatusSchema>;
export const planStatusLabels = {
  current: 'Current',
  upcoming: 'Upcoming',
  earlier: 'Earlier',
} as const satisfies Record<PlanStatus, string>;

/** What the status rules read of a plan. */
export interface DatedPlan {
  id: string;
  startDate: string;
  endDate: string;
}

/** Whether `a` comes after `b` in the plans' order: by start date, then by id (uuid v7: made later). */
function isLaterPlan(a: DatedPlan, b: DatedPlan): boolean {
  return a.startDate > b.startDate || (a.startDate === b.startDate && a.id > b.id);
}

/**
 * The plan in force on a date: the latest to have started by then. Plans never overlap, so that is
 * the plan covering the date or, in a gap between plans or after the last one ended, the one that
 * ended last (a plan stays current, shown as ended, until the next one starts). Null before the
 * first plan starts. The current plan is `planOn(plans, today)`.
 */
export function planOn<T extends DatedPlan>(plans: readonly T[], date: string): T | null {
  let found: T | null = null;
  for (const plan of plans) {
    if (plan.startDate <= date && (!found || isLaterPlan(plan, found))) found = plan;
  }
  return found;
}

/** The plan whose dates cover the day (the latest to start, should any overlap), or null. */
export function planCovering<T extends DatedPlan>(plans: readonly T[], date: string): T | null {
  const found = planOn(plans, date);
  return found && found.endDate >= date ? found : null;
}

export function planStatusOf(plan: DatedPlan, plans: readonly DatedPlan[], today: string): PlanStatus {
  if (plan.startDate > today) return 'upcoming';
  return planOn(plans, today)?.id === plan.id ? 'current' : 'earlier';
}

/**
 * The participant's plan as their record, the list and `GET /plan` show it: the current plan or,
 * before the first one starts, the first upcoming one. Null: no plan at all.
 */
export function mainPlan<T extends DatedPlan>(plans: readonly T[], today: string): T | null {
  const current = planOn(plans, today);
  if (current) return current;
  let first: T | null = null;
  for (const plan of plans) if (!first || isLaterPlan(first, plan)) first = plan;
  return first;
}

/** The participant's last plan (current or upcoming): a new plan starts after it ends. */
export function lastPlan<T extends DatedPlan>(plans: readonly T[]): T | null {
  let last: T | null = null;
  for (const plan of plans) if (!last || isLaterPlan(plan, last)) last = plan;
  return last;
}

/** Another plan (not `exceptId`) sharing a day with these dates, or null. */
export function overlappingPlan<T extends DatedPlan>(
  plans: readonly T[],
  dates: Pick<DatedPlan, 'startDate' | 'endDate'>,
  exceptId?: string,
): T | null {
  return (
    plans.find(
      (plan) => plan.id !== exceptId && plan.startDate <= dates.endDate && plan.endDate >= dates.startDate,
    ) ?? null
  );
}

/**
 * A new plan follows the participant's last one (the current plan, or an upcoming plan already
 * recorded): it starts after that plan's end, and is upcoming until its start date. When the NDIA
 * ended the current plan early (a plan reassessment), its end date is changed first, so the plans'
 * dates never overlap and each day's time and invoices count against one plan.
 */
export function newPlanOverlapMessage(lastEndDate: string, lastStatus: PlanStatus = 'current'): string {
  return lastStatus === 'upcoming'
    ? `The new plan must start after the upcoming plan ends (${dayMonthYear(lastEndDate)}). If that plan ends early, change its end date first.`
    : `The new plan must start after the current plan ends (${dayMonthYear(lastEndDate)}). If the current plan ended early, change its end date first.`;
}

/** An edited plan may not share a day with another of the participant's plans. */
export function planDatesOverlapMessage(other: Pick<DatedPlan, 'startDate' | 'endDate'>): string {
  return `These dates overlap the plan from ${dayMonthYear(other.startDate)} to ${dayMonthYear(other.endDate)}. Plans cannot overlap: change that plan's dates first.`;
}

/** An earlier plan is the record of what was: it is read, never changed. */
export const earlierPlanMessage =
  'An earlier plan cannot be changed: only the current and upcoming plans can.';

/** Days from today (the tenant's) to a plan's start, from what a Plan carries: 0 once it has started. */
export function daysToStart(plan: Pick<Plan, 'startDate' | 'endDate' | 'daysLeft'>): number {
  return Math.max(plan.daysLeft - daysBetween(plan.startDate, plan.endDate), 0);
}

/** yyyy-mm-dd plus whole years, as text (compared as text; 29 February stays, a day at most late). */
function addYears(iso: string, years: number): string {
  return `${String(Number(iso.slice(0, 4)) + years).padStart(4, '0')}${iso.slice(4)}`;
}

/** Money limit of one budget: $10 million, far above any plan, well inside integer arithmetic. */
export const maxBudgetCents = 1_000_000_000;

export const PlanBudgetInputSchema = z.object({
  category: SupportCategorySchema,
  amountCents: z
    .number({ error: planMessages.amount })
    .int(planMessages.amount)
    .min(0, planMessages.amount)
    .max(maxBudgetCents, planMessages.amount),
});

export const PlanManagerSchema = z.object({
  name: z.string().trim().min(1, planMessages.planManagerName).max(100),
  email: z.email(planMessages.planManagerEmail).max(254),
});

/**
 * `PUT /api/participants/{id}/plan` (edit the participant's plan, `mainPlan`; `version` required once
 * it exists), `PUT /api/participants/{id}/plans/{planId}` (edit a current or upcoming plan) and
 * `POST /api/participants/{id}/plans` (a new plan after the last one, upcoming until it starts).
 */
export const PlanInputSchema = z
  .object({
    version: z.number().int().positive().optional(),
    startDate: z.iso.date({ error: planMessages.startDate }),
    endDate: z.iso.date({ error: planMessages.endDate }),
    managementType: PlanManagementTypeSchema,
    planManager: PlanManagerSchema.nullish(),
    budgets: z.array(PlanBudgetInputSchema).max(supportCategories.length),
  })
  .refine((plan) => plan.endDate > plan.startDate, { message: planMessages.endAfterStart, path: ['endDate'] })
  .refine((plan) => plan.startDate >= schemeStartDate, {
    message: planMessages.startBeforeScheme,
    path: ['startDate'],
  })
  .refine((plan) => plan.endDate <= addYears(plan.startDate, maxPlanYears), {
    message: planMessages.tooLong,
    path: ['endDate'],
  })
  .refine((plan) => plan.managementType !== 'plan' || !!plan.planManager, {
    message: planMessages.planManagerName,
    path: ['planManager', 'name'],
  })
  .refine((plan) => new Set(plan.budgets.map((b) => b.category)).size === plan.budgets.length, {
    message: planMessages.duplicateCategory,
    path: ['budgets'],
  });
export type PlanInput = z.input<typeof PlanInputSchema>;

export const PlanBudgetSchema = z.object({
  category: SupportCategorySchema,
  categoryName: z.string(),
  amountCents: z.number().int(),
  /** Approved time not yet invoiced, and draft invoices (zero until time entries exist). */
  committedCents: z.number().int(),
  /** Invoiced amounts (zero until invoices exist). */
  spentCents: z.number().int(),
  /** (committed + spent) / amount, as a whole percent; 0 for a budget of $0. */
  usedPercent: z.number().int(),
});
export type PlanBudget = z.infer<typeof PlanBudgetSchema>;

export const PlanSchema = z.object({
  id: z.uuid(),
  participantId: z.uuid(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  managementType: PlanManagementTypeSchema,
  planManager: z.object({ name: z.string(), email: z.string() }).nullable(),
  budgets: z.array(PlanBudgetSchema),
  totalCents: z.number().int(),
  /** From the dates and the tenant's today (planStatusOf); nothing stored. */
  status: PlanStatusSchema,
  /** `status === 'current'`. */
  isCurrent: z.boolean(),
  /** Days from today (tenant time zone) to the end date; negative once it has ended. */
  daysLeft: z.number().int(),
  version: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Plan = z.infer<typeof PlanSchema>;

/** `GET /api/participants/{id}/plans?status=`: every plan, or those of one status. */
export const PlanListQuerySchema = z.object({ status: PlanStatusSchema.optional() });
export type PlanListQuery = z.infer<typeof PlanListQuerySchema>;

/** A plan ending within this many days raises a notification to the team lead. */
export const planEndingSoonDays = 30;
/** A budget more than this share used raises a notification to the team lead. */
export const budgetAlertPercent = 80;

export function isPlanEndingSoon(today: string, endDate: string): boolean {
  const left = daysBetween(today, endDate);
  return left >= 0 && left <= planEndingSoonDays;
}

export function usedPercent(amountCents: number, usedCents: number): number {
  if (amountCents <= 0) return 0;
  return Math.floor((usedCents * 100) / amountCents);
}

export function isBudgetOverAlert(amountCents: number, usedCents: number): boolean {
  return amountCents > 0 && usedCents * 100 > amountCents * budgetAlertPercent;
}

/** Dollars and cents for display: 123456 → "$1,234.56". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-AU');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses a dollar amount typed by a person ("1,234.5", "$80") into cents, or null when it is not one. */
export function parseDollarsToCents(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
