import { z } from 'zod';
import { FieldChangeSchema } from '../audit/schemas';
import { FieldIdSchema, FieldValueSchema } from '../templates/schemas';
import {
  cardCategories,
  cardStates,
  cardStatuses,
  cardTypes,
  complianceIssueTypes,
  complianceSeverities,
  ndisStatuses,
  priorities,
} from './constants';

/**
 * Work cards (spec work section 3 "Card", "Server card record"; DESIGN.md sections 3-4). The server
 * card record's PascalCase names become camelCase here (Title → title, AssigneeId → assigneeId …).
 */

export {
  type CardCategory,
  type CardState,
  type CardStatus,
  type CardType,
  cardCategories,
  cardCategoryLabels,
  cardStateLabels,
  cardStates,
  cardStatuses,
  cardTypeLabels,
  cardTypes,
  complianceIssueTypes,
  complianceSeverities,
  type EditableCardField,
  editableCardFields,
  type NdisStatus,
  ndisStatuses,
  ndisStatusLabels,
  type Priority,
  priorities,
  priorityLabels,
  workItemsMax,
} from './constants';

export const CardTypeSchema = z.enum(cardTypes);
export const CardStatusSchema = z.enum(cardStatuses);
export const CardStateSchema = z.enum(cardStates);
export const NdisStatusSchema = z.enum(ndisStatuses);
export const PrioritySchema = z.enum(priorities);
export const CardCategorySchema = z.enum(cardCategories);

export const DateOnlySchema = z.iso.date();

export const ComplianceIssueSchema = z.object({
  id: z.string(),
  type: z.enum(complianceIssueTypes),
  severity: z.enum(complianceSeverities),
  description: z.string(),
  fieldId: z.string().nullable(),
});
export type ComplianceIssue = z.infer<typeof ComplianceIssueSchema>;

export const ComplianceSchema = z.object({
  isCompliant: z.boolean(),
  /** Share of required fields filled, 0-100, rounded. 100 for a card without a template. */
  completion: z.number().int().min(0).max(100),
  issues: z.array(ComplianceIssueSchema),
  lastValidation: z.iso.datetime({ offset: true }),
});
export type Compliance = z.infer<typeof ComplianceSchema>;

export const ClinicianApprovalSchema = z.object({
  userId: z.uuid(),
  userName: z.string(),
  /** The status the approval moved the card to (pending-review or approved). */
  status: CardStatusSchema,
  at: z.iso.datetime({ offset: true }),
});

export const CardSchema = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  teamId: z.uuid(),
  /** The visible work item id: the tenant's 3-letter prefix and a 5-digit sequence (SUN-00042). */
  workItemId: z.string().regex(/^[A-Z]{3}-\d{5,}$/),
  type: CardTypeSchema,
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
  /**
   * The version of a custom or published template the card was made with, which it keeps when the
   * template gets new versions; null for built-in templates (one version). Omitted only by old clients.
   */
  templateVersion: z.number().int().min(1).nullable().optional(),
  title: z.string(),
  description: z.string(),
  participantId: z.string().nullable(),
  assigneeId: z.uuid().nullable(),
  assigneeName: z.string().nullable(),
  status: CardStatusSchema,
  state: CardStateSchema,
  ndisStatus: NdisStatusSchema,
  /** The team workflow column the card sits in, a column of its status (decision 0037). */
  workflowStateId: z.string().nullable(),
  /** The card's place in its board column: columns list cards by it (see board.ts). */
  boardPosition: z.number(),
  priority: PrioritySchema,
  category: CardCategorySchema.nullable(),
  startDate: DateOnlySchema.nullable(),
  dueDate: DateOnlySchema.nullable(),
  tags: z.array(z.string()),
  fieldValues: z.record(z.string(), FieldValueSchema),
  completedRequirements: z.object({
    fields: z.array(z.string()),
    documents: z.array(z.string()),
    approvals: z.array(ClinicianApprovalSchema),
  }),
  compliance: ComplianceSchema,
  billable: z.boolean(),
  estimatedAmountCents: z.number().int().min(0),
  version: z.number().int().positive(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  createdBy: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  lastModifiedBy: z.uuid().nullable(),
  lastModifiedByName: z.string().nullable(),
});
export type Card = z.infer<typeof CardSchema>;

/**
 * A card in a list (`GET /api/cards`): everything but the form itself — its field values (hundreds
 * of kilobytes with drawn signatures), the list of compliance issues (one line per missing field of
 * a 44-field plan) and the completed requirements. Compliance keeps its verdict, completion and the
 * number of issues. A card read (`GET /api/cards/{id}`) has everything.
 */
export const CardSummarySchema = CardSchema.omit({ fieldValues: true, completedRequirements: true }).extend({
  compliance: ComplianceSchema.omit({ issues: true }).extend({ issueCount: z.number().int().min(0) }),
});
export type CardSummary = z.infer<typeof CardSummarySchema>;

const TagSchema = z.string().trim().min(1).max(40);
const TitleSchema = z.string().trim().min(1, 'Title is required').max(200);
const DescriptionSchema = z.string().max(5000);

/** `POST /api/cards`. The type defaults from the template; the template from the title's keywords. */
export const CreateCardSchema = z.object({
  teamId: z.uuid(),
  title: TitleSchema,
  description: DescriptionSchema.default(''),
  type: CardTypeSchema.optional(),
  templateId: z.string().min(1).max(80).nullable().optional(),
  participantId: z.string().max(80).nullable().optional(),
  assigneeId: z.uuid().nullable().optional(),
  priority: PrioritySchema.optional(),
  category: CardCategorySchema.nullable().optional(),
  startDate: DateOnlySchema.nullable().optional(),
  /** Absent: today in the tenant's time zone plus the template's estimated duration. */
  dueDate: DateOnlySchema.nullable().optional(),
  tags: z.array(TagSchema).max(20).optional(),
  fieldValues: z.record(FieldIdSchema, FieldValueSchema).optional(),
});
export type CreateCardInput = z.infer<typeof CreateCardSchema>;

