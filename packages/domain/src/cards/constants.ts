/**
 * The card's lists, labels and limits without zod (spec work section 3 "Card"), for the web's card
 * page and board: a module that builds zod schemas at its top level is kept whole by the bundler,
 * so importing one label from `schemas.ts` would bring zod along (docs/performance.md "Web bundle").
 * `schemas.ts` re-exports all of it.
 */

export const cardTypes = ['task', 'incident', 'bsp'] as const;
export type CardType = (typeof cardTypes)[number];
export const cardTypeLabels = {
  task: 'Task',
  incident: 'Incident',
  bsp: 'Behaviour Support Plan',
} as const satisfies Record<CardType, string>;

/** The compliance workflow of spec work section 4, enforced on the server (see `workflow.ts`). */
export const cardStatuses = ['draft', 'in-progress', 'pending-review', 'approved', 'archived'] as const;
export type CardStatus = (typeof cardStatuses)[number];

/**
 * The card panel's 'State' (spec work section 4), derived from the status since decision 0037
 * (`stateOfStatus`): the board column names it for people.
 */
export const cardStates = ['todo', 'doing', 'waiting', 'review', 'done'] as const;
export type CardState = (typeof cardStates)[number];
export const cardStateLabels = {
  todo: 'To Do',
  doing: 'Doing',
  waiting: 'Waiting on Others',
  review: 'In Review',
  done: 'Done',
} as const satisfies Record<CardState, string>;

/** NDIS Status, derived from the status since decision 0037 (`ndisStatusOf`); never set by a PATCH. */
export const ndisStatuses = ['draft', 'in-review', 'approved', 'submitted'] as const;
export type NdisStatus = (typeof ndisStatuses)[number];
export const ndisStatusLabels = {
  draft: 'Draft',
  'in-review': 'In Review',
  approved: 'Approved',
  submitted: 'Submitted',
} as const satisfies Record<NdisStatus, string>;

export const priorities = ['low', 'medium', 'high'] as const;
export type Priority = (typeof priorities)[number];
export const priorityLabels = { low: 'Low', medium: 'Medium', high: 'High' } as const satisfies Record<
  Priority,
  string
>;

export const cardCategories = ['behavior', 'incident', 'assessment', 'plan', 'review'] as const;
export type CardCategory = (typeof cardCategories)[number];
export const cardCategoryLabels = {
  behavior: 'Behaviour',
  incident: 'Incident',
  assessment: 'Assessment',
  plan: 'Plan',
  review: 'Review',
} as const satisfies Record<CardCategory, string>;

/** `signature-mismatch`: a recorded signature no longer matches the values it signed (decision 0021). */
export const complianceIssueTypes = [
  'missing-field',
  'invalid-data',
  'missing-signature',
  'signature-mismatch',
] as const;
export const complianceSeverities = ['medium', 'high', 'critical'] as const;

/** The card fields a PATCH may change, besides `fieldValues`. */
export const editableCardFields = [
  'title',
  'description',
  'participantId',
  'assigneeId',
  'status',
  'state',
  'ndisStatus',
  'workflowStateId',
  'boardPosition',
  'priority',
  'category',
  'startDate',
  'dueDate',
  'tags',
  'billable',
  'estimatedAmountCents',
] as const;
export type EditableCardField = (typeof editableCardFields)[number];

/** The most cards one team view loads; `meta.total` says when a team has more. */
export const workItemsMax = 10_000;
