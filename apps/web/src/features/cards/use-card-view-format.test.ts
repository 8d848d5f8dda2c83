import { describe, expect, it } from 'vitest';

import {
  auditActionLabel,
  dollars,
  fieldLabel,
  formatValue,
  htmlToText,
  lockedMessage,
  parseDollars,
  workflowMoves,
} from './use-card-view-format';

describe('card page helpers', () => {
  it('names the workflow moves allowed from each status, forward moves first', () => {
    expect(workflowMoves('draft').map((move) => move.label)).toEqual(['Start work']);
    expect(workflowMoves('in-progress').map((move) => move.label)).toEqual([
      'Submit for review',
      'Back to draft',
    ]);
    expect(workflowMoves('pending-review').map((move) => [move.label, move.isBack])).toEqual([
      ['Approve', false],
      ['Back to in progress', true],
    ]);
    expect(workflowMoves('approved').map((move) => move.label)).toEqual(['Archive']);
    expect(workflowMoves('archived')).toEqual([]);
  });

  it('says why a card is locked, and nothing for draft and in-progress cards', () => {
    expect(lockedMessage('draft')).toBeNull();
    expect(lockedMessage('in-progress')).toBeNull();
    expect(lockedMessage('pending-review')).toBe(
      'This card is pending review and can no longer be edited. Move it back to in progress first.',
    );
    expect(lockedMessage('approved')).toBe('This card is approved and can no longer be edited.');
  });

  it('reads dollars as cents and back', () => {
    expect(parseDollars('120')).toBe(12_000);
    expect(parseDollars('120.5')).toBe(12_050);
    expect(parseDollars('$1,200.05')).toBe(120_005);
    expect(parseDollars('')).toBe(0);
    expect(parseDollars('12.345')).toBeNull();
    expect(parseDollars('-3')).toBeNull();
    expect(parseDollars('abc')).toBeNull();
    expect(dollars(12_050)).toBe('120.50');
    expect(dollars(0)).toBe('0.00');
  });

  it('labels card fields and form fields', () => {
    expect(fieldLabel('ndisStatus')).toBe('NDIS Status');
    expect(fieldLabel('estimatedAmountCents')).toBe('Est. Amount');
    expect(fieldLabel('fieldValues.participant-name')).toBe('Participant name');
    expect(auditActionLabel('undo')).toBe('Undo');
    expect(auditActionLabel('status-changed')).toBe('Status changed');
    expect(auditActionLabel('signed-off')).toBe('Signed off');
  });

  it('shows values as one short line', () => {
    expect(formatValue('priority', 'high')).toBe('High');
    expect(formatValue('status', 'pending-review')).toBe('Pending Review');
    expect(formatValue('state', 'waiting')).toBe('Waiting on Others');
    expect(formatValue('ndisStatus', 'in-review')).toBe('In Review');
    expect(formatValue('estimatedAmountCents', 12_050)).toBe('$120.50');
    expect(formatValue('billable', true)).toBe('Yes');
    expect(formatValue('tags', ['urgent', 'family'])).toBe('urgent, family');
    expect(formatValue('tags', [])).toBe('(none)');
    expect(formatValue('dueDate', null)).toBe('(empty)');
    expect(formatValue('assigneeId', 'u1', (id) => (id === 'u1' ? 'Priya Practitioner' : undefined))).toBe(
      'Priya Practitioner',
    );
    expect(formatValue('fieldValues.practitioner-signature', { kind: 'typed', signerName: 'Priya' })).toBe(
      'Signed by Priya',
    );
    // A signature the server recorded: signer, role, capturer, time and whether it matched the form.
    const recordedBy = { userId: 'u2', name: 'Lee Lead', role: 'Team Lead' };
    const signedAt = new Date(2026, 2, 4, 15, 5).toISOString();
    expect(
      formatValue('fieldValues.guardian-consent', {
        kind: 'typed',
        signerName: 'Sam Lee',
        signedAt,
        recordedBy,
        state: 'changed',
      }),
    ).toBe(
      'Signed by Sam Lee, captured by Lee Lead (Team Lead) on 4 Mar 2026, 3:05 PM · No longer matches the form',
    );
    expect(
      formatValue('fieldValues.reported-by-signature', {
        kind: 'drawn',
        signerName: 'Lee Lead',
        signedAt,
        recordedBy,
        state: 'matches',
      }),
    ).toBe('Signed by Lee Lead (Team Lead) on 4 Mar 2026, 3:05 PM · Matches the form');
    expect(formatValue('fieldValues.notes', '<p>Likes <strong>music</strong> &amp; art</p><p>Calm</p>')).toBe(
      'Likes music & art Calm',
    );
    expect(formatValue('description', 'x'.repeat(300))).toHaveLength(140);
  });

  it('strips rich text to its visible words', () => {
    expect(htmlToText('<ul><li>One</li><li>Two</li></ul>')).toBe('One Two');
    expect(htmlToText('a&lt;b&gt;&quot;c&quot;&nbsp;d')).toBe('a<b>"c" d');
  });
});
