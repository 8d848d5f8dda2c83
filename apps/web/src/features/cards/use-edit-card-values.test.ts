import type { Card } from '@wattle/domain/cards/schemas';
import { describe, expect, it } from 'vitest';
import {
  changedKeys,
  createInputOf,
  EditCardValuesSchema,
  NewCardValuesSchema,
  newCardValues,
  patchOfChanges,
  patchSteps,
  statusChoices,
  valuesAfterSave,
  valuesOfCard,
} from './use-edit-card-values';

const teamId = '0190a000-0000-7000-8000-000000000002';
const userId = '0190a000-0000-7000-8000-000000000009';

const card = {
  id: '0190a000-0000-7000-8000-000000000101',
  teamId,
  title: 'Morning routine plan',
  description: 'Plain text',
  assigneeId: null,
  status: 'in-progress',
  priority: 'medium',
  dueDate: '2026-03-10',
  category: null,
  templateId: 'interim-bsp',
} as unknown as Card;

describe('valuesOfCard and changedKeys', () => {
  it('reads a card into the form, with empty strings for none', () => {
    expect(valuesOfCard(card)).toEqual({
      title: 'Morning routine plan',
      description: 'Plain text',
      assigneeId: '',
      status: 'in-progress',
      priority: 'medium',
      dueDate: '2026-03-10',
      category: '',
      teamId,
      templateId: 'interim-bsp',
    });
  });

  it('is dirty only while a value differs from the original', () => {
    const original = valuesOfCard(card);
    expect(changedKeys(original, original, 'edit')).toEqual([]);
    expect(changedKeys(original, { ...original, title: 'Evening routine plan' }, 'edit')).toEqual(['title']);
    // Typed back to the original: clean again.
    expect(changedKeys(original, { ...original, title: 'Morning routine plan' }, 'edit')).toEqual([]);
    // The team and template are not edited on an existing card, only chosen in create mode.
    expect(changedKeys(original, { ...original, teamId: 'other' }, 'edit')).toEqual([]);
    const fresh = newCardValues({ teamId, category: 'plan' });
    expect(changedKeys(fresh, { ...fresh, templateId: 'incident-report' }, 'create')).toEqual(['templateId']);
  });
});

describe('patchOfChanges and patchSteps', () => {
  it('sends only the changed fields, with nulls for cleared ones and the title trimmed', () => {
    const original = valuesOfCard({ ...card, assigneeId: userId, category: 'plan' } as Card);
    const patch = patchOfChanges(original, {
      ...original,
      title: '  Evening routine plan ',
      assigneeId: '',
      dueDate: '',
      category: '',
      priority: 'high',
    });
    expect(patch).toEqual({
      title: 'Evening routine plan',
      assigneeId: null,
      dueDate: null,
      category: null,
      priority: 'high',
    });
  });

  it('saves the fields first, then the status move on its own', () => {
    expect(patchSteps({ title: 'A', status: 'pending-review' })).toEqual([
      { title: 'A' },
      { status: 'pending-review' },
    ]);
    expect(patchSteps({ status: 'draft' })).toEqual([{ status: 'draft' }]);
    expect(patchSteps({ priority: 'low' })).toEqual([{ priority: 'low' }]);
    expect(patchSteps({})).toEqual([]);
  });
});

describe('createInputOf', () => {
  it('leaves an empty due date to the server and sends the chosen type and template', () => {
    const values = {
      ...newCardValues({ teamId, category: 'incident', templateId: 'incident-report' }),
      title: ' Fall in the garden ',
    };
    expect(createInputOf(values, 'incident')).toEqual({
      teamId,
      title: 'Fall in the garden',
      description: '',
      type: 'incident',
      templateId: 'incident-report',
      assigneeId: null,
      priority: 'medium',
      category: 'incident',
    });
    const withDate = createInputOf({ ...values, templateId: '', dueDate: '2026-04-01', category: '' });
    expect(withDate).toMatchObject({ templateId: null, dueDate: '2026-04-01', category: null });
    expect(withDate).not.toHaveProperty('type');
  });
});

describe('the form schema', () => {
  it("requires a title with the spec's message", () => {
    const result = EditCardValuesSchema.safeParse({ ...valuesOfCard(card), title: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['title'], message: 'Title is required' });
  });

  it('needs a team in create mode and a real date when one is given', () => {
    const fresh = { ...newCardValues({}), title: 'A task' };
    expect(NewCardValuesSchema.safeParse(fresh).error?.issues[0]?.message).toBe('Choose a team');
    expect(NewCardValuesSchema.safeParse({ ...fresh, teamId }).success).toBe(true);
    expect(EditCardValuesSchema.safeParse({ ...fresh, dueDate: '2026-02-30' }).success).toBe(false);
  });
});

describe('statusChoices', () => {
  it('offers the current status and the allowed next ones', () => {
    expect(statusChoices('draft')).toEqual(['draft', 'in-progress']);
    expect(statusChoices('in-progress')).toEqual(['in-progress', 'pending-review', 'draft']);
    expect(statusChoices('pending-review')).toEqual(['pending-review', 'approved', 'in-progress']);
    expect(statusChoices('approved')).toEqual(['approved', 'archived']);
    expect(statusChoices('archived')).toEqual(['archived']);
  });
});

describe('valuesAfterSave', () => {
  it("takes the server's values except those changed again while saving", () => {
    const sent = { ...valuesOfCard(card), title: 'Sent title ' };
    const saved = { ...sent, title: 'Sent title' };
    expect(valuesAfterSave(saved, sent, sent).title).toBe('Sent title');
    const typedMore = { ...sent, description: 'Typed while saving' };
    expect(valuesAfterSave(saved, sent, typedMore)).toMatchObject({
      title: 'Sent title',
      description: 'Typed while saving',
    });
  });
});
