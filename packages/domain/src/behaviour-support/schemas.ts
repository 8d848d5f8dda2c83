import { z } from 'zod';
import { PagingQuerySchema } from '../api/envelope';
import { ComplianceSchema, DateOnlySchema } from '../cards/schemas';
import { DeadlineSchema } from '../deadlines/schemas';
import { FieldValueSchema } from '../templates/schemas';
import { planActions, planKinds, planStatuses, planVersionStatuses } from './workflow';

/**
 * Behaviour support plans and engagements (issue 16 item 1; decision 0025). A plan is written in its
 * working card (template interim-bsp or comprehensive-bsp); its versions are frozen copies of that
 * card's field values. An engagement records when specialist behaviour support started, from which
 * the Commission's interim and comprehensive plan deadlines run.
 */

export const PlanKindSchema = z.enum(planKinds);
export const PlanStatusSchema = z.enum(planStatuses);
export const PlanVersionStatusSchema = z.enum(planVersionStatuses);
export const PlanActionSchema = z.enum(planActions);

/** Messages people see when a step is refused (422 WORKFLOW_REFUSED unless said otherwise). */
export const planMessages = {
  notEditable: 'Only a draft plan can be changed: start a new version to change an approved plan',
  notSubmittable: 'Only a draft plan can be submitted for approval',
  incomplete: 'Complete every required field of the plan before submitting it',
  notInReview: 'Only a plan waiting for approval can be approved or sent back',
  changedSinceSubmitted: 'The plan’s form changed after it was submitted: send it back and submit it again',
  notApproved: 'Only an approved plan can start a new version',
  notShareable: 'A superseded or archived plan cannot be shared',
  noApprovedVersion: 'Changed needs can be recorded only for a plan with an approved version',
  noParticipant: 'This team has no participant to write a plan for',
  participantNotOnTeam: 'The participant is not on this team',
  noCard: 'The plan’s form is missing',
  openEngagement: 'Behaviour support for this participant is already recorded as started: end it first',
  engagedInFuture: 'The date behaviour support started cannot be in the future',
  endedBeforeEngaged: 'Behaviour support cannot end before it started',
  needsChangedInFuture: 'The date needs changed cannot be in the future',
  versionNotFound: 'Plan version not found',
} as const;

// ---------------------------------------------------------------------------------------------
// Engagements

export const EngagementSchema = z.object({
  id: z.uuid(),
  participantId: z.uuid(),
  participantName: z.string(),
  engagedOn: DateOnlySchema,
  endedOn: DateOnlySchema.nullable(),
  practitionerId: z.uuid().nullable(),
  practitionerName: z.string().nullable(),
  note: z.string(),
  recordedBy: z.uuid().nullable(),
  version: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** Its 'bsp-interim' and 'bsp-comprehensive' deadlines (none once ended before they were met). */
  deadlines: z.array(DeadlineSchema),
});
export type Engagement = z.infer<typeof EngagementSchema>;

const NoteSchema = z.string().trim().max(2000);

export const CreateEngagementSchema = z.object({
  participantId: z.uuid(),
  engagedOn: DateOnlySchema,
  practitionerId: z.uuid().nullable().optional(),
  note: NoteSchema.default(''),
});
export type CreateEngagementInput = z.infer<typeof CreateEngagementSchema>;

/** Corrects an engagement, or ends it (endedOn). `version` is the one read (409 when stale). */
export const UpdateEngagementSchema = z.object({
  version: z.number().int().min(1),
  engagedOn: DateOnlySchema.optional(),
  endedOn: DateOnlySchema.nullable().optional(),
  practitionerId: z.uuid().nullable().optional(),
  note: NoteSchema.optional(),
});
export type UpdateEngagementInput = z.infer<typeof UpdateEngagementSchema>;

