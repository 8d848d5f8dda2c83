import { byBoardPosition, positionAt } from '@wattle/domain/cards/board';
import type { BoardPlace, WorkItem } from '@wattle/domain/cards/schemas';
import type { WorkflowState } from '@wattle/domain/teams/workflow';
import type { WorkItemChanges } from './team-view-types';

/**
 * The board's pure rules: which column each card sits in, in which order, and what one move writes.
 * Kept free of React so they are tested directly and the board only renders.
 */

export interface BoardColumn {
  state: WorkflowState;
  items: WorkItem[];
}

/** A team's workflow states in board order (spec shell section 3: `order`). */
export function boardStates(states: readonly WorkflowState[]): WorkflowState[] {
  return [...states].sort((a, b) => a.order - b.order);
}

/**
 * One column per state, cards by position. A card whose state is missing or no longer on the team
 * (the state was removed in the workflow editor) shows in the first column, where a move fixes it.
 */
export function groupIntoColumns(
  states: readonly WorkflowState[],
  items: readonly WorkItem[],
): BoardColumn[] {
  const ordered = boardStates(states);
  const columns = new Map(ordered.map((state) => [state.id, [] as WorkItem[]]));
  const first = ordered[0]?.id;
  for (const item of items) {
    const own = item.workflowStateId ? columns.get(item.workflowStateId) : undefined;
    (own ?? (first === undefined ? undefined : columns.get(first)))?.push(item);
  }
  return ordered.map((state) => ({ state, items: (columns.get(state.id) ?? []).sort(byBoardPosition) }));
}

/** Where a card is on the board: its column and its index there. */
export function locate(
  columns: readonly BoardColumn[],
  itemId: string,
): { column: number; index: number } | null {
  for (const [column, { items }] of columns.entries()) {
    const index = items.findIndex((item) => item.id === itemId);
    if (index >= 0) return { column, index };
  }
  return null;
}

/**
 * The change that puts a card at `index` of column `toColumn` (the index among that column's cards
 * with the moved one left out), or null when it would not move. One card is written: its new
 * position lies between its new neighbours'. `changes` is what the board shows at once; `place`
 * names those neighbours, and is what is sent, so the server puts the card between them as they
 * are when the move arrives (a view that missed a renumbering of the column still lands it right).
 */
export function planMove(
  columns: readonly BoardColumn[],
  itemId: string,
  toColumn: number,
  toIndex: number,
): { item: WorkItem; changes: WorkItemChanges; place: BoardPlace } | null {
  const from = locate(columns, itemId);
  const target = columns[toColumn];
  if (!from || !target) return null;
  const item = columns[from.column]?.items[from.index];
  if (!item) return null;
  const others = target.items.filter((candidate) => candidate.id !== itemId);
  const index = Math.max(0, Math.min(toIndex, others.length));
  // Same column, same place, already in that state: nothing to write. A card shown in the first
  // column because its state is gone still gets written, so it really is in that state afterwards.
  if (from.column === toColumn && from.index === index && item.workflowStateId === target.state.id)
    return null;
  return {
    item,
    changes: {
      workflowStateId: target.state.id,
      boardPosition: positionAt(
        others.map((candidate) => candidate.boardPosition),
        index,
      ),
    },
    place: { aboveId: others[index - 1]?.id ?? null, belowId: others[index]?.id ?? null },
  };
}

/** Due before today and not yet in a finished (non-editable, Done) column. */
export function isOverdue(item: Pick<WorkItem, 'dueDate'>, today: string, column: WorkflowState): boolean {
  return item.dueDate !== null && item.dueDate < today && column.isEditable;
}
