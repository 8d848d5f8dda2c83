import { describe, expect, it } from 'vitest';
import { applyWorkflowEdit, defaultWorkflowStates, sameWorkflow } from './workflow';

const todo = { id: 'todo', name: 'To Do', color: '#64748b' };
const doing = { id: 'in-progress', name: 'In Progress', color: '#3b82f6' };
const done = { id: 'done', name: 'Done', color: '#10b981' };

describe('applyWorkflowEdit', () => {
  it('numbers the editable states again and keeps Done last with its order', () => {
    const result = applyWorkflowEdit(defaultWorkflowStates, [doing, todo, done]);
    expect(result).toEqual({
      ok: true,
      states: [
        { ...doing, order: 1, isEditable: true },
        { ...todo, order: 2, isEditable: true },
        { ...done, order: 4, isEditable: false },
      ],
    });
  });

  it('refuses a name used twice, trimmed and ignoring case, pointing at the state to fix', () => {
    expect(
      applyWorkflowEdit(defaultWorkflowStates, [
        todo,
        doing,
        { id: 'to-do', name: ' to do ', color: '#111111' },
        done,
      ]),
    ).toEqual({ ok: false, message: 'The state name "to do" is used twice', index: 2, field: 'name' });
  });

  it('points at the state renamed into a clash, not the one that had the name already', () => {
    expect(applyWorkflowEdit(defaultWorkflowStates, [{ ...todo, name: 'in progress' }, doing, done])).toEqual(
      { ok: false, message: 'The state name "in progress" is used twice', index: 0, field: 'name' },
    );
  });

  it('refuses a second Done, naming the editable one rather than the locked Done', () => {
    expect(
      applyWorkflowEdit(defaultWorkflowStates, [
        todo,
        { id: 'finished', name: 'DONE', color: '#111111' },
        done,
      ]),
    ).toEqual({ ok: false, message: 'The state name "DONE" is used twice', index: 1, field: 'name' });
  });

  it('still refuses a repeated id, and a changed or missing Done', () => {
    expect(applyWorkflowEdit(defaultWorkflowStates, [todo, { ...todo, name: 'Other' }, done])).toMatchObject({
      ok: false,
      message: 'The state id "todo" is used twice',
    });
    expect(applyWorkflowEdit(defaultWorkflowStates, [todo, { ...done, color: '#000000' }])).toMatchObject({
      ok: false,
      message: 'The "Done" state cannot be changed or removed',
    });
  });
});

describe('sameWorkflow', () => {
  it('is true for the same columns in any list order and colour case', () => {
    const applied = applyWorkflowEdit(defaultWorkflowStates, [todo, { ...doing, color: '#3B82F6' }, done]);
    expect(applied.ok && sameWorkflow(applied.states, [...defaultWorkflowStates].reverse())).toBe(true);
  });

  it('is false when a colour, name or order changed', () => {
    for (const states of [
      [todo, { ...doing, color: '#8b5cf6' }, done],
      [todo, { ...doing, name: 'Doing' }, done],
      [doing, todo, done],
    ]) {
      const applied = applyWorkflowEdit(defaultWorkflowStates, states);
      expect(applied.ok && sameWorkflow(applied.states, defaultWorkflowStates)).toBe(false);
    }
  });
});
