import { describe, expect, it } from 'vitest';
import { findBuiltInTemplate } from '../templates/built-in-templates';
import type { FieldValues, FormTemplate } from '../templates/schemas';
import { cardStatuses } from './schemas';
import {
  cardStatusLabels,
  isStatusEditable,
  nextStatuses,
  statusAfterSubmit,
  type TransitionInput,
  transitionError,
  workflowSteps,
} from './workflow';

const bsp = findBuiltInTemplate('comprehensive-bsp') as FormTemplate;
const incident = findBuiltInTemplate('incident-report') as FormTemplate;
const signature = {
  kind: 'typed',
  typed: 'P',
  signerName: 'P',
  signedAt: '2026-01-01T00:00:00.000Z',
} as const;

const participantInfo: FieldValues = {
  'participant-name': 'Jordan Lee',
  'participant-dob': '2001-05-06',
  'participant-ndis': '430123456',
  'participant-address': '12 Wattle St',
  'participant-emergency-contact': 'Sam Lee',
};
const allRequired: FieldValues = {
  ...participantInfo,
  'uses-restrictive-practice': true,
  'replacement-behaviors': 'x',
  'teaching-strategies': 'x',
  'data-collection-methods': 'x',
  'practitioner-signature': signature,
  'participant-consent': signature,
  'plan-date': '2026-01-01',
  'start-date': '2026-01-01',
  'target-date': '2026-01-01',
  'review-date': '2026-01-01',
  'compliance-declaration': true,
};

const move = (over: Partial<TransitionInput> & Pick<TransitionInput, 'from' | 'to'>) =>
  transitionError({
    template: bsp,
    values: allRequired,
    documentIds: ['fba-report'],
    isClinician: true,
    ...over,
  });

describe('workflowSteps (spec work section 4 and decision 0009)', () => {
  it('list every status with its next statuses and editability', () => {
    expect(workflowSteps.map((s) => [s.status, [...s.next], s.isEditable])).toEqual([
      ['draft', ['in-progress'], true],
      ['in-progress', ['pending-review', 'draft'], true],
      ['pending-review', ['approved', 'in-progress'], false],
      ['approved', ['archived'], false],
      ['archived', [], false],
    ]);
    expect(workflowSteps.map((s) => s.status)).toEqual([...cardStatuses]);
    expect(Object.keys(cardStatusLabels)).toEqual([...cardStatuses]);
    expect(nextStatuses('approved')).toEqual(['archived']);
  });

  it('only draft and in-progress cards are editable', () => {
    expect(cardStatuses.filter(isStatusEditable)).toEqual(['draft', 'in-progress']);
  });
});

