import { describe, expect, it } from 'vitest';
import { parseStoredWizard } from './draft-storage';
import { emptyWizardDraft } from './wizard-draft';

describe('parseStoredWizard', () => {
  it('reads a stored draft back', () => {
    const values = emptyWizardDraft();
    values.participant.name = 'Riley Tran';
    values.participant.state = 'VIC';
    values.participant.monashModel = '5';
    values.members = [{ email: 'nina.new@wattle.example', role: 'Therapist' }];
    values.templateSet = 'community';
    expect(parseStoredWizard({ v: 1, step: 'team', values, idempotencyKey: 'care-team-abc12345' })).toEqual({
      step: 'team',
      values,
      idempotencyKey: 'care-team-abc12345',
    });
  });

  it('falls back to empty fields for what is missing or malformed', () => {
    const stored = parseStoredWizard({
      v: 1,
      step: 'nowhere',
      values: {
        participant: { name: 42, goals: ['Swim', 3], state: 'Victoria', monashModel: 9 },
        members: [
          { email: 'a@b.example', role: 'Boss' },
          { email: 'c@d.example', role: 'Therapist' },
        ],
        templateSet: 'gardening',
      },
    });
    expect(stored?.step).toBe('participant');
    expect(stored?.values.participant.name).toBe('');
    expect(stored?.values.participant.goals).toEqual(['Swim']);
    expect(stored?.values.participant).toMatchObject({ state: '', monashModel: '1' });
    expect(stored?.values.members).toEqual([{ email: 'c@d.example', role: 'Therapist' }]);
    expect(stored?.values.templateSet).toBeNull();
    expect(stored?.values.teamName).toBe('Care Team');
    expect(stored?.idempotencyKey).toMatch(/^care-team-/);
  });

  it('ignores other versions and junk', () => {
    expect(parseStoredWizard(null)).toBeNull();
    expect(parseStoredWizard({ v: 2, values: {} })).toBeNull();
    expect(parseStoredWizard('text')).toBeNull();
  });
});
