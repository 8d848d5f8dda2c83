import { describe, expect, it } from 'vitest';
import { type WorkItem, WorkItemSchema } from './schemas';
import { isWorkItem } from './work-item-guard';

const item: WorkItem = {
  id: '00000000-0000-4000-8000-000000000001',
  teamId: '00000000-0000-4000-8000-00000000aaaa',
  workItemId: 'SUN-00001',
  type: 'bsp',
  templateName: 'Comprehensive Behaviour Support Plan',
  title: 'Plan for Alex',
  participantId: 'p-1',
  assigneeId: '00000000-0000-4000-8000-00000000bbbb',
  assigneeName: 'Priya',
  status: 'in-progress',
  state: 'doing',
  workflowStateId: 'doing',
  boardPosition: 1024.5,
  priority: 'high',
  startDate: '2026-11-01',
  dueDate: null,
  tags: ['urgent'],
  version: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
  isCompliant: false,
  completion: 40,
};

describe('isWorkItem', () => {
  it("agrees with WorkItemSchema on an item and on each field's wrong kinds", () => {
    const variants: unknown[] = [
      item,
      { ...item, templateName: null, participantId: null, assigneeId: null, assigneeName: null },
      { ...item, workflowStateId: null, startDate: null, tags: [] },
      null,
      'SUN-00001',
      [item],
      { id: 'x', title: 'old shape' },
    ];
    const wrong: Record<keyof WorkItem, unknown[]> = {
      id: [undefined, 1, null],
      teamId: [undefined, null],
      workItemId: ['sun-1', 'SUN-1', 42],
      type: ['story', undefined],
      templateName: [undefined, 3],
      title: [undefined, null],
      participantId: [undefined, 7],
      assigneeId: [undefined, false],
      assigneeName: [undefined, 1],
      status: ['done', undefined],
      state: ['in-progress', undefined],
      workflowStateId: [undefined, 2],
      boardPosition: ['1', undefined, Number.NaN, Number.POSITIVE_INFINITY],
      priority: ['urgent', undefined],
      startDate: [undefined, 20261101],
      dueDate: [undefined, 1],
      tags: ['a', [1], undefined],
      version: [0, 1.5, '1', undefined],
      createdAt: [undefined, 1],
      updatedAt: [undefined, null],
      isCompliant: ['true', undefined],
      completion: [-1, 101, 2.5, '40', undefined],
    };
    for (const [key, values] of Object.entries(wrong)) {
      for (const value of values) variants.push({ ...item, [key]: value });
    }
    for (const variant of variants) {
      expect({ variant, guard: isWorkItem(variant) }).toEqual({
        variant,
        guard: WorkItemSchema.safeParse(variant).success,
      });
    }
  });
});
