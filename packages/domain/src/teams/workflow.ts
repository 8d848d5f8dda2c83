import { z } from 'zod';

export const WorkflowStateSchema = z.object({
  id: z.string().min(1).max(40),
  name: z.string().min(1).max(60),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  order: z.number().int().min(0),
  isEditable: z.boolean(),
});
export type WorkflowState = z.infer<typeof WorkflowStateSchema>;

/** A new team's workflow (spec shell section 4): order 3 is left unused, and done cannot be edited. */
export const defaultWorkflowStates: readonly WorkflowState[] = [
  { id: 'todo', name: 'To Do', color: '#64748b', order: 1, isEditable: true },
  { id: 'in-progress', name: 'In Progress', color: '#3b82f6', order: 2, isEditable: true },
  { id: 'done', name: 'Done', color: '#10b981', order: 4, isEditable: false },
];

export const maxWorkflowStates = 12;

/**
 * `PUT /api/teams/{id}/workflow-states` (team admins): the team's whole list of columns, in order.
 * `version` is the team's version the edit started from (409 when stale).
 */
export const UpdateWorkflowStatesSchema = z
  .object({
    version: z.number().int().positive(),
    states: z
      .array(
        z.object({
          id: z
            .string()
            .min(1)
            .max(40)
            .regex(/^[a-z0-9-]+$/, 'A state id is lower-case letters, digits and hyphens'),
          name: z.string().trim().min(1, 'Please enter a state name').max(60),
          color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is #rrggbb'),
        }),
      )
      .min(1)
      .max(maxWorkflowStates, `A team can have at most ${maxWorkflowStates} states`),
  })
  .strict();
export type UpdateWorkflowStates = z.infer<typeof UpdateWorkflowStatesSchema>;

/** Why a workflow edit is refused; `index` is the state at fault (in the edit's list) when there is one. */
export interface WorkflowEditRefusal {
  ok: false;
  message: string;
  index?: number;
  field?: 'name' | 'color';
}

/** A state name as two names are compared: trimmed, case ignored ('To Do' and ' to do' are one). */
function nameKey(name: string): string {
  return name.trim().toLocaleLowerCase('en-AU');
}

/**
 * The rules of a workflow edit, shared by the editor and the server: ids unique, names unique
 * (trimmed, case ignored; Done's included), and every state that is not editable (done) kept exactly
 * as it was, last. Returns the new list with orders renumbered (editable ones 1, 2, …; a
 * non-editable state keeps its order, or takes the next free one), or the message that refuses it.
 */
export function applyWorkflowEdit(
  previous: readonly WorkflowState[],
  next: UpdateWorkflowStates['states'],
): { ok: true; states: WorkflowState[] } | WorkflowEditRefusal {
  const ids = new Set<string>();
  for (const [index, s] of next.entries()) {
    if (ids.has(s.id)) return { ok: false, message: `The state id "${s.id}" is used twice`, index };
    ids.add(s.id);
  }
  const locked = previous.filter((s) => !s.isEditable);
  const isLocked = (id: string) => locked.some((l) => l.id === id);
  /** A state this edit adds, or whose name it changes. */
  const isRenamed = (index: number) => {
    const state = next[index]!;
    const before = previous.find((p) => p.id === state.id);
    return !before || nameKey(before.name) !== nameKey(state.name);
  };
  const firstWithName = new Map<string, number>();
  for (const [index, s] of next.entries()) {
    const key = nameKey(s.name);
    const first = firstWithName.get(key);
    if (first !== undefined) {
      // The one to fix is the one this edit named so: a new 'Done' beside the locked Done, not Done
      // itself; 'To Do' renamed to 'In Progress', not the In Progress that was there already.
      const at =
        isLocked(s.id) || (!isLocked(next[first]!.id) && isRenamed(first) && !isRenamed(index))
          ? first
          : index;
      const name = next[at]?.name.trim() ?? s.name.trim();
      return { ok: false, message: `The state name "${name}" is used twice`, index: at, field: 'name' };
    }
    firstWithName.set(key, index);
  }
  for (const l of locked) {
    const kept = next.find((s) => s.id === l.id);
    if (!kept || kept.name !== l.name || kept.color.toLowerCase() !== l.color.toLowerCase())
      return { ok: false, message: `The "${l.name}" state cannot be changed or removed` };
  }
  const editable = next.filter((s) => !isLocked(s.id));
  if (editable.length === 0) return { ok: false, message: 'A team needs at least one state besides Done' };
  const states: WorkflowState[] = editable.map((s, i) => ({ ...s, order: i + 1, isEditable: true }));
  let lastOrder = states.length;
  for (const l of locked) {
    const order = Math.max(l.order, lastOrder + 1);
    states.push({ ...l, order });
    lastOrder = order;
  }
  return { ok: true, states };
}

/**
 * Whether two workflows are the same columns: the same ids, names, colours (case ignored), order
 * and editability. A save that changes nothing is answered without a new version or audit entry.
 */
export function sameWorkflow(a: readonly WorkflowState[], b: readonly WorkflowState[]): boolean {
  if (a.length !== b.length) return false;
  const byOrder = (list: readonly WorkflowState[]) => [...list].sort((x, y) => x.order - y.order);
  const [left, right] = [byOrder(a), byOrder(b)];
  return left.every((s, i) => {
    const t = right[i];
    return (
      !!t &&
      s.id === t.id &&
      s.name === t.name &&
      s.color.toLowerCase() === t.color.toLowerCase() &&
      s.order === t.order &&
      s.isEditable === t.isEditable
    );
  });
}
