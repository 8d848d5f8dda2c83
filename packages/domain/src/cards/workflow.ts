import type { FieldValues, FormTemplate } from '../templates/schemas';
import type { CardStatus } from './schemas';

/** CONTRACT: the workflow table of spec work section 4. */
export interface WorkflowStep {
  status: CardStatus;
  next: readonly CardStatus[];
  isEditable: boolean;
}
export const workflowSteps: readonly WorkflowStep[] = [];

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

/** null when the move is allowed, else the message to refuse it with. */
export function transitionError(_input: TransitionInput): string | null {
  throw new Error('not implemented');
}

/** Whether a card's fields may be changed in this status (draft and in-progress only). */
export function isStatusEditable(_status: CardStatus): boolean {
  throw new Error('not implemented');
}

/**
 * The status after the form's Save (spec work section 4 "Card save status"): in-progress while
 * completion is below 100, pending-review at 100, when the workflow allows that move; else unchanged.
 */
export function statusAfterSubmit(_input: Omit<TransitionInput, 'to'> & { completion: number }): CardStatus {
  throw new Error('not implemented');
}
