import { z } from 'zod';
import { DeadlineSummarySchema } from '../deadlines/schemas';

/**
 * The incidents register (issue 16 item 4): one entry per incident-report card, with what the
 * NDIS Quality and Safeguards Commission asks of a reportable one. Marking an incident reportable,
 * with the moment a key worker became aware, starts the Commission's clocks (the deadlines in
 * ../deadlines); recording the notification and the 5-day report meets them.
 */

/** The Commission's reportable incident categories (NDIS (Incident Management and Reportable Incidents) Rules 2018, s 16). */
export const reportableCategories = [
  'death',
  'serious-injury',
  'abuse-or-neglect',
  'unlawful-sexual-or-physical-contact',
  'sexual-misconduct',
  'unauthorised-restrictive-practice',
] as const;
export const ReportableCategorySchema = z.enum(reportableCategories, {
  error: 'Choose one of the Commission’s reportable categories',
});
export type ReportableCategory = z.infer<typeof ReportableCategorySchema>;
export const reportableCategoryLabels: Record<ReportableCategory, string> = {
  death: 'Death of a person with disability',
  'serious-injury': 'Serious injury',
  'abuse-or-neglect': 'Abuse or neglect',
  'unlawful-sexual-or-physical-contact': 'Unlawful sexual or physical contact',
  'sexual-misconduct': 'Sexual misconduct',
  'unauthorised-restrictive-practice': 'Unauthorised restrictive practice',
};

/** What kind of incident it was, for the register's filter and behaviour analytics. */
export const incidentCategories = [
  'behaviour',
  'injury',
  'medication',
  'property-damage',
  'missing-person',
  'restrictive-practice',
  'abuse-or-neglect',
  'complaint',
  'other',
] as const;
export const IncidentCategorySchema = z.enum(incidentCategories, { error: 'Choose a category' });
export type IncidentCategory = z.infer<typeof IncidentCategorySchema>;
export const incidentCategoryLabels: Record<IncidentCategory, string> = {
  behaviour: 'Behaviour of concern',
  injury: 'Injury or illness',
  medication: 'Medication',
  'property-damage': 'Property damage',
  'missing-person': 'Missing person',
  'restrictive-practice': 'Restrictive practice',
  'abuse-or-neglect': 'Abuse or neglect',
  complaint: 'Complaint',
  other: 'Other',
};

export const incidentSeverities = ['low', 'medium', 'high', 'critical'] as const;
export const IncidentSeveritySchema = z.enum(incidentSeverities, { error: 'Choose a severity' });
export type IncidentSeverity = z.infer<typeof IncidentSeveritySchema>;
export const incidentSeverityLabels: Record<IncidentSeverity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};
/**
 * An entry's severity is empty until someone assesses it (a new incident report, an incident raised
 * for an unauthorised use): not assessed is not "no harm", so it keeps the stricter clocks (decision 0027).
 */
export const notAssessedLabel = 'Not assessed';
export function incidentSeverityLabel(severity: IncidentSeverity | null): string {
  return severity ? incidentSeverityLabels[severity] : notAssessedLabel;
}
/** The register's severity filter: a severity, or the entries nobody has assessed yet. */
export const incidentSeverityFilters = [...incidentSeverities, 'not-assessed'] as const;
export const IncidentSeverityFilterSchema = z.enum(incidentSeverityFilters);
export type IncidentSeverityFilter = z.infer<typeof IncidentSeverityFilterSchema>;
export const incidentSeverityFilterLabels: Record<IncidentSeverityFilter, string> = {
  ...incidentSeverityLabels,
  'not-assessed': notAssessedLabel,
};

export const incidentStatuses = ['open', 'closed'] as const;
export const IncidentStatusSchema = z.enum(incidentStatuses);
export type IncidentStatus = z.infer<typeof IncidentStatusSchema>;
export const incidentStatusLabels: Record<IncidentStatus, string> = { open: 'Open', closed: 'Closed' };

const Instant = z.iso.datetime({ offset: true });
const Person = z.object({ id: z.uuid(), name: z.string() });
/** A reference the Commission's portal gave (e.g. its notification number). */
const ReferenceSchema = z.string().trim().max(100, 'A reference is at most 100 characters');

export const IncidentActionSchema = z.object({
  id: z.uuid(),
  incidentId: z.uuid(),
  description: z.string(),
  assignee: Person.nullable(),
  dueOn: z.iso.date().nullable(),
  doneAt: Instant.nullable(),
  createdAt: Instant,
});
export type IncidentAction = z.infer<typeof IncidentActionSchema>;

/** One register entry as the list answers it. */
export const IncidentSummarySchema = z.object({
  id: z.uuid(),
  cardId: z.uuid(),
  /** The card's visible id, e.g. SUN-00042. */
  workItemId: z.string(),
  title: z.string(),
  participant: Person.nullable(),
  team: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  category: IncidentCategorySchema,
  /** Null until someone assesses it. */
  severity: IncidentSeveritySchema.nullable(),
  occurredAt: Instant,
  reportable: z.boolean(),
  reportableCategory: ReportableCategorySchema.nullable(),
  awareAt: Instant.nullable(),
  awareBy: Person.nullable(),
  notifiedAt: Instant.nullable(),
  notificationReference: z.string().nullable(),
  fiveDayReportAt: Instant.nullable(),
  fiveDayReportReference: z.string().nullable(),
  status: IncidentStatusSchema,
  closedAt: Instant.nullable(),
  debriefCardId: z.uuid().nullable(),
  restrictivePracticeUseId: z.uuid().nullable(),
  /** A reportable incident's Commission deadlines (notification, 5-day report); empty otherwise. */
  deadlines: z.array(DeadlineSummarySchema),
  openActionCount: z.number().int().nonnegative(),
  version: z.number().int().positive(),
  createdAt: Instant,
  updatedAt: Instant,
});
export type IncidentSummary = z.infer<typeof IncidentSummarySchema>;

