import { z } from 'zod';
import { PagingQuerySchema } from '../api/envelope';
import { DeadlineSummarySchema } from '../deadlines/schemas';

/**
 * Restrictive practices (issue 16 item 3): per participant, the register of the regulated practices
 * their behaviour support plan contains with each one's authorisation (the state's reference and
 * expiry), the log of every use, and each month's report to the NDIS Quality and Safeguards
 * Commission generated from the log.
 */

/** The regulated restrictive practices (NDIS (Restrictive Practices and Behaviour Support) Rules 2018). */
export const practiceTypes = ['physical', 'mechanical', 'chemical', 'seclusion', 'environmental'] as const;
export const PracticeTypeSchema = z.enum(practiceTypes, { error: 'Choose a restrictive practice' });
export type PracticeType = z.infer<typeof PracticeTypeSchema>;
/** As the built-in templates' rp-type choices name them. */
export const practiceTypeLabels: Record<PracticeType, string> = {
  physical: 'Physical restraint',
  mechanical: 'Mechanical restraint',
  chemical: 'Chemical restraint',
  seclusion: 'Seclusion',
  environmental: 'Environmental restraint',
};

export const restrictivePracticeMessages = {
  notFound: 'Restrictive practice not found',
  useNotFound: 'Use of a restrictive practice not found',
  reportNotFound: 'Monthly report not found',
  conflict: 'Someone else changed this since you opened it. Review their changes and try again.',
  expiryBeforeAuthorised: 'The expiry date must be on or after the date it was authorised',
  inUse: 'This authorisation has recorded uses, so it stays in the register. Change its dates instead.',
  futureUse: 'A use cannot start in the future',
  reportSubmitted: 'This report was submitted to the Commission and can no longer change',
  reportNotReviewed: 'Review the report before marking it submitted',
  reportAlreadyReviewed: 'This report is already reviewed',
  futureMonth: 'A report can only be made for this month or an earlier one',
  commissionReferenceRequired: 'Enter the reference the Commission gave the report',
} as const;

const isoDate = z.iso.date({ error: 'Enter a real date' });
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Enter a month as yyyy-mm' });
export const MonthSchema = month;

const Person = z.object({ id: z.uuid(), name: z.string() });

/** Where an authorisation stands on a day: not yet authorised, not yet started, in force or expired. */
export const authorisationStatuses = ['pending', 'not-started', 'in-force', 'expired'] as const;
export type AuthorisationStatus = (typeof authorisationStatuses)[number];
export const authorisationStatusLabels: Record<AuthorisationStatus, string> = {
  pending: 'Awaiting authorisation',
  'not-started': 'Not yet in force',
  'in-force': 'In force',
  expired: 'Expired',
};

