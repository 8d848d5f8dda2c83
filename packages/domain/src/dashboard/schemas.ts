import { z } from 'zod';
import { DateOnlySchema, PrioritySchema } from '../cards/schemas';
import { DeadlineListItemSchema, dueSoonDays } from '../deadlines/schemas';

/**
 * GET /api/dashboard (issue 16 item 7): what needs attention now, for the signed-in person's role,
 * within the tenant and the teams they may read. A tile the caller may not read is null (family
 * guardians get no cards, incidents, hours or finance; auditors no hours: they keep no time). Every
 * tile carries `href`, the list behind it in the web app.
 */

/** Cards, deadlines and plan reviews count as "due soon" this many days ahead, as deadlines do. */
export const dashboardDueSoonDays = dueSoonDays;
/** How many of the nearest items a tile lists. */
export const dashboardItemLimit = 5;

export const DashboardCardItemSchema = z.object({
  id: z.uuid(),
  workItemId: z.string(),
  title: z.string(),
  dueDate: DateOnlySchema,
  priority: PrioritySchema,
  teamName: z.string(),
  overdue: z.boolean(),
  href: z.string(),
});
export type DashboardCardItem = z.infer<typeof DashboardCardItemSchema>;

/** Open cards (not done, not deleted) with a due date: before today, and from today to 7 days ahead. */
export const DashboardCardsSchema = z.object({
  overdue: z.number().int().nonnegative(),
  dueSoon: z.number().int().nonnegative(),
  /** The nearest open cards due up to 7 days ahead, the longest overdue first. */
  items: z.array(DashboardCardItemSchema),
  /** The list of the team with the most overdue cards (the caller's one team when they have one). */
  href: z.string(),
});
export type DashboardCards = z.infer<typeof DashboardCardsSchema>;

export const DashboardDeadlineSchema = DeadlineListItemSchema.extend({
  /** Where its item is (deadlineLink); null when the team is unknown. */
  href: z.string().nullable(),
});
export type DashboardDeadline = z.infer<typeof DashboardDeadlineSchema>;

/** Commission deadlines not met: overdue, and due within 7 days, as GET /api/deadlines reads them. */
export const DashboardDeadlinesSchema = z.object({
  overdue: z.number().int().nonnegative(),
  dueSoon: z.number().int().nonnegative(),
  /** The nearest, soonest due first (so overdue ones first). */
  items: z.array(DashboardDeadlineSchema),
  href: z.string(),
});
export type DashboardDeadlines = z.infer<typeof DashboardDeadlinesSchema>;

/**
 * The behaviour support plans the caller reads (superseded and archived ones left out): by status,
 * how many are current (an approved version in force, review not past due), how many are past their
 * review date or due for it within 7 days, and how many participants are waiting for a plan the
 * Commission requires (an open interim or comprehensive plan deadline; never for family guardians).
 */
export const DashboardPlansSchema = z.object({
  total: z.number().int().nonnegative(),
  draft: z.number().int().nonnegative(),
  inReview: z.number().int().nonnegative(),
  approved: z.number().int().nonnegative(),
  current: z.number().int().nonnegative(),
  reviewOverdue: z.number().int().nonnegative(),
  reviewDueSoon: z.number().int().nonnegative(),
  awaitingPlan: z.number().int().nonnegative(),
  awaitingPlanOverdue: z.number().int().nonnegative(),
  /** The behaviour support home of the team that most needs it; null when no team has a plan or deadline. */
  href: z.string().nullable(),
});
export type DashboardPlans = z.infer<typeof DashboardPlansSchema>;

/** Open incidents, and the Commission's clocks of the reportable ones. */
export const DashboardIncidentsSchema = z.object({
  open: z.number().int().nonnegative(),
  reportableOpen: z.number().int().nonnegative(),
  highSeverityOpen: z.number().int().nonnegative(),
  awaitingNotification: z.number().int().nonnegative(),
  awaitingFiveDayReport: z.number().int().nonnegative(),
  /** Reportable incidents with a notification or 5-day report past due. */
  overdue: z.number().int().nonnegative(),
  href: z.string(),
  reportableHref: z.string(),
});
export type DashboardIncidents = z.infer<typeof DashboardIncidentsSchema>;

export const dashboardHoursScopes = ['own', 'teams', 'tenant'] as const;

/**
 * Time recorded this week (Monday to Sunday in the tenant's calendar): the caller's own for those who
 * only record time, their teams' for team leads, the whole tenant's for admins.
 */
export const DashboardHoursSchema = z.object({
  scope: z.enum(dashboardHoursScopes),
  weekStart: DateOnlySchema,
  weekEnd: DateOnlySchema,
  minutes: z.number().int().nonnegative(),
  entries: z.number().int().nonnegative(),
  /** Submitted entries in the scope waiting for approval (the caller's own when scope is 'own'). */
  submitted: z.number().int().nonnegative(),
  href: z.string(),
});
export type DashboardHours = z.infer<typeof DashboardHoursSchema>;

/**
 * Invoices waiting for approval: those the caller may approve ('mine', as /approvals/invoices lists
 * them), or, for a reader who approves none (auditors), every one waiting ('all').
 */
export const DashboardInvoicesSchema = z.object({
  scope: z.enum(['mine', 'all']),
  awaiting: z.number().int().nonnegative(),
  totalCents: z.number().int().nonnegative(),
  href: z.string(),
});
export type DashboardInvoices = z.infer<typeof DashboardInvoicesSchema>;

export const DashboardSchema = z.object({
  /** The tenant's today, from which overdue and due soon are counted. */
  today: DateOnlySchema,
  timeZone: z.string(),
  cards: DashboardCardsSchema.nullable(),
  deadlines: DashboardDeadlinesSchema.nullable(),
  plans: DashboardPlansSchema.nullable(),
  incidents: DashboardIncidentsSchema.nullable(),
  hours: DashboardHoursSchema.nullable(),
  invoices: DashboardInvoicesSchema.nullable(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** Nothing on any tile the caller reads needs attention: the all-clear. */
export function isAllClear(dashboard: Dashboard): boolean {
  const { cards, deadlines, plans, incidents, invoices } = dashboard;
  return (
    (cards === null || cards.overdue + cards.dueSoon === 0) &&
    (deadlines === null || deadlines.overdue + deadlines.dueSoon === 0) &&
    (plans === null || plans.reviewOverdue + plans.reviewDueSoon + plans.awaitingPlan === 0) &&
    (incidents === null || incidents.open === 0) &&
    (invoices === null || invoices.awaiting === 0)
  );
}
