import { z } from 'zod';
import { TimeBandSchema } from './bands';
import { type EntryTimes, entrySpanMinutes, minutesPerDay, timeOfDayPattern } from './clock';

/**
 * Time entries (spec work sections 2 "Add Manual Time Entry dialog", 3 "Time entry", 4 "Time entry
 * status", 5 "Time entry", 8 "Invalid time" and "Time entry saved"; issue 14 part 4). An entry is
 * local wall-clock time in the tenant's time zone; a shift past midnight carries the `endDate` it
 * ends on. What the pricing rules chose (`./pricing`) is stored with it.
 */

/** Draft → submitted → approved, or rejected with a reason; invoicing sets `isInvoiced`. */
export const timeEntryStatuses = ['draft', 'submitted', 'approved', 'rejected'] as const;
export const TimeEntryStatusSchema = z.enum(timeEntryStatuses);
export type TimeEntryStatus = z.infer<typeof TimeEntryStatusSchema>;
export const timeEntryStatusLabels = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
} as const satisfies Record<TimeEntryStatus, string>;

/** The longest one entry may be: a day. */
export const maxEntryMinutes = minutesPerDay;

/** The spec's messages (section 8) and the rules' own, shared by the dialog and the server. */
export const timeEntryMessages = {
  invalidRangeTitle: 'Invalid Time Range',
  invalidRange: 'End time must be after start time.',
  tooLong: 'A time entry can be at most 24 hours; split a longer shift into two entries.',
  date: 'Please enter the date',
  time: 'Please enter a time as HH:mm',
  timeCode: 'Please choose a time code',
  noticeGivenOn: 'Please enter the date notice of the cancellation was given',
  noticeAfterSupport: 'Notice of a cancellation must be given on or before the day of the support',
  cancellationTravel: 'A cancelled support cannot also be claimed as travel time',
  rejectionReason: 'Please give a reason for rejecting this entry',
  fromAfterTo: "The period's start must be on or before its end",
  savedTitle: 'Entry Added',
} as const;

/** Hours as the toasts say them: 90 minutes → '1.5', 20 → '0.33', 120 → '2'. */
export function formatHours(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}

/** 'Time entry for N hours saved successfully.' (Save Entry) or '… saved.' (Save & New). */
export function entrySavedMessage(minutes: number, isSaveAndNew = false): string {
  return `Time entry for ${formatHours(minutes)} hours saved${isSaveAndNew ? '.' : ' successfully.'}`;
}

/** End minus start in minutes, never negative (spec section 5). */
export function durationMinutes(entry: EntryTimes): number {
  return Math.max(0, entrySpanMinutes(entry));
}

/** 90 → '1h 30m'. */
export function formatHoursAndMinutes(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  return `${Math.floor(whole / 60)}h ${whole % 60}m`;
}

/** The dialog's live text: 'Duration: 1h 30m'. */
export function formatDuration(minutes: number): string {
  return `Duration: ${formatHoursAndMinutes(minutes)}`;
}

/**
 * What is wrong with an entry's times, or null: the end must be after the start (so never zero
 * minutes) and at most 24 hours later. The server calls this on the merged record of a PATCH.
 */
export function timeRangeIssue(entry: EntryTimes): { field: 'endTime'; message: string } | null {
  const span = entrySpanMinutes(entry);
  if (span <= 0) return { field: 'endTime', message: timeEntryMessages.invalidRange };
  if (span > maxEntryMinutes) return { field: 'endTime', message: timeEntryMessages.tooLong };
  return null;
}

const DateSchema = z.iso.date({ error: timeEntryMessages.date });
const TimeOfDaySchema = z
  .string({ error: timeEntryMessages.time })
  .regex(timeOfDayPattern, timeEntryMessages.time);

/** Free text that may be left empty: trimmed, '' read as none (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be no more than ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** For a PATCH: left out stays as it is (undefined), while '' or null clears it. */
const patchText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be no more than ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null))
    .optional();

/** A short-notice cancellation (or no-show): the day the participant gave notice. */
export const CancellationSchema = z.object({
  noticeGivenOn: z.iso.date({ error: timeEntryMessages.noticeGivenOn }),
});
export type Cancellation = z.infer<typeof CancellationSchema>;

const entryFields = {
  date: DateSchema,
  startTime: TimeOfDaySchema,
  endTime: TimeOfDaySchema,
  /** The day the entry ends when it runs past midnight; left out, it ends on `date`. */
  endDate: DateSchema.nullish(),
  timeCodeId: z.uuid({ error: timeEntryMessages.timeCode }),
  participantId: z.uuid().nullish(),
  cardId: z.uuid().nullish(),
  description: optionalText(2000),
  location: optionalText(200),
  isTravel: z.boolean().default(false),
  cancellation: CancellationSchema.nullish(),
};

type EntryCheck = EntryTimes & { isTravel?: boolean; cancellation?: Cancellation | null };

/** The rules across fields, for the create body and for a PATCH once merged with the record. */
function checkEntry(entry: EntryCheck, ctx: z.RefinementCtx) {
  const issue = timeRangeIssue(entry);
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  if (entry.cancellation) {
    if (entry.cancellation.noticeGivenOn > entry.date) {
      ctx.addIssue({
        code: 'custom',
        path: ['cancellation', 'noticeGivenOn'],
        message: timeEntryMessages.noticeAfterSupport,
      });
    }
    if (entry.isTravel) {
      ctx.addIssue({ code: 'custom', path: ['isTravel'], message: timeEntryMessages.cancellationTravel });
    }
  }
}