describe('transitionError', () => {
  it('staying put is always allowed', () => {
    for (const s of cardStatuses) expect(move({ from: s, to: s, values: {}, isClinician: false })).toBeNull();
  });

  it('refuses moves the table does not list', () => {
    expect(move({ from: 'draft', to: 'approved' })).toBe('Cannot move from Draft to Approved');
    expect(move({ from: 'draft', to: 'pending-review' })).toBe('Cannot move from Draft to Pending Review');
    expect(move({ from: 'approved', to: 'in-progress' })).toBe('Cannot move from Approved to In Progress');
    expect(move({ from: 'archived', to: 'draft' })).toBe('Cannot move from Archived to Draft');
    expect(move({ from: 'pending-review', to: 'draft' })).toBe('Cannot move from Pending Review to Draft');
  });

  it('starting work needs participant and practitioner information', () => {
    expect(move({ from: 'draft', to: 'in-progress', values: {} })).toBe(
      'Complete Participant Information and Practitioner Information before starting work',
    );
    expect(
      move({ from: 'draft', to: 'in-progress', values: { ...participantInfo, 'participant-ndis': null } }),
    ).toBe('Complete Participant Information and Practitioner Information before starting work');
    expect(
      move({ from: 'draft', to: 'in-progress', values: participantInfo, isClinician: false }),
    ).toBeNull();
    // Only those sections count: the rest of the plan may still be empty.
    expect(move({ from: 'draft', to: 'in-progress', values: participantInfo, documentIds: [] })).toBeNull();
  });

  it('a required practitioner field also blocks starting work', () => {
    const custom: FormTemplate = {
      ...incident,
      fields: [
        {
          id: 'practitioner-name',
          name: 'Practitioner',
          type: 'text',
          required: true,
          order: 1,
          ndisStandard: true,
        },
      ],
    };
    expect(move({ from: 'draft', to: 'in-progress', template: custom, values: {} })).toMatch(
      /^Complete Participant/,
    );
    expect(
      move({ from: 'draft', to: 'in-progress', template: custom, values: { 'practitioner-name': 'P' } }),
    ).toBeNull();
  });

  it('review needs every required field, the required documents and a clinician', () => {
    expect(move({ from: 'in-progress', to: 'pending-review', values: participantInfo })).toBe(
      'Complete every required field before review',
    );
    expect(move({ from: 'in-progress', to: 'pending-review', documentIds: [] })).toBe(
      'Upload the required documents before review: Functional Behaviour Assessment Report',
    );
    expect(move({ from: 'in-progress', to: 'pending-review', isClinician: false })).toBe(
      'A clinician must approve this step',
    );
    expect(move({ from: 'in-progress', to: 'pending-review' })).toBeNull();
  });

  it('approval needs a clinician', () => {
    expect(move({ from: 'pending-review', to: 'approved', isClinician: false })).toBe(
      'A clinician must approve this step',
    );
    expect(move({ from: 'pending-review', to: 'approved' })).toBeNull();
  });

  it('back moves and archiving need nothing more', () => {
    expect(move({ from: 'in-progress', to: 'draft', values: {}, isClinician: false })).toBeNull();
    expect(move({ from: 'pending-review', to: 'in-progress', isClinician: false })).toBeNull();
    expect(move({ from: 'approved', to: 'archived', isClinician: false })).toBeNull();
  });

  it('a card without a template only needs a clinician for review and approval', () => {
    const plain = { template: null, values: {}, documentIds: [] };
    expect(move({ ...plain, from: 'draft', to: 'in-progress', isClinician: false })).toBeNull();
    expect(move({ ...plain, from: 'in-progress', to: 'pending-review', isClinician: false })).toBe(
      'A clinician must approve this step',
    );
    expect(move({ ...plain, from: 'in-progress', to: 'pending-review' })).toBeNull();
  });
});

describe('statusAfterSubmit (spec work section 4 "Card save status")', () => {
  const base = { template: bsp, documentIds: ['fba-report'], isClinician: true } as const;

  it('below 100 percent: in-progress when allowed, else unchanged', () => {
    expect(statusAfterSubmit({ ...base, from: 'draft', values: participantInfo, completion: 31 })).toBe(
      'in-progress',
    );
    expect(statusAfterSubmit({ ...base, from: 'draft', values: {}, completion: 0 })).toBe('draft');
    expect(statusAfterSubmit({ ...base, from: 'in-progress', values: participantInfo, completion: 31 })).toBe(
      'in-progress',
    );
  });

  it('at 100 percent: pending-review when allowed', () => {
    expect(statusAfterSubmit({ ...base, from: 'in-progress', values: allRequired, completion: 100 })).toBe(
      'pending-review',
    );
  });

  it('at 100 percent from a draft: in-progress, since a draft moves to in-progress only', () => {
    expect(statusAfterSubmit({ ...base, from: 'draft', values: allRequired, completion: 100 })).toBe(
      'in-progress',
    );
  });

  it('at 100 percent without a clinician or the documents: stays in progress', () => {
    expect(
      statusAfterSubmit({
        ...base,
        isClinician: false,
        from: 'in-progress',
        values: allRequired,
        completion: 100,
      }),
    ).toBe('in-progress');
    expect(
      statusAfterSubmit({
        ...base,
        documentIds: [],
        from: 'in-progress',
        values: allRequired,
        completion: 100,
      }),
    ).toBe('in-progress');
  });

  it('leaves reviewed, approved and archived cards where they are', () => {
    expect(statusAfterSubmit({ ...base, from: 'pending-review', values: allRequired, completion: 100 })).toBe(
      'pending-review',
    );
    expect(statusAfterSubmit({ ...base, from: 'approved', values: allRequired, completion: 100 })).toBe(
      'approved',
    );
    expect(statusAfterSubmit({ ...base, from: 'archived', values: allRequired, completion: 100 })).toBe(
      'archived',
    );
  });
});