export const EngagementListQuerySchema = PagingQuerySchema.extend({
  participantId: z.uuid().optional(),
  teamId: z.uuid().optional(),
  /** Only open engagements (not ended). */
  open: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type EngagementListQuery = z.infer<typeof EngagementListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Plans and versions

export const PlanVersionSummarySchema = z.object({
  number: z.number().int().min(1),
  status: PlanVersionStatusSchema,
  changeSummary: z.string(),
  restrictivePractices: z.array(z.string()),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  submittedBy: z.uuid().nullable(),
  submittedByName: z.string().nullable(),
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
  approvedBy: z.uuid().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.iso.datetime({ offset: true }).nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type PlanVersionSummary = z.infer<typeof PlanVersionSummarySchema>;

/** One version with its field values: frozen for an approved one, the working card's for the newest draft. */
export const PlanVersionSchema = PlanVersionSummarySchema.extend({
  planId: z.uuid(),
  fieldValues: z.record(z.string(), FieldValueSchema),
  /** True when the values are the frozen copy taken at approval (or at submission for review). */
  isFrozen: z.boolean(),
});
export type PlanVersion = z.infer<typeof PlanVersionSchema>;

export const PlanSummarySchema = z.object({
  id: z.uuid(),
  participantId: z.uuid(),
  participantName: z.string(),
  teamId: z.uuid(),
  cardId: z.uuid().nullable(),
  kind: PlanKindSchema,
  title: z.string(),
  status: PlanStatusSchema,
  currentVersion: z.number().int(),
  approvedVersion: z.number().int().nullable(),
  approvedAt: z.iso.datetime({ offset: true }).nullable(),
  sharedWithFamily: z.boolean(),
  reviewDueOn: DateOnlySchema.nullable(),
  needsChangedOn: DateOnlySchema.nullable(),
  createdBy: z.uuid().nullable(),
  version: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** The plan's own deadlines (its review), soonest first. */
  deadlines: z.array(DeadlineSchema),
});
export type PlanSummary = z.infer<typeof PlanSummarySchema>;

export const PlanSchema = PlanSummarySchema.extend({
  templateId: z.string().nullable(),
  versions: z.array(PlanVersionSummarySchema),
  /** Regulated restrictive practices in the newest version (the form's Restrictive Practice Type). */
  restrictivePractices: z.array(z.string()),
  /** The working card's compliance (required fields, signatures), null when the card is gone. */
  compliance: ComplianceSchema.nullable(),
  /** What the caller may do now: the workflow's allowed actions they hold the permission for. */
  allowedActions: z.array(PlanActionSchema),
  /** The name of who approved the version in force. */
  approvedByName: z.string().nullable(),
});
export type Plan = z.infer<typeof PlanSchema>;

export const PlanListQuerySchema = PagingQuerySchema.extend({
  teamId: z.uuid().optional(),
  participantId: z.uuid().optional(),
  status: PlanStatusSchema.optional(),
});
export type PlanListQuery = z.infer<typeof PlanListQuerySchema>;

/** A new plan for the participant (or the participant of teamId's team). */
export const CreatePlanSchema = z
  .object({
    participantId: z.uuid().optional(),
    teamId: z.uuid().optional(),
    kind: PlanKindSchema,
    title: z.string().trim().min(1).max(200).optional(),
  })
  .refine((v) => v.participantId !== undefined || v.teamId !== undefined, {
    message: 'Name the participant or the team the plan is for',
    path: ['participantId'],
  });
export type CreatePlanInput = z.infer<typeof CreatePlanSchema>;

/** What a plan made now would be prefilled with (GET /api/behaviour-support-plans/prefill). */
export const PlanPrefillQuerySchema = z.object({
  teamId: z.uuid(),
  kind: PlanKindSchema,
});
export const PlanPrefillSchema = z.object({
  participantId: z.uuid(),
  participantName: z.string(),
  /** The functional behaviour assessment the values come from, if any. */
  assessment: z.object({ cardId: z.uuid(), title: z.string(), updatedAt: z.string() }).nullable(),
  fields: z.array(z.object({ id: z.string(), name: z.string(), value: z.string() })),
});
export type PlanPrefill = z.infer<typeof PlanPrefillSchema>;

/** The version read, for every step that changes a plan (409 CONFLICT with details.current when stale). */
export const PlanStepSchema = z.object({ version: z.number().int().min(1).optional() }).optional();
export const RejectPlanSchema = z.object({
  version: z.number().int().min(1).optional(),
  reason: z.string().trim().min(1, 'Say why the plan is sent back').max(2000),
});
export const NewPlanVersionSchema = z.object({
  version: z.number().int().min(1).optional(),
  changeSummary: z.string().trim().min(1, 'Say what this version changes').max(2000),
});
export const SharePlanSchema = z.object({
  version: z.number().int().min(1).optional(),
  sharedWithFamily: z.boolean(),
});
export const NeedsChangedSchema = z.object({
  version: z.number().int().min(1).optional(),
  /** The day the participant's needs changed; null clears a date recorded in error. */
  needsChangedOn: DateOnlySchema.nullable(),
});

export const VersionParamsSchema = z.object({ id: z.uuid(), number: z.coerce.number().int().min(1) });
export const DiffQuerySchema = z.object({
  from: z.coerce.number().int().min(1),
  to: z.coerce.number().int().min(1),
});
