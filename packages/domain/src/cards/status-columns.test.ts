import { describe, expect, it } from 'vitest';
import { defaultWorkflowStates, type WorkflowState } from '../teams/workflow';
import {
  columnForStatus,
  columnMoveError,
  columnStatus,
  columnsForStatus,
  isClinicianOnTeam,
  ndisStatusOf,
  stateOfStatus,
  statusForColumn,
} from './status-columns';

const withReview: WorkflowState[] = [
  { id: 'todo', name: 'To Do', color: '#64748b', order: 1, isEditable: true },
  { id: 'doing', name: 'Doing', color: '#3b82f6', order: 2, isEditable: true },
  { id: 'waiting', name: 'Waiting on Others', color: '#3b82f6', order: 3, isEditable: true },
  { id: 'review', name: 'In Review', color: '#f59e0b', order: 4, isEditable: true },
  { id: 'done', name: 'Done', color: '#10b981', order: 5, isEditable: false },
];
const ids = (states: WorkflowState[]) => states.map((s) => s.id);

describe('columnStatus', () => {
  it('reads the default To Do / In Progress / Done as draft / in-progress / approved', () => {
    expect(defaultWorkflowStates.map((s) => columnStatus(defaultWorkflowStates, s.id))).toEqual([
      'draft',
      'in-progress',
      'approved',
    ]);
  });
  it('makes every named column after the first an in-progress one, whatever its name', () => {
    expect(withReview.map((s) => columnStatus(withReview, s.id))).toEqual([
      'draft',
      'in-progress',
      'in-progress',
      'in-progress',
      'approved',
    ]);
    expect(columnStatus(withReview, 'gone')).toBeNull();
  });
});

describe('columnsForStatus and columnForStatus', () => {
  it('puts pending-review and archived cards with the nearest earlier stage when the team has no column for them', () => {
    expect(ids(columnsForStatus(defaultWorkflowStates, 'pending-review'))).toEqual(['in-progress']);
    expect(ids(columnsForStatus(defaultWorkflowStates, 'archived'))).toEqual(['done']);
    expect(ids(columnsForStatus(withReview, 'in-progress'))).toEqual(['doing', 'waiting', 'review']);
    expect(ids(columnsForStatus(withReview, 'pending-review'))).toEqual(['doing', 'waiting', 'review']);
  });
  it('keeps a card in its column when it fits, else the first that does', () => {
    expect(columnForStatus(withReview, 'in-progress', 'waiting')).toBe('waiting');
    expect(columnForStatus(withReview, 'in-progress', 'todo')).toBe('doing');
    expect(columnForStatus(defaultWorkflowStates, 'approved', 'todo')).toBe('done');
    expect(columnForStatus(defaultWorkflowStates, 'draft', null)).toBe('todo');
  });
});

describe('statusForColumn and columnMoveError', () => {
  const base = { template: null, values: {}, documentIds: [], isClinician: true };
  it('keeps the status within a stage and takes the column’s status across stages', () => {
    expect(statusForColumn(withReview, 'in-progress', 'waiting')).toBe('in-progress');
    expect(statusForColumn(withReview, 'pending-review', 'review')).toBe('pending-review');
    expect(statusForColumn(defaultWorkflowStates, 'pending-review', 'in-progress')).toBe('pending-review');
    expect(statusForColumn(defaultWorkflowStates, 'pending-review', 'done')).toBe('approved');
    expect(statusForColumn(defaultWorkflowStates, 'draft', 'in-progress')).toBe('in-progress');
  });
  it('refuses what the workflow refuses', () => {
    expect(columnMoveError(defaultWorkflowStates, 'done', { ...base, from: 'draft' })).toBe(
      'Cannot move from Draft to Approved',
    );
    expect(columnMoveError(defaultWorkflowStates, 'done', { ...base, from: 'pending-review' })).toBeNull();
    expect(
      columnMoveError(defaultWorkflowStates, 'done', { ...base, from: 'pending-review', isClinician: false }),
    ).toBe('A clinician must approve this step');
  });
});

describe('derived fields', () => {
  it('derive State and NDIS Status from the status', () => {
    expect(
      (['draft', 'in-progress', 'pending-review', 'approved', 'archived'] as const).map((s) => [
        stateOfStatus(s),
        ndisStatusOf(s),
      ]),
    ).toEqual([
      ['todo', 'draft'],
      ['doing', 'draft'],
      ['review', 'in-review'],
      ['done', 'approved'],
      ['done', 'approved'],
    ]);
  });
  it('counts Practitioners, Therapists and approve:plans roles as clinicians, not team leads', () => {
    expect(isClinicianOnTeam('team-admin', 'Team Lead')).toBe(false);
    expect(isClinicianOnTeam('team-member', 'Practitioner')).toBe(true);
    expect(isClinicianOnTeam('tenant-admin', null)).toBe(true);
    expect(isClinicianOnTeam(null, 'Practitioner')).toBe(false);
  });
});
