import type { WorkItem } from '@wattle/domain/cards/schemas';
import { defaultWorkflowStates } from '@wattle/domain/teams/workflow';
import { describe, expect, it } from 'vitest';
import { groupIntoColumns, isOverdue, locate, planMove } from './board-columns';

let sequence = 0;
function item(overrides: Partial<WorkItem>): WorkItem {
  sequence += 1;
  return {
    id: `00000000-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
    teamId: '00000000-0000-7000-8000-00000000aaaa',
    workItemId: `SUN-${String(sequence).padStart(5, '0')}`,
    type: 'task',
    templateName: null,
    title: `Card ${sequence}`,
    participantId: null,
    assigneeId: null,
    assigneeName: null,
    status: 'draft',
    state: 'todo',
    workflowStateId: 'todo',
    boardPosition: 1024,
    priority: 'medium',
    startDate: null,
    dueDate: null,
    tags: [],
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    isCompliant: true,
    completion: 100,
    ...overrides,
  } as WorkItem;
}

describe('groupIntoColumns', () => {
  it('makes one column per state in order, cards by position, stray cards in the first', () => {
    const states = [...defaultWorkflowStates].reverse();
    const a = item({ workflowStateId: 'todo', boardPosition: 2048 });
    const b = item({ workflowStateId: 'todo', boardPosition: 1024 });
    const c = item({ workflowStateId: 'done', boardPosition: 1 });
    const stray = item({ workflowStateId: 'removed-state', boardPosition: 3000 });
    const none = item({ workflowStateId: null, boardPosition: 500 });
    const columns = groupIntoColumns(states, [a, b, c, stray, none]);
    expect(columns.map((column) => column.state.id)).toEqual(['todo', 'in-progress', 'done']);
    expect(columns[0]?.items.map((card) => card.id)).toEqual([none.id, b.id, a.id, stray.id]);
    expect(columns[1]?.items).toEqual([]);
    expect(columns[2]?.items.map((card) => card.id)).toEqual([c.id]);
  });

  it('orders equal positions by work item number', () => {
    const first = item({ boardPosition: 10 });
    const second = item({ boardPosition: 10 });
    const [column] = groupIntoColumns(defaultWorkflowStates, [second, first]);
    expect(column?.items.map((card) => card.id)).toEqual([first.id, second.id]);
  });
});

describe('planMove', () => {
  const todo1 = item({ workflowStateId: 'todo', boardPosition: 1024 });
  const todo2 = item({ workflowStateId: 'todo', boardPosition: 2048 });
  const todo3 = item({ workflowStateId: 'todo', boardPosition: 3072 });
  const doing1 = item({ workflowStateId: 'in-progress', boardPosition: 1024 });
  const columns = groupIntoColumns(defaultWorkflowStates, [todo1, todo2, todo3, doing1]);

  it('moves down within a column between the new neighbours', () => {
    expect(planMove(columns, todo1.id, 0, 1)).toEqual({
      item: todo1,
      changes: { workflowStateId: 'todo', boardPosition: (2048 + 3072) / 2 },
      place: { aboveId: todo2.id, belowId: todo3.id },
    });
  });

  it('moves to the top and to the end of a column', () => {
    expect(planMove(columns, todo3.id, 0, 0)?.changes.boardPosition).toBe(0);
    expect(planMove(columns, todo3.id, 0, 0)?.place).toEqual({ aboveId: null, belowId: todo1.id });
    expect(planMove(columns, todo1.id, 0, 99)?.changes.boardPosition).toBe(3072 + 1024);
    expect(planMove(columns, todo1.id, 0, 99)?.place).toEqual({ aboveId: todo3.id, belowId: null });
  });

  it('moves to another column, into an empty one too', () => {
    expect(planMove(columns, todo2.id, 1, 0)?.changes).toEqual({
      workflowStateId: 'in-progress',
      boardPosition: 0,
    });
    expect(planMove(columns, todo2.id, 1, 1)?.changes).toEqual({
      workflowStateId: 'in-progress',
      boardPosition: 2048,
    });
    expect(planMove(columns, todo2.id, 1, 1)?.place).toEqual({ aboveId: doing1.id, belowId: null });
    expect(planMove(columns, todo2.id, 2, 0)?.changes).toEqual({
      workflowStateId: 'done',
      boardPosition: 1024,
    });
    expect(planMove(columns, todo2.id, 2, 0)?.place).toEqual({ aboveId: null, belowId: null });
  });

  it('writes nothing for a drop where the card already is', () => {
    expect(planMove(columns, todo2.id, 0, 1)).toBeNull();
    expect(planMove(columns, 'no-such-card', 0, 0)).toBeNull();
    expect(planMove(columns, todo2.id, 7, 0)).toBeNull();
  });

  it('writes the state of a card that showed in the first column because its own was removed', () => {
    const stray = item({ workflowStateId: 'gone', boardPosition: 5000 });
    const withStray = groupIntoColumns(defaultWorkflowStates, [todo1, stray]);
    expect(locate(withStray, stray.id)).toEqual({ column: 0, index: 1 });
    expect(planMove(withStray, stray.id, 0, 1)?.changes).toEqual({
      workflowStateId: 'todo',
      boardPosition: 2048,
    });
  });
});

describe('overdue', () => {
  const [todo, , done] = defaultWorkflowStates;

  it('is due before today, outside Done', () => {
    expect(isOverdue({ dueDate: '2026-03-01' }, '2026-03-02', todo!)).toBe(true);
    expect(isOverdue({ dueDate: '2026-03-02' }, '2026-03-02', todo!)).toBe(false);
    expect(isOverdue({ dueDate: null }, '2026-03-02', todo!)).toBe(false);
    expect(isOverdue({ dueDate: '2026-03-01' }, '2026-03-02', done!)).toBe(false);
  });
});