/** `POST /api/time-entries`. */
export const CreateTimeEntrySchema = z.object(entryFields).superRefine(checkEntry);
export type CreateTimeEntryInput = z.input<typeof CreateTimeEntrySchema>;
export type CreateTimeEntry = z.infer<typeof CreateTimeEntrySchema>;

/**
 * `PATCH /api/time-entries/{id}`: any of the fields, with the `version` read. The times are checked
 * here when all three come together; otherwise the server checks the merged record with
 * `timeRangeIssue`.
 */
export const UpdateTimeEntrySchema = z
  .object({
    version: z.number().int().positive(),
    date: DateSchema.optional(),
    startTime: TimeOfDaySchema.optional(),
    endTime: TimeOfDaySchema.optional(),
    endDate: DateSchema.nullable().optional(),
    timeCodeId: z.uuid({ error: timeEntryMessages.timeCode }).optional(),
    participantId: z.uuid().nullable().optional(),
    cardId: z.uuid().nullable().optional(),
    description: patchText(2000),
    location: patchText(200),
    isTravel: z.boolean().optional(),
    cancellation: CancellationSchema.nullable().optional(),
  })
  .superRefine((patch, ctx) => {
    if (patch.date !== undefined && patch.startTime !== undefined && patch.endTime !== undefined) {
      checkEntry(
        {
          date: patch.date,
          startTime: patch.startTime,
          endTime: patch.endTime,
          endDate: patch.endDate,
          isTravel: patch.isTravel,
          cancellation: patch.cancellation,
        },
        ctx,
      );
    }
  });
export type UpdateTimeEntryInput = z.input<typeof UpdateTimeEntrySchema>;
export type UpdateTimeEntry = z.infer<typeof UpdateTimeEntrySchema>;

/** `POST /api/time-entries/{id}/reject`: the reason the worker reads in their inbox. */
export const RejectTimeEntrySchema = z.object({
  reason: z
    .string({ error: timeEntryMessages.rejectionReason })
    .trim()
    .min(1, timeEntryMessages.rejectionReason)
    .max(500, 'Must be no more than 500 characters'),
});
export type RejectTimeEntry = z.infer<typeof RejectTimeEntrySchema>;

/** One entry as the API answers it: the spec's fields, the workflow and what the pricing chose. */
export const TimeEntrySchema = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  userId: z.uuid(),
  userName: z.string(),
  teamId: z.uuid().nullable(),
  participantId: z.uuid().nullable(),
  participantName: z.string().nullable(),
  cardId: z.uuid().nullable(),
  cardTitle: z.string().nullable(),
  date: z.iso.date(),
  startTime: z.string().regex(timeOfDayPattern),
  endTime: z.string().regex(timeOfDayPattern),
  /** The day it ends: `date`, or the next day for a shift past midnight. */
  endDate: z.iso.date(),
  /** Minutes worked. */
  duration: z.number().int().positive(),
  timeCodeId: z.uuid(),
  /** The chosen code (its support item number) and description (spec: ndisTimeCode…). */
  ndisTimeCode: z.string(),
  ndisTimeCodeDescription: z.string(),
  description: z.string().nullable(),
  isTravel: z.boolean(),
  location: z.string().nullable(),
  status: TimeEntryStatusSchema,
  rejectionReason: z.string().nullable(),
  isInvoiced: z.boolean(),
  invoiceId: z.uuid().nullable(),
  /** The support item the pricing rules claim, for the entry's band (may differ from the code's). */
  supportItemNumber: z.string(),
  supportItemName: z.string(),
  band: TimeBandSchema,
  unitPriceCents: z.number().int().nonnegative(),
  /** The NDIS price limit that applied; null for an item the catalogue gives no limit. */
  priceLimitCents: z.number().int().nonnegative().nullable(),
  /** Minutes claimed: the duration, or less where provider travel is capped. */
  billableMinutes: z.number().int().nonnegative(),
  amountCents: z.number().int().nonnegative(),
  isCancellation: z.boolean(),
  cancellationNoticeGivenOn: z.iso.date().nullable(),
  /** What the pricing rules want the user to know (e.g. travel capped at 30 minutes). */
  notices: z.array(z.string()),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
  approvedAt: z.iso.datetime({ offset: true }).nullable(),
  approvedBy: z.uuid().nullable(),
  rejectedAt: z.iso.datetime({ offset: true }).nullable(),
  rejectedBy: z.uuid().nullable(),
  version: z.number().int(),
});
export type TimeEntry = z.infer<typeof TimeEntrySchema>;

/**
 * `GET /api/time-entries?from=&to=&userId=&status=`: entries dated from `from` to `to` (both
 * inclusive), one person's ('me' for the caller) or everyone's the caller may read.
 */
export const TimeEntryListQuerySchema = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    userId: z.union([z.uuid(), z.literal('me')]).optional(),
    teamId: z.uuid().optional(),
    participantId: z.uuid().optional(),
    status: TimeEntryStatusSchema.optional(),
    limit: z.coerce.number().int().min(1).max(10_000).default(1000),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: timeEntryMessages.fromAfterTo,
    path: ['from'],
  });
export type TimeEntryListQuery = z.infer<typeof TimeEntryListQuerySchema>;
