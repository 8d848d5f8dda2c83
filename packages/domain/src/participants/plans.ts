import { z } from 'zod';
import { dayMonthYear, daysBetween } from '../shared/dates';

export { daysBetween } from '../shared/dates';

/**
 * NDIS plans and their budgets (issue 13, part 2). A participant has at most one current plan;
 * earlier plans stay readable. Budgets are by support category, in integer cents.
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
 * A new plan follows the current one: it starts after the current plan's end. When the NDIA ended
 * the current plan early (a plan reassessment), its end date is changed first, so the plans' dates
 * never overlap and each day's time and invoices count against one plan.
 */
export function newPlanOverlapMessage(currentEndDate: string): string {
  return `The new plan must start after the current plan ends (${dayMonthYear(currentEndDate)}). If the current plan ended early, change its end date first.`;
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
 * `PUT /api/participants/{id}/plan` (edit the current plan; `version` required once it exists) and
 * `POST /api/participants/{id}/plans` (a new plan that becomes current).
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
  isCurrent: z.boolean(),
  /** Days from today (tenant time zone) to the end date; negative once it has ended. */
  daysLeft: z.number().int(),
  version: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Plan = z.infer<typeof PlanSchema>;

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
