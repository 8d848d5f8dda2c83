import type { Card, CardStatus } from '@wattle/domain/cards/schemas';
import { columnMoveError, statusForColumn } from '@wattle/domain/cards/status-columns';
import { transitionError } from '@wattle/domain/cards/workflow';
import type { WorkflowState } from '@wattle/domain/teams/workflow';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { type WorkflowMove, workflowMoves } from './use-card-view-format';

/**
 * What the card page offers (issue 18 item 4): each workflow move and board column with the reason the
 * server would refuse it, from the same rules in packages/domain (`transitionError`, the column
 * mapping of decision 0037). Nothing here decides on its own; the server checks every move again.
 */

export interface MoveContext {
  view: Pick<Card, 'status' | 'fieldValues' | 'completedRequirements'>;
  /** undefined while the template loads: the server is left to judge the required fields. */
  template: FormTemplate | null | undefined;
  isClinician: boolean;
}

export interface AvailableMove extends WorkflowMove {
  /** Why the server would refuse this move now, or null when it would make it. */
  refusal: string | null;
}

function transitionInput(context: MoveContext) {
  return {
    from: context.view.status,
    template: context.template ?? null,
    values: context.view.fieldValues,
    documentIds: context.view.completedRequirements.documents,
    isClinician: context.isClinician,
  };
}

/** The workflow's moves from the card's status, each with its refusal (null: allowed). */
export function availableMoves(context: MoveContext): AvailableMove[] {
  return workflowMoves(context.view.status).map((move) => ({
    ...move,
    refusal: transitionError({ ...transitionInput(context), to: move.to }),
  }));
}

export interface ColumnChoice {
  state: WorkflowState;
  /** The status the card would take there. */
  status: CardStatus;
  refusal: string | null;
}

/** The team's columns in board order, each with the status a move there means and its refusal. */
export function columnChoices(states: readonly WorkflowState[], context: MoveContext): ColumnChoice[] {
  return [...states]
    .sort((a, b) => a.order - b.order)
    .map((state) => ({
      state,
      status: statusForColumn(states, context.view.status, state.id),
      refusal: columnMoveError(states, state.id, transitionInput(context)),
    }));
}
