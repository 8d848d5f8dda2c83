import { describe, expect, it } from 'vitest';
import { diffVersionValues, displayValue } from './version-diff';

const fields = [
  { id: 'participant-name', name: 'Participant Name', type: 'text' },
  { id: 'plan-date', name: 'Plan Date', type: 'date' },
  { id: 'teaching-strategies', name: 'Teaching Strategies', type: 'textarea' },
  { id: 'rp-type', name: 'Restrictive Practice Type', type: 'multi-select' },
  { id: 'compliance-declaration', name: 'Compliance Declaration', type: 'checkbox' },
  { id: 'practitioner-signature', name: 'Practitioner Signature', type: 'signature' },
] as const;

describe('diffVersionValues', () => {
  it('labels every field from the template, in its order, and says what changed', () => {
    const diff = diffVersionValues(
      fields,
      { 'participant-name': 'Jordan Lee', 'plan-date': '2026-03-01', 'rp-type': [] },
      { 'participant-name': 'Jordan Lee', 'plan-date': '2026-09-01', 'rp-type': ['Seclusion'] },
    );
    expect(diff.map((d) => [d.label, d.change])).toEqual([
      ['Participant Name', 'unchanged'],
      ['Plan Date', 'changed'],
      ['Teaching Strategies', 'unchanged'],
      ['Restrictive Practice Type', 'added'],
      ['Compliance Declaration', 'unchanged'],
      ['Practitioner Signature', 'unchanged'],
    ]);
    expect(diff[1]).toMatchObject({ before: '01/03/2026', after: '01/09/2026' });
    expect(diff[1]!.words).toBeUndefined();
  });

  it('compares long text word by word, from the visible text of rich text', () => {
    const [, , strategies] = diffVersionValues(
      fields,
      { 'teaching-strategies': '<p>Offer a visual timetable before each change</p>' },
      {
        'teaching-strategies': '<p>Offer a visual timetable and a five-minute warning before each change</p>',
      },
    );
    expect(strategies!.change).toBe('changed');
    expect(strategies!.before).toBe('Offer a visual timetable before each change');
    const added = strategies!
      .words!.filter((w) => w.added)
      .map((w) => w.value)
      .join('');
    const removed = strategies!.words!.filter((w) => w.removed);
    expect(added.trim()).toBe('and a five-minute warning');
    expect(removed).toEqual([]);
    expect(strategies!.words!.map((w) => (w.removed ? '' : w.value)).join('')).toBe(strategies!.after);
  });

  it('notices a value removed, and values of fields the template no longer has', () => {
    const diff = diffVersionValues(
      fields,
      { 'compliance-declaration': true, 'old-field': 'kept once' },
      { 'compliance-declaration': null },
    );
    expect(diff.find((d) => d.fieldId === 'compliance-declaration')).toMatchObject({
      change: 'removed',
      before: 'Yes',
      after: '',
    });
    expect(diff.at(-1)).toMatchObject({ fieldId: 'old-field', label: 'old-field', change: 'removed' });
  });
});

describe('displayValue', () => {
  it('reads signatures by signer and day, checkboxes as Yes or No, lists joined', () => {
    expect(
      displayValue(
        { type: 'signature' },
        {
          kind: 'typed',
          typed: 'Priya P',
          signerName: 'Priya Practitioner',
          signedAt: '2026-03-04T01:00:00.000Z',
        },
      ),
    ).toBe('Signed by Priya Practitioner on 04/03/2026');
    expect(displayValue({ type: 'checkbox' }, false)).toBe('No');
    expect(displayValue({ type: 'multi-select' }, ['Seclusion', 'Chemical restraint'])).toBe(
      'Seclusion, Chemical restraint',
    );
    expect(displayValue({ type: 'text' }, null)).toBe('');
  });
});
