import type { FieldValues, FormTemplate } from '../templates/schemas';
import { sectionOfField } from '../templates/sections';
import { isFieldFilled } from './compliance';
import type { CardStatus } from './schemas';

/** The workflow table of spec work section 4. */
export interface WorkflowStep {
  status: CardStatus;
  next: readonly CardStatus[];
  isEditable: boolean;
}

/**
 * Spec work section 4 plus the back moves of decision 0009 (in-progress → draft, pending-review →
 * in-progress). Requirements of each step are checked by `transitionError`.
 */
export const workflowSteps: readonly WorkflowStep[] = [
  { status: 'draft', next: ['in-progress'], isEditable: true },
  { status: 'in-progress', next: ['pending-review', 'draft'], isEditable: true },
  { status: 'pending-review', next: ['approved', 'in-progress'], isEditable: false },
  { status: 'approved', next: ['archived'], isEditable: false },
  { status: 'archived', next: [], isEditable: false },
];

/** Labels of the statuses, for the Status select and messages shown to people. */
export const cardStatusLabels = {
  draft: 'Draft',
  'in-progress': 'In Progress',
  'pending-review': 'Pending Review',
  approved: 'Approved',
  archived: 'Archived',
} as const satisfies Record<CardStatus, string>;

export interface TransitionInput {
  from: CardStatus;
  to: CardStatus;
  template: FormTemplate | null;
  values: FieldValues;
  /** Ids of the template's required documents the card has. */
  documentIds: readonly string[];
  /** The caller is a clinician on the card's team (or holds approve:plans tenant-wide). */
  isClinician: boolean;
}

export const workflowMessages = {
  startRequirements: 'Complete Participant Information and Practitioner Information before starting work',
  reviewFields: 'Complete every required field before review',
  reviewDocuments: 'Upload the required documents before review',
  clinician: 'A clinician must approve this step',
} as const;

/** The form sections whose required fields must be filled before work starts (draft → in-progress). */
export const startWorkSections: readonly string[] = ['participant-info', 'practitioner-info'];

/** Whether a template field must be filled before "Start work" (marked so on the form beforehand). */
export function isRequiredToStartWork(field: FormTemplate['fields'][number]): boolean {
  return field.required && startWorkSections.includes(sectionOfField(field));
}

function stepOf(status: CardStatus): WorkflowStep {
  const step = workflowSteps.find((s) => s.status === status);
  if (!step) throw new Error(`Unknown card status: ${status}`);
  return step;
}

/** The statuses a card in this status may move to (its own status not included). */
export function nextStatuses(status: CardStatus): readonly CardStatus[] {
  return stepOf(status).next;
}

/** Whether a move to this status is one a clinician must make (pending-review and approved). */
export function needsClinician(to: CardStatus): boolean {
  return to === 'pending-review' || to === 'approved';
}

/** Required fields of the template still empty, optionally only those of some form sections. */
function missingRequired(
  template: FormTemplate | null,
  values: FieldValues,
  sections?: readonly string[],
): string[] {
  if (!template) return [];
  return template.fields
    .filter((f) => f.required && !isFieldFilled(f, values[f.id]))
    .filter((f) => !sections || sections.includes(sectionOfField(f)))
    .map((f) => f.id);
}

/** null when the move is allowed, else the message to refuse it with. */
export function transitionError(input: TransitionInput): string | null {
  const { from, to, template, values, documentIds, isClinician } = input;
  if (from === to) return null;
  if (!stepOf(from).next.includes(to))
    return `Cannot move from ${cardStatusLabels[from]} to ${cardStatusLabels[to]}`;
  if (to === 'in-progress' && missingRequired(template, values, startWorkSections).length) {
    return workflowMessages.startRequirements;
  }
  if (to === 'pending-review') {
    if (missingRequired(template, values).length) return workflowMessages.reviewFields;
    const missingDocs = (template?.requiredDocuments ?? []).filter(
      (d) => d.required && !documentIds.includes(d.id),
    );
    if (missingDocs.length) {
      return `${workflowMessages.reviewDocuments}: ${missingDocs.map((d) => d.name).join(', ')}`;
    }
  }
  if (needsClinician(to) && !isClinician) return workflowMessages.clinician;
  return null;
}

/** Whether a card's fields may be changed in this status (draft and in-progress only). */
export function isStatusEditable(status: CardStatus): boolean {
  return stepOf(status).isEditable;
}

/**
 * The status after the form's Save (spec work section 4 "Card save status"): in-progress while
 * completion is below 100, pending-review at 100, when the workflow allows that move; else unchanged.
 * At 100 a move to pending-review the workflow refuses (from a draft, or without a clinician or the
 * required documents) falls back to in-progress when that is allowed.
 */
export function statusAfterSubmit(input: Omit<TransitionInput, 'to'> & { completion: number }): CardStatus {
  const { completion, ...rest } = input;
  const allowed = (to: CardStatus) => transitionError({ ...rest, to }) === null;
  if (completion >= 100 && allowed('pending-review')) return 'pending-review';
  if (allowed('in-progress')) return 'in-progress';
  return input.from;
}