/**
 * `PATCH /api/cards/{id}`: the version the change started from, the changed card fields, and field
 * values merged one by one (`null` clears one). A stale version is refused with 409 and the current
 * card only when a field in this change was written by someone else after that version.
 * `submit` is the form's Save: refused while a critical compliance issue exists, and it moves the
 * status as spec work section 4 "Card save status" says. `intent: 'undo'` records the change as an
 * undo in the audit trail.
 *
 * `boardPlace` is a board move by neighbours instead of a number: the card goes below `aboveId` and
 * above `belowId` (null: the top or the bottom of the column) as they stand when the move is saved,
 * and the server works out its `boardPosition`. A view that missed a change of the column's numbers
 * (a spread) still puts the card where its user dropped it; a neighbour that is no longer in that
 * column answers 409. Not sent together with `boardPosition`.
 */
export const BoardPlaceSchema = z
  .object({ aboveId: z.uuid().nullable(), belowId: z.uuid().nullable() })
  .strict();
export type BoardPlace = z.infer<typeof BoardPlaceSchema>;

export const PatchCardSchema = z
  .object({
    version: z.number().int().positive(),
    title: TitleSchema.optional(),
    description: DescriptionSchema.optional(),
    participantId: z.string().max(80).nullable().optional(),
    assigneeId: z.uuid().nullable().optional(),
    status: CardStatusSchema.optional(),
    state: CardStateSchema.optional().describe(
      'Derived from status (decision 0037): only the card’s own value is accepted, any other is refused with 400.',
    ),
    ndisStatus: NdisStatusSchema.optional().describe(
      'Derived from status (decision 0037): only the card’s own value is accepted, any other is refused with 400.',
    ),
    workflowStateId: z.string().min(1).max(40).nullable().optional(),
    boardPosition: z.number().min(-1e15).max(1e15).optional(),
    boardPlace: BoardPlaceSchema.optional(),
    priority: PrioritySchema.optional(),
    category: CardCategorySchema.nullable().optional(),
    startDate: DateOnlySchema.nullable().optional(),
    dueDate: DateOnlySchema.nullable().optional(),
    tags: z.array(TagSchema).max(20).optional(),
    billable: z.boolean().optional(),
    estimatedAmountCents: z.number().int().min(0).max(100_000_000).optional(),
    fieldValues: z.record(FieldIdSchema, FieldValueSchema).optional(),
    submit: z.boolean().optional(),
    intent: z.enum(['edit', 'undo']).optional(),
  })
  .strict()
  .refine((patch) => patch.boardPosition === undefined || patch.boardPlace === undefined, {
    message: 'Send either boardPosition or boardPlace, not both',
    path: ['boardPlace'],
  });
export type PatchCardInput = z.infer<typeof PatchCardSchema>;

/**
 * One card as the team views show it (board, list, calendar, roadmap): small enough that a team's
 * whole work, thousands of cards, loads at once. `GET /api/teams/{teamId}/work-items`.
 */
export const WorkItemSchema = CardSummarySchema.pick({
  id: true,
  teamId: true,
  workItemId: true,
  type: true,
  templateName: true,
  title: true,
  participantId: true,
  assigneeId: true,
  assigneeName: true,
  status: true,
  state: true,
  workflowStateId: true,
  boardPosition: true,
  priority: true,
  startDate: true,
  dueDate: true,
  tags: true,
  version: true,
  createdAt: true,
  updatedAt: true,
}).extend({ isCompliant: z.boolean(), completion: z.number().int().min(0).max(100) });
export type WorkItem = z.infer<typeof WorkItemSchema>;

export const WorkItemsQuerySchema = z.object({
  /** Only cards assigned to this user ('me': the caller), for the "my work" list. */
  assigneeId: z.union([z.uuid(), z.literal('me')]).optional(),
});

/** `GET /api/cards`: one team's cards (or every visible team's), filtered and paged. */
export const CardListQuerySchema = z.object({
  teamId: z.uuid().optional(),
  status: CardStatusSchema.optional(),
  type: CardTypeSchema.optional(),
  assigneeId: z.uuid().optional(),
  templateId: z.string().max(80).optional(),
  participantId: z.string().max(80).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type CardListQuery = z.infer<typeof CardListQuerySchema>;

/** The body of a 409: the card as it is now, and which fields of the change someone else wrote. */
export const CardConflictDetailsSchema = z.object({
  current: CardSchema,
  conflictingFields: z.array(z.string()),
});
export type CardConflictDetails = z.infer<typeof CardConflictDetailsSchema>;

/** One entry of a card's audit trail (spec work section 3 "Audit entry"). */
export const CardAuditEntrySchema = z.object({
  id: z.uuid(),
  /** created, updated, deleted, undo, status-changed, exported. */
  action: z.string(),
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  timestamp: z.iso.datetime({ offset: true }),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  changes: z.array(FieldChangeSchema),
});
export type CardAuditEntry = z.infer<typeof CardAuditEntrySchema>;

/** `GET /api/cards/{id}/audit`: newest first; `before` is the `timestamp` of the last entry seen. */
export const CardAuditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.iso.datetime({ offset: true }).optional(),
});
