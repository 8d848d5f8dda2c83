import {
  applyWorkflowEdit,
  type UpdateWorkflowStates,
  UpdateWorkflowStatesSchema,
  type WorkflowState,
} from '@wattle/domain/teams/workflow';
import { boardStates } from './board-columns';

/**
 * The workflow editor's working copy and the checks it runs before sending: the same schema and
 * rules the server applies (UpdateWorkflowStatesSchema, applyWorkflowEdit), so a refusal shows its
 * message in the dialog instead of after a round trip.
 */

export interface DraftState {
  /** The saved id, or null for a state added in this edit (its id is made from its name on save). */
  id: string | null;
  /** Stable while editing, for React keys and labels. */
  key: string;
  name: string;
  color: string;
  isEditable: boolean;
}

/** Colours offered as swatches; any #rrggbb can be typed too. */
export const presetColors = [
  '#64748b',
  '#3b82f6',
  '#8b5cf6',
  '#ec4899',
  '#ef4444',
  '#f59e0b',
  '#14b8a6',
  '#10b981',
] as const;

export function draftFrom(states: readonly WorkflowState[]): DraftState[] {
  return boardStates(states).map((state) => ({
    id: state.id,
    key: state.id,
    name: state.name,
    color: state.color,
    isEditable: state.isEditable,
  }));
}

/** Swaps an editable state with its editable neighbour (-1 up, +1 down); locked states stay put. */
export function moveDraftState(draft: readonly DraftState[], key: string, direction: -1 | 1): DraftState[] {
  const index = draft.findIndex((state) => state.key === key);
  const other = index + direction;
  const a = draft[index];
  const b = draft[other];
  if (!a || !b || !a.isEditable || !b.isEditable) return [...draft];
  const next = [...draft];
  next[index] = b;
  next[other] = a;
  return next;
}

/** A new state goes after the last editable one (before Done). */
export function addDraftState(draft: readonly DraftState[], key: string): DraftState[] {
  const used = new Set(draft.map((state) => state.color.toLowerCase()));
  const color = presetColors.find((candidate) => !used.has(candidate)) ?? presetColors[0];
  const state: DraftState = { id: null, key, name: '', color, isEditable: true };
  const lastEditable = draft.findLastIndex((candidate) => candidate.isEditable);
  const next = [...draft];
  next.splice(lastEditable + 1, 0, state);
  return next;
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32)
      .replace(/-+$/, '') || 'state'
  );
}

/**
 * The PUT body: saved states keep their ids (cards refer to them); new ones get one from their name.
 * A new id never repeats one in `reserved` (the ids the team had when the editor opened): deleting
 * "In Progress" and adding a new "In Progress" in one edit makes a new column: the old one's cards
 * go where the editor says, to the first column of their stage (decision 0037), not by their old id.
 */
export function workflowPayload(
  version: number,
  draft: readonly DraftState[],
  reserved: Iterable<string> = [],
): UpdateWorkflowStates {
  const taken = new Set([...reserved, ...draft.flatMap((state) => (state.id ? [state.id] : []))]);
  const states = draft.map((state) => {
    let id = state.id;
    if (!id) {
      const base = slug(state.name);
      id = base;
      for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
      taken.add(id);
    }
    return { id, name: state.name.trim(), color: state.color };
  });
  return { version, states };
}

/** A refused edit: the message, and the draft state (by key) and field it belongs to when there is one. */
export interface WorkflowRefusal {
  ok: false;
  message: string;
  /** The state whose input the message belongs to. */
  key?: string;
  field?: 'name' | 'color';
}

/**
 * The edit as the server would take it, or the message that refuses it (the first one). `previous`
 * and `version` are the workflow the editor opened on, never a newer one: an edit is always sent
 * with the version it started from, so someone else's save in between answers 409.
 */
export function checkWorkflowEdit(
  previous: readonly WorkflowState[],
  version: number,
  draft: readonly DraftState[],
): { ok: true; body: UpdateWorkflowStates } | WorkflowRefusal {
  const body = workflowPayload(
    version,
    draft,
    previous.map((state) => state.id),
  );
  const parsed = UpdateWorkflowStatesSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const [where, index, field] = issue?.path ?? [];
    const key = where === 'states' && typeof index === 'number' ? draft[index]?.key : undefined;
    return {
      ok: false,
      message: issue?.message ?? 'The workflow is not valid',
      ...(key && (field === 'name' || field === 'color') ? { key, field } : {}),
    };
  }
  const applied = applyWorkflowEdit(previous, parsed.data.states);
  if (!applied.ok) {
    const key = applied.index === undefined ? undefined : draft[applied.index]?.key;
    return {
      ok: false,
      message: applied.message,
      ...(key && applied.field ? { key, field: applied.field } : {}),
    };
  }
  return { ok: true, body: parsed.data };
}
