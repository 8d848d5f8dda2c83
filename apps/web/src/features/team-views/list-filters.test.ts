import { defaultWorkflowStates } from '@wattle/domain/teams/workflow';
import { describe, expect, it } from 'vitest';
import { testWorkItem } from './calendar-test-items';
import {
  assigneesOf,
  compareText,
  compareWorkItemIds,
  doneStateIds,
  emptyListFilters,
  filterWorkItems,
  hasListFilters,
  isOverdue,
  noState,
  unassigned,
} from './list-filters';

const states = defaultWorkflowStates;
const today = '2026-11-22';
const ava = '11111111-1111-4111-8111-111111111111';
const ben = '22222222-2222-4222-8222-222222222222';

const items = [
  testWorkItem({
    workItemId: 'SUN-00001',
    title: 'Weekly shower routine',
    assigneeId: ava,
    assigneeName: 'Ava Nguyen',
    priority: 'high',
    dueDate: '2026-11-20',
  }),
  testWorkItem({
    workItemId: 'SUN-00002',
    title: 'Incident follow-up call',
    assigneeId: ben,
    assigneeName: 'Ben Ortiz',
    priority: 'low',
    dueDate: '2026-11-25',
    workflowStateId: 'in-progress',
  }),
  testWorkItem({
    workItemId: 'SUN-00003',
    title: 'Plan review',
    priority: 'medium',
    dueDate: '2026-11-01',
    workflowStateId: 'done',
  }),
  testWorkItem({
    workItemId: 'SUN-00004',
    title: 'Shower chair quote',
    priority: 'high',
    workflowStateId: 'retired-column',
  }),
];
const ids = (list: { workItemId: string }[]) => list.map((i) => i.workItemId);
const run = (changes: Partial<typeof emptyListFilters>) =>
  ids(filterWorkItems(items, { ...emptyListFilters, ...changes }, { today, states }));

describe('list filters', () => {
  it('lets everything through with no filters, in the order given', () => {
    expect(run({})).toEqual(['SUN-00001', 'SUN-00002', 'SUN-00003', 'SUN-00004']);
    expect(hasListFilters(emptyListFilters)).toBe(false);
    expect(hasListFilters({ ...emptyListFilters, text: '  ' })).toBe(false);
    expect(hasListFilters({ ...emptyListFilters, overdueOnly: true })).toBe(true);
  });

  it('matches every word of the text in the title, work item id or assignee, ignoring case', () => {
    expect(run({ text: 'shower' })).toEqual(['SUN-00001', 'SUN-00004']);
    expect(run({ text: 'SHOWER ava' })).toEqual(['SUN-00001']);
    expect(run({ text: 'sun-00002' })).toEqual(['SUN-00002']);
    expect(run({ text: 'ortiz follow' })).toEqual(['SUN-00002']);
    expect(run({ text: 'shower nobody' })).toEqual([]);
  });

  it('filters by state, including cards in no known column', () => {
    expect(run({ stateId: 'in-progress' })).toEqual(['SUN-00002']);
    expect(run({ stateId: 'todo' })).toEqual(['SUN-00001']);
    expect(run({ stateId: noState })).toEqual(['SUN-00004']);
  });

  it('filters by priority and by assignee (or the unassigned)', () => {
    expect(run({ priority: 'high' })).toEqual(['SUN-00001', 'SUN-00004']);
    expect(run({ assigneeId: ben })).toEqual(['SUN-00002']);
    expect(run({ assigneeId: unassigned })).toEqual(['SUN-00003', 'SUN-00004']);
    expect(run({ priority: 'high', assigneeId: unassigned })).toEqual(['SUN-00004']);
  });

  it('counts as overdue only unfinished cards due before today', () => {
    const done = doneStateIds(states);
    expect([...done]).toEqual(['done']);
    expect(run({ overdueOnly: true })).toEqual(['SUN-00001']);
    expect(isOverdue(testWorkItem({ workItemId: 'SUN-00009', dueDate: today }), today, done)).toBe(false);
    // Finished by its compliance state, whatever column it is in.
    expect(
      isOverdue(testWorkItem({ workItemId: 'SUN-00010', dueDate: '2026-01-01', state: 'done' }), today, done),
    ).toBe(false);
  });

  it('lists the assignees by name once each', () => {
    expect(assigneesOf([...items, items[0] as (typeof items)[number]])).toEqual([
      { id: ava, name: 'Ava Nguyen' },
      { id: ben, name: 'Ben Ortiz' },
    ]);
  });
});

describe('list sorting comparators', () => {
  it('sorts text case-insensitively with numbers by value', () => {
    expect(['card 10', 'Card 9', 'apple'].sort(compareText)).toEqual(['apple', 'Card 9', 'card 10']);
  });

  it('sorts work item ids by number, however many digits', () => {
    expect(['SUN-100000', 'SUN-00099', 'SUN-00100'].sort(compareWorkItemIds)).toEqual([
      'SUN-00099',
      'SUN-00100',
      'SUN-100000',
    ]);
  });
});
