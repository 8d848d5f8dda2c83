import { daysBetween } from '@wattle/domain/participants/plans';
import { RejectTimeEntrySchema, TimeEntrySchema, timeEntryMessages } from '@wattle/domain/time/entries';
import { z } from 'zod';

/**
 * Bodies and answers of the time routes beyond the shared entry schemas (domain time/entries.ts):
 * the week's submit and a lead's batch approval, copying a week, the timesheet and the CSV export.
 */

/** The longest period a timesheet or a period's submit covers: a quarter. */
export const maxPeriodDays = 92;

const periodMessage = `A period can be at most ${maxPeriodDays} days`;

const PeriodShape = { from: z.iso.date(), to: z.iso.date() };

function checkPeriod(period: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (period.from > period.to) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: timeEntryMessages.fromAfterTo });
  } else if (daysBetween(period.from, period.to) + 1 > maxPeriodDays) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: periodMessage });
  }
}

/** `POST /api/time-entries/submit`. */
export const SubmitPeriodSchema = z.object(PeriodShape).superRefine(checkPeriod);

/** `POST /api/time-entries/approve`. */
export const ApproveManySchema = z.object({ ids: z.array(z.uuid()).min(1).max(1000) });

/** Submit and approve of one entry may name the version read (a stale one is 409). */
// Nullish: a POST with no body at all (the timesheet's Approve button sends none) reaches the
// validator as null, which a default for a missing body does not cover.
export const EntryStepSchema = z.object({ version: z.number().int().positive().optional() }).nullish();

/** The domain's reject body (the reason, as the dialog checks it), with the version read. */
export const RejectStepSchema = RejectTimeEntrySchema.extend({
  version: z.number().int().positive().optional(),
});

export const mondayMessage = 'A week starts on a Monday';

const MondaySchema = z.iso
  .date()
  .refine((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 1, mondayMessage);

/** `POST /api/time-entries/copy-week`. */
export const CopyWeekSchema = z
  .object({ fromWeekStart: MondaySchema, toWeekStart: MondaySchema })
  .refine((body) => body.fromWeekStart !== body.toWeekStart, {
    message: 'Choose another week to copy to',
    path: ['toWeekStart'],
  });
export type CopyWeek = z.infer<typeof CopyWeekSchema>;

export const CopyWeekResultSchema = z.object({
  created: z.array(TimeEntrySchema),
  skipped: z.number().int().nonnegative(),
});

/** `GET /api/timesheet?from=&to=&teamId=`. */
export const TimesheetQuerySchema = z
  .object({ ...PeriodShape, teamId: z.uuid().optional() })
  .superRefine(checkPeriod);
export type TimesheetQuery = z.infer<typeof TimesheetQuerySchema>;

const StatusCountsShape = {
  draft: z.number().int().nonnegative(),
  submitted: z.number().int().nonnegative(),
  approved: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
};

export const TimesheetDaySchema = z.object({
  minutes: z.number().int().nonnegative(),
  amountCents: z.number().int().nonnegative(),
  ...StatusCountsShape,
});

export const TimesheetPersonSchema = z.object({
  userId: z.uuid(),
  userName: z.string(),
  /** Only the days with entries, by 'YYYY-MM-DD'. */
  days: z.record(z.string(), TimesheetDaySchema),
  totalMinutes: z.number().int().nonnegative(),
  totalAmountCents: z.number().int().nonnegative(),
  counts: z.object(StatusCountsShape),
});

export const TimesheetSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  teamId: z.uuid().nullable(),
  people: z.array(TimesheetPersonSchema),
  totalMinutes: z.number().int().nonnegative(),
  totalAmountCents: z.number().int().nonnegative(),
});
export type Timesheet = z.infer<typeof TimesheetSchema>;

/** `GET /api/time-entries/export.csv`. */
export const ExportQuerySchema = z
  .object({
    ...PeriodShape,
    userId: z.union([z.uuid(), z.literal('me')]).optional(),
    teamId: z.uuid().optional(),
    participantId: z.uuid().optional(),
    tenantId: z.uuid().optional().describe('The tenant, for a plain link that cannot send X-Tenant-Id'),
  })
  .refine((query) => query.from <= query.to, { message: timeEntryMessages.fromAfterTo, path: ['from'] });
export type ExportQuery = z.infer<typeof ExportQuerySchema>;