/** One register entry with its behaviour details, follow-up actions and debrief log. */
export const IncidentSchema = IncidentSummarySchema.extend({
  behaviour: z.string().nullable(),
  antecedent: z.string().nullable(),
  actions: z.array(IncidentActionSchema),
  debrief: z.object({ id: z.uuid(), workItemId: z.string(), title: z.string() }).nullable(),
});
export type Incident = z.infer<typeof IncidentSchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

export const incidentSorts = [
  'occurredAt',
  'number',
  'severity',
  'category',
  'participant',
  'awareAt',
  'status',
] as const;
export type IncidentSort = (typeof incidentSorts)[number];

/** `GET /api/incidents` (and its CSV): filters, sort and page. Dates are the tenant's calendar days. */
export const IncidentListQuerySchema = z
  .object({
    status: IncidentStatusSchema.optional(),
    reportable: booleanQuery,
    category: IncidentCategorySchema.optional(),
    severity: IncidentSeverityFilterSchema.optional(),
    teamId: z.uuid().optional(),
    participantId: z.uuid().optional(),
    /** Incidents that happened on or after this day (tenant time zone). */
    from: z.iso.date().optional(),
    /** Incidents that happened on or before this day (tenant time zone). */
    to: z.iso.date().optional(),
    /** Only incidents with a Commission deadline past due and not met. */
    overdue: booleanQuery,
    sort: z.enum(incidentSorts).default('occurredAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).default(0),
    /** Lets a plain download link (the CSV) name the tenant. */
    tenantId: z.uuid().optional(),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, {
    message: 'The period must end on or after its start',
    path: ['to'],
  });
export type IncidentListQuery = z.infer<typeof IncidentListQuerySchema>;

/**
 * `PATCH /api/incidents/{id}`: the version the change started from and the register fields changed.
 * Marking it reportable needs a reportable category (given here or already recorded); awareAt
 * defaults to now and the caller. Recording notifiedAt / fiveDayReportAt meets those deadlines.
 */
export const PatchIncidentSchema = z
  .object({
    version: z.number().int().positive(),
    category: IncidentCategorySchema.optional(),
    severity: IncidentSeveritySchema.optional(),
    behaviour: z.string().trim().max(200).nullable().optional(),
    antecedent: z.string().trim().max(200).nullable().optional(),
    reportable: z.boolean().optional(),
    reportableCategory: ReportableCategorySchema.nullable().optional(),
    awareAt: Instant.nullable().optional(),
    notifiedAt: Instant.nullable().optional(),
    notificationReference: ReferenceSchema.nullable().optional(),
    fiveDayReportAt: Instant.nullable().optional(),
    fiveDayReportReference: ReferenceSchema.nullable().optional(),
    status: IncidentStatusSchema.optional(),
  })
  .strict();
export type PatchIncidentInput = z.infer<typeof PatchIncidentSchema>;

const ActionDescription = z
  .string()
  .trim()
  .min(1, 'Describe the action')
  .max(500, 'An action is at most 500 characters');

export const CreateIncidentActionSchema = z.object({
  description: ActionDescription,
  assigneeId: z.uuid().nullable().optional(),
  dueOn: z.iso.date().nullable().optional(),
});
export type CreateIncidentActionInput = z.infer<typeof CreateIncidentActionSchema>;

export const PatchIncidentActionSchema = z
  .object({
    description: ActionDescription.optional(),
    assigneeId: z.uuid().nullable().optional(),
    dueOn: z.iso.date().nullable().optional(),
    /** true records it done now; false opens it again. */
    isDone: z.boolean().optional(),
  })
  .strict();
export type PatchIncidentActionInput = z.infer<typeof PatchIncidentActionSchema>;

/** `POST /api/incidents/{id}/debrief`: link an existing debrief-log card, or (without one) create one. */
export const DebriefIncidentSchema = z.object({ cardId: z.uuid().optional() });
export type DebriefIncidentInput = z.infer<typeof DebriefIncidentSchema>;

/** The user-facing messages of the register's rules (server and web say the same words). */
export const incidentMessages = {
  notFound: 'Incident not found',
  actionNotFound: 'Follow-up action not found',
  categoryNeeded: 'Choose the reportable category before marking the incident reportable',
  notReportable: 'Only a reportable incident has a Commission notification or 5-day report to record',
  awareInFuture: 'The time someone became aware cannot be in the future',
  recordedInFuture: 'A notification or report cannot be recorded in the future',
  beforeAware: 'A notification or report cannot be earlier than the time someone became aware',
  notDebriefLog: 'Link a Debrief Log card of the same team',
  alreadyLinked: 'This incident already has a debrief log',
} as const;
