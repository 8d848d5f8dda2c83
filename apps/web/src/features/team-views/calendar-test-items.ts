import type { WorkItem } from '@wattle/domain/cards/schemas';

/** A work item for the team views' unit tests: sensible defaults, the fields a test cares about given. */
export function testWorkItem(overrides: Partial<WorkItem> & Pick<WorkItem, 'workItemId'>): WorkItem {
  const number = Number(overrides.workItemId.slice(4));
  return {
    id: `00000000-0000-4000-8000-${String(number).padStart(12, '0')}`,
    teamId: '00000000-0000-4000-8000-00000000aaaa',
    type: 'task',
    templateName: null,
    title: `Card ${number}`,
    participantId: null,
    assigneeId: null,
    assigneeName: null,
    status: 'draft',
    state: 'todo',
    workflowStateId: 'todo',
    boardPosition: number * 1024,
    priority: 'medium',
    startDate: null,
    dueDate: null,
    tags: [],
    version: 1,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    isCompliant: false,
    completion: 0,
    ...overrides,
  };
}
