import { defaultWorkflowStates, maxWorkflowStates } from '@wattle/domain/teams/workflow';
import { describe, expect, it } from 'vitest';
import {
  addDraftState,
  checkWorkflowEdit,
  draftFrom,
  moveDraftState,
  workflowPayload,
} from './workflow-draft';

describe('the workflow editor draft', () => {
  it('starts from the states in board order', () => {
    const draft = draftFrom([...defaultWorkflowStates].reverse());
    expect(draft.map((state) => state.id)).toEqual(['todo', 'in-progress', 'done']);
    expect(draft.map((state) => state.isEditable)).toEqual([true, true, false]);
  });

  it('adds a state before Done with an unused colour, and reorders only editable states', () => {
    let draft = addDraftState(draftFrom(defaultWorkflowStates), 'new-1');
    expect(draft.map((state) => state.key)).toEqual(['todo', 'in-progress', 'new-1', 'done']);
    expect(['#64748b', '#3b82f6']).not.toContain(draft[2]?.color);
    draft = moveDraftState(draft, 'new-1', -1);
    expect(draft.map((state) => state.key)).toEqual(['todo', 'new-1', 'in-progress', 'done']);
    // Done stays last: nothing moves past it.
    expect(moveDraftState(draft, 'in-progress', 1).map((state) => state.key)).toEqual(
      draft.map((s) => s.key),
    );
    expect(moveDraftState(draft, 'done', -1).map((state) => state.key)).toEqual(draft.map((s) => s.key));
  });

  it('keeps saved ids and makes unique ones for new states from their names', () => {
    const draft = addDraftState(addDraftState(draftFrom(defaultWorkflowStates), 'a'), 'b');
    const named = draft.map((state) =>
      state.id === null ? { ...state, name: state.key === 'a' ? '  Waiting on Others ' : 'To Do' } : state,
    );
    expect(workflowPayload(3, named)).toEqual({
      version: 3,
      states: [
        { id: 'todo', name: 'To Do', color: '#64748b' },
        { id: 'in-progress', name: 'In Progress', color: '#3b82f6' },
        { id: 'waiting-on-others', name: 'Waiting on Others', color: expect.any(String) },
        { id: 'to-do', name: 'To Do', color: expect.any(String) },
        { id: 'done', name: 'Done', color: '#10b981' },
      ],
    });
    const clash = addDraftState(draftFrom(defaultWorkflowStates), 'c').map((state) =>
      state.id === null ? { ...state, name: 'Todo' } : state,
    );
    expect(workflowPayload(1, clash).states[2]?.id).toBe('todo-2');
  });

  it('refuses with the same messages as the server', () => {
    const draft = draftFrom(defaultWorkflowStates);
    const blank = draft.map((state) => (state.id === 'todo' ? { ...state, name: '  ' } : state));
    expect(checkWorkflowEdit(defaultWorkflowStates, 1, blank)).toEqual({
      ok: false,
      message: 'Please enter a state name',
      key: 'todo',
      field: 'name',
    });
    const badColour = draft.map((state) => (state.id === 'todo' ? { ...state, color: 'blue' } : state));
    expect(checkWorkflowEdit(defaultWorkflowStates, 1, badColour)).toEqual({
      ok: false,
      message: 'A colour is #rrggbb',
      key: 'todo',
      field: 'color',
    });
    const onlyDone = draft.filter((state) => !state.isEditable);
    expect(checkWorkflowEdit(defaultWorkflowStates, 1, onlyDone)).toEqual({
      ok: false,
      message: 'A team needs at least one state besides Done',
    });
    let many = draft;
    for (let i = 0; i < maxWorkflowStates; i += 1)
      many = addDraftState(many, `k${i}`).map((s) => ({ ...s, name: s.name || `S${s.key}` }));
    expect(checkWorkflowEdit(defaultWorkflowStates, 1, many)).toEqual({
      ok: false,
      message: `A team can have at most ${maxWorkflowStates} states`,
    });
  });

  it('accepts a rename and an added state', () => {
    const draft = addDraftState(draftFrom(defaultWorkflowStates), 'n').map((state) =>
      state.id === 'todo'
        ? { ...state, name: 'Backlog' }
        : state.id === null
          ? { ...state, name: 'Review' }
          : state,
    );
    const result = checkWorkflowEdit(defaultWorkflowStates, 2, draft);
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.body.states.map((state) => state.id)).toEqual(['todo', 'in-progress', 'review', 'done']);
  });

  it('refuses a name used twice (trimmed, any case), on the input of the state to fix', () => {
    const draft = addDraftState(draftFrom(defaultWorkflowStates), 'new-1').map((state) =>
      state.id === null ? { ...state, name: ' to do ' } : state,
    );
    expect(checkWorkflowEdit(defaultWorkflowStates, 1, draft)).toEqual({
      ok: false,
      message: 'The state name "to do" is used twice',
      key: 'new-1',
      field: 'name',
    });
    const secondDone = addDraftState(draftFrom(defaultWorkflowStates), 'new-2').map((state) =>
      state.id === null ? { ...state, name: 'Done' } : state,
    );
    expect(checkWorkflowEdit(defaultWorkflowStates, 1, secondDone)).toMatchObject({
      ok: false,
      message: 'The state name "Done" is used twice',
      key: 'new-2',
    });
  });

  it('never gives a new state the id of one the team had when the editor opened', () => {
    // "In Progress" removed and a new "In Progress" added in the same edit: its cards must not stay.
    const draft = addDraftState(
      draftFrom(defaultWorkflowStates).filter((state) => state.id !== 'in-progress'),
      'new-1',
    ).map((state) => (state.id === null ? { ...state, name: 'In Progress' } : state));
    const result = checkWorkflowEdit(defaultWorkflowStates, 1, draft);
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.body.states.map((state) => state.id)).toEqual(['todo', 'in-progress-2', 'done']);
    expect(workflowPayload(1, draft).states.map((state) => state.id)).toEqual([
      'todo',
      'in-progress',
      'done',
    ]);
  });
});