export const AuthorisationSchema = z.object({
  id: z.uuid(),
  participantId: z.uuid(),
  planId: z.uuid().nullable(),
  practiceType: PracticeTypeSchema,
  description: z.string(),
  authorisationReference: z.string().nullable(),
  authorisedOn: isoDate.nullable(),
  expiresOn: isoDate.nullable(),
  /** On the tenant's today. */
  status: z.enum(authorisationStatuses),
  useCount: z.number().int().nonnegative(),
  createdBy: Person.nullable(),
  version: z.number().int().positive(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Authorisation = z.infer<typeof AuthorisationSchema>;

const trimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Keep it under ${max} characters` });
const optionalText = (max: number) =>
  trimmed(max)
    .nullish()
    .transform((v) => (v ? v : null));

const authorisationFields = {
  planId: z.uuid().nullish(),
  practiceType: PracticeTypeSchema,
  description: trimmed(2000).default(''),
  authorisationReference: optionalText(100),
  authorisedOn: isoDate.nullish(),
  expiresOn: isoDate.nullish(),
};

function datesInOrder(value: { authorisedOn?: string | null; expiresOn?: string | null }): boolean {
  return !value.authorisedOn || !value.expiresOn || value.expiresOn >= value.authorisedOn;
}

export const CreateAuthorisationSchema = z
  .object({ participantId: z.uuid(), ...authorisationFields })
  .refine(datesInOrder, { path: ['expiresOn'], error: restrictivePracticeMessages.expiryBeforeAuthorised });
export type CreateAuthorisation = z.infer<typeof CreateAuthorisationSchema>;

export const UpdateAuthorisationSchema = z
  .object({
    version: z.number().int().positive(),
    planId: authorisationFields.planId,
    practiceType: PracticeTypeSchema.optional(),
    description: trimmed(2000).optional(),
    /** Empty clears it; left out keeps it. */
    authorisationReference: trimmed(100).nullable().optional(),
    authorisedOn: authorisationFields.authorisedOn,
    expiresOn: authorisationFields.expiresOn,
  })
  .refine(datesInOrder, { path: ['expiresOn'], error: restrictivePracticeMessages.expiryBeforeAuthorised });
export type UpdateAuthorisation = z.infer<typeof UpdateAuthorisationSchema>;

export const AuthorisationListQuerySchema = z.object({ participantId: z.uuid() });

export const UseSchema = z.object({
  id: z.uuid(),
  participantId: z.uuid(),
  teamId: z.uuid().nullable(),
  practiceType: PracticeTypeSchema,
  startedAt: z.iso.datetime({ offset: true }),
  durationMinutes: z.number().int().nonnegative(),
  usedBy: Person.nullable(),
  reason: z.string(),
  behaviour: z.string().nullable(),
  antecedent: z.string().nullable(),
  /** Decided by the server: an authorisation of the practice was in force on the day of the use. */
  authorised: z.boolean(),
  authorisationId: z.uuid().nullable(),
  authorisationReference: z.string().nullable(),
  /** The reportable incident an unauthorised use raised. */
  incidentId: z.uuid().nullable(),
  recordedBy: Person.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Use = z.infer<typeof UseSchema>;

/** A day of minutes at most: a longer use is logged as more than one. */
export const maxUseMinutes = 24 * 60;

export const CreateUseSchema = z.object({
  participantId: z.uuid(),
  practiceType: PracticeTypeSchema,
  startedAt: z.iso.datetime({ offset: true, error: 'Enter when the use started' }),
  durationMinutes: z
    .number({ error: 'Enter how many minutes it lasted' })
    .int({ error: 'Enter whole minutes' })
    .min(0, { error: 'Minutes cannot be negative' })
    .max(maxUseMinutes, { error: 'Log a use of more than 24 hours as one use per day' }),
  /** Who used the practice; the person logging it when left out. */
  usedBy: z.uuid().nullish(),
  reason: trimmed(4000).min(1, { error: 'Say why the practice was used' }),
  behaviour: optionalText(4000),
  antecedent: optionalText(4000),
});
export type CreateUse = z.infer<typeof CreateUseSchema>;

export const UseListQuerySchema = PagingQuerySchema.extend({
  participantId: z.uuid(),
  /** Uses on or after this day in the tenant's zone. */
  from: isoDate.optional(),
  /** Uses on or before this day in the tenant's zone. */
  to: isoDate.optional(),
});
export type UseListQuery = z.infer<typeof UseListQuerySchema>;

/** The answer to logging a use: the use, and the incident it raised when it was not authorised. */
export const LoggedUseSchema = UseSchema.extend({
  incident: z.object({ id: z.uuid(), title: z.string() }).nullable(),
});
export type LoggedUse = z.infer<typeof LoggedUseSchema>;

export const reportStatuses = ['draft', 'reviewed', 'submitted'] as const;
export const ReportStatusSchema = z.enum(reportStatuses);
export type ReportStatus = z.infer<typeof ReportStatusSchema>;
export const reportStatusLabels: Record<ReportStatus, string> = {
  draft: 'Draft',
  reviewed: 'Reviewed',
  submitted: 'Submitted',
};
export const reportActions = ['generate', 'review', 'submit'] as const;
export type ReportAction = (typeof reportActions)[number];

export const PracticeFiguresSchema = z.object({
  practiceType: PracticeTypeSchema,
  useCount: z.number().int().nonnegative(),
  unauthorisedCount: z.number().int().nonnegative(),
  totalMinutes: z.number().int().nonnegative(),
});
export type PracticeFigures = z.infer<typeof PracticeFiguresSchema>;

export const ReportFiguresSchema = z.object({
  useCount: z.number().int().nonnegative(),
  unauthorisedCount: z.number().int().nonnegative(),
  totalMinutes: z.number().int().nonnegative(),
  /** One entry per practice used in the month, in the order of practiceTypes. */
  byPractice: z.array(PracticeFiguresSchema),
});
export type ReportFigures = z.infer<typeof ReportFiguresSchema>;

export const ReportSchema = ReportFiguresSchema.extend({
  id: z.uuid(),
  participantId: z.uuid(),
  participantName: z.string(),
  ndisNumber: z.string(),
  month,
  status: ReportStatusSchema,
  generatedAt: z.iso.datetime({ offset: true }),
  reviewedBy: Person.nullable(),
  reviewedAt: z.iso.datetime({ offset: true }).nullable(),
  submittedBy: Person.nullable(),
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
  commissionReference: z.string().nullable(),
  /** The month's 'rp-monthly-report' deadline, kept while the month has uses. */
  deadline: DeadlineSummarySchema.nullable(),
  /** What the caller may do with it now (the server enforces the same). */
  allowedActions: z.array(z.enum(reportActions)),
  version: z.number().int().positive(),
});
export type Report = z.infer<typeof ReportSchema>;

export const GenerateReportSchema = z.object({ participantId: z.uuid(), month });
export type GenerateReport = z.infer<typeof GenerateReportSchema>;
export const ReviewReportSchema = z.object({ version: z.number().int().positive().optional() });
export const SubmitReportSchema = z.object({
  version: z.number().int().positive().optional(),
  commissionReference: z
    .string()
    .trim()
    .min(1, { error: restrictivePracticeMessages.commissionReferenceRequired })
    .max(100, { error: 'Keep it under 100 characters' }),
});
export type SubmitReport = z.infer<typeof SubmitReportSchema>;
export const ReportListQuerySchema = PagingQuerySchema.extend({
  participantId: z.uuid(),
  status: ReportStatusSchema.optional(),
});
export type ReportListQuery = z.infer<typeof ReportListQuerySchema>;
