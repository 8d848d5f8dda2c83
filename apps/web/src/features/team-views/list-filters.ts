import type { Priority, WorkItem } from '@wattle/domain/cards/schemas';
import type { WorkflowState } from '@wattle/domain/teams/workflow';
import type { DateOnly } from './calendar-dates';

/** What the list's filter bar holds. Empty strings mean "any". */
export interface ListFilters {
  /** Words matched in the title, the work item id and the assignee's name. */
  text: string;
  /** A workflow state id, `noState` for cards in no known column, or '' for any. */
  stateId: string;
  priority: Priority | '';
  /** A user id, `unassigned`, or '' for any. */
  assigneeId: string;
  overdueOnly: boolean;
}

export const emptyListFilters: ListFilters = {
  text: '',
  stateId: '',
  priority: '',
  assigneeId: '',
  overdueOnly: false,
};

export const unassigned = 'unassigned';
export const noState = 'none';

export function hasListFilters(filters: ListFilters): boolean {
  return (
    filters.text.trim() !== '' ||
    filters.stateId !== '' ||
    filters.priority !== '' ||
    filters.assigneeId !== '' ||
    filters.overdueOnly
  );
}

/**
 * The states a card is finished in: the team's non-editable state (Done, spec shell section 4).
 * A card whose compliance state is done counts too, whatever column it sits in.
 */
export function doneStateIds(states: readonly WorkflowState[]): ReadonlySet<string> {
  return new Set(states.filter((s) => !s.isEditable).map((s) => s.id));
}

export function isDone(
  item: Pick<WorkItem, 'state' | 'workflowStateId'>,
  done: ReadonlySet<string>,
): boolean {
  return item.state === 'done' || (item.workflowStateId !== null && done.has(item.workflowStateId));
}

/** Due before today and not finished. yyyy-mm-dd strings compare as dates. */
export function isOverdue(
  item: Pick<WorkItem, 'dueDate' | 'state' | 'workflowStateId'>,
  today: DateOnly,
  done: ReadonlySet<string>,
): boolean {
  return item.dueDate !== null && item.dueDate < today && !isDone(item, done);
}

/** The state a card is listed under: its column when the team has it, else none. */
export function stateOf(item: WorkItem, states: readonly WorkflowState[]): WorkflowState | undefined {
  return item.workflowStateId === null ? undefined : states.find((s) => s.id === item.workflowStateId);
}

function matchesText(item: WorkItem, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const haystack = `${item.workItemId} ${item.title} ${item.assigneeName ?? ''}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/**
 * The cards the filters let through, in the order given. Every space-separated word of the text
 * must appear (case-insensitive) in the id, title or assignee, as the search boxes match.
 */
export function filterWorkItems(
  items: readonly WorkItem[],
  filters: ListFilters,
  context: { today: DateOnly; states: readonly WorkflowState[] },
): WorkItem[] {
  const words = filters.text.toLowerCase().split(/\s+/).filter(Boolean);
  const known = new Set(context.states.map((s) => s.id));
  const done = doneStateIds(context.states);
  return items.filter((item) => {
    if (filters.stateId === noState) {
      if (item.workflowStateId !== null && known.has(item.workflowStateId)) return false;
    } else if (filters.stateId !== '' && item.workflowStateId !== filters.stateId) return false;
    if (filters.priority !== '' && item.priority !== filters.priority) return false;
    if (filters.assigneeId === unassigned) {
      if (item.assigneeId !== null) return false;
    } else if (filters.assigneeId !== '' && item.assigneeId !== filters.assigneeId) return false;
    if (filters.overdueOnly && !isOverdue(item, context.today, done)) return false;
    return matchesText(item, words);
  });
}

/** The people cards are assigned to, by name, for the assignee filter. */
export function assigneesOf(items: readonly WorkItem[]): { id: string; name: string }[] {
  const byId = new Map<string, string>();
  for (const item of items) {
    if (item.assigneeId && !byId.has(item.assigneeId))
      byId.set(item.assigneeId, item.assigneeName ?? 'Unknown');
  }
  return [...byId]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => compareText(a.name, b.name) || a.id.localeCompare(b.id));
}

const collator = new Intl.Collator('en-AU', { sensitivity: 'base', numeric: true });

/** Text as people sort it: case-insensitive, numbers by value ('Card 9' before 'Card 10'). */
export function compareText(a: string, b: string): number {
  return collator.compare(a, b);
}

/** Work item ids by prefix, then by number (SUN-00099 before SUN-100000). */
export function compareWorkItemIds(a: string, b: string): number {
  const [prefixA = '', numberA = '0'] = a.split('-');
  const [prefixB = '', numberB = '0'] = b.split('-');
  return prefixA.localeCompare(prefixB) || Number(numberA) - Number(numberB);
}

/** Low, Medium, High: ascending means least urgent first. */
export const priorityRank: Record<Priority, number> = { low: 0, medium: 1, high: 2 };
