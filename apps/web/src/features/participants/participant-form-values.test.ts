import type { Participant } from '@wattle/domain/participants/schemas';
import { describe, expect, it } from 'vitest';
import {
  changedFields,
  emptyParticipantValues,
  formPathOfIssue,
  ParticipantFormSchema,
  type ParticipantFormValues,
  parseStoredValues,
  rebaseOnCurrent,
  toCreateParticipant,
  toParticipantPatch,
  valuesOfParticipant,
} from './participant-form-values';

const riley: Participant = {
  view: 'full',
  id: '0190a000-0000-7000-8000-000000000001',
  tenantId: '0190a000-0000-7000-8000-000000000002',
  name: 'Riley Tran',
  ndisNumber: '431234567',
  dateOfBirth: '2001-04-05',
  phone: '0412 345 678',
  address: null,
  emergencyContact: null,
  guardian: { name: 'Kim Tran', relationship: 'Mother', phone: null, email: 'kim@example.com' },
  goals: ['Catch the bus alone'],
  alerts: [],
  preferences: null,
  medicalInfo: null,
  communicationNeeds: null,
  state: null,
  monashModel: 1,
  status: 'pending',
  teamId: null,
  teamName: null,
  teamSlug: null,
  planStartDate: null,
  planEndDate: null,
  archivedAt: null,
  lastActivity: '2026-01-01T00:00:00.000Z',
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function filled(changes: Partial<ParticipantFormValues> = {}): ParticipantFormValues {
  return {
    ...emptyParticipantValues(),
    name: 'Riley Tran',
    ndisNumber: '431234567',
    dateOfBirth: '2001-04-05',
    ...changes,
  };
}

function messages(values: ParticipantFormValues): Record<string, string> {
  const result = ParticipantFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the participant form checks', () => {
  it('gives the spec messages for a missing name, a bad NDIS number and a missing date of birth', () => {
    expect(messages(emptyParticipantValues())).toMatchObject({
      name: 'Please enter participant name',
      ndisNumber: 'Please enter a valid 9-digit NDIS number',
      dateOfBirth: 'Please enter date of birth',
    });
    for (const ndisNumber of ['43123456', '4312345678', '43123456a', 'abcdefghi']) {
      expect(messages(filled({ ndisNumber })).ndisNumber).toBe('Please enter a valid 9-digit NDIS number');
    }
    expect(messages(filled())).toEqual({});
  });

  it('refuses a date of birth in the future and a malformed guardian e-mail', () => {
    expect(messages(filled({ dateOfBirth: '2999-01-01' })).dateOfBirth).toBe(
      'Date of birth cannot be in the future',
    );
    expect(
      messages(filled({ guardian: { name: '', relationship: '', phone: '', email: 'not-an-email' } }))[
        'guardian.email'
      ],
    ).toBe('Please enter a valid email address');
  });
});

describe('the request bodies', () => {
  it('sends trimmed values, drops empty goals and alerts, and sends empty groups as null', () => {
    const input = toCreateParticipant(
      filled({
        name: '  Riley Tran ',
        goals: [' Catch the bus ', '   '],
        alerts: [''],
        emergencyContact: { name: '', relationship: ' ', phone: '' },
        guardian: { name: 'Kim', relationship: '', phone: '', email: '' },
        teamId: '',
      }),
    );
    expect(input).toMatchObject({
      name: 'Riley Tran',
      goals: ['Catch the bus'],
      alerts: [],
      emergencyContact: null,
      guardian: { name: 'Kim', relationship: null, phone: null, email: null },
      phone: null,
      teamId: null,
    });
    expect(input).not.toHaveProperty('status');
  });

  it('patches only what changed, from the version it started at', () => {
    const original = valuesOfParticipant(riley);
    const typed = {
      ...original,
      phone: '',
      goals: [...original.goals, 'Cook dinner'],
      status: 'active' as const,
    };
    expect(toParticipantPatch(original, typed, 3)).toEqual({
      version: 3,
      phone: null,
      goals: ['Catch the bus alone', 'Cook dinner'],
      status: 'active',
    });
    // Whitespace alone changes nothing the server would store.
    expect(changedFields(original, { ...original, name: 'Riley Tran ' })).toEqual([]);
  });
});

describe('carrying typing over someone else’s save', () => {
  it('keeps every field the person changed and takes the rest from the record as it is now', () => {
    const original = valuesOfParticipant(riley);
    const typed = { ...original, phone: '0400 000 000', alerts: ['Nut allergy'] };
    const current = { ...original, address: '1 Wattle St', phone: '0499 999 999' };
    const rebased = rebaseOnCurrent(original, typed, current);
    expect(rebased.values.phone).toBe('0400 000 000');
    expect(rebased.values.alerts).toEqual(['Nut allergy']);
    expect(rebased.values.address).toBe('1 Wattle St');
    expect(rebased.overlapping).toEqual(['phone']);
    expect(rebased.takenFromServer).toEqual(['address']);
  });
});

describe('server refusals on their fields', () => {
  it('names the form field of a path in the 400 details', () => {
    expect(formPathOfIssue(['ndisNumber'])).toBe('ndisNumber');
    expect(formPathOfIssue(['guardian', 'email'])).toBe('guardian.email');
    expect(formPathOfIssue(['goals', 2])).toBe('goals');
    expect(formPathOfIssue(['version'])).toBeNull();
  });
});

describe('stored values', () => {
  it('reads back what is well formed and falls back for the rest', () => {
    const fallback = emptyParticipantValues();
    const read = parseStoredValues(
      { name: 'Riley', status: 'exploded', goals: ['a', 3], guardian: { email: 'k@x.com', name: 7 } },
      fallback,
    );
    expect(read.name).toBe('Riley');
    expect(read.status).toBe('pending');
    expect(read.goals).toEqual(['a']);
    expect(read.guardian).toEqual({ name: '', relationship: '', phone: '', email: 'k@x.com' });
    expect(parseStoredValues('nonsense', fallback)).toBe(fallback);
  });
});

describe('where the participant lives', () => {
  it('starts at "Same as organisation", MMM 1, and sends them as null and 1', () => {
    const values = filled();
    expect(values).toMatchObject({ state: '', monashModel: '1' });
    expect(messages(values)).toEqual({});
    expect(toCreateParticipant(values)).toMatchObject({ state: null, monashModel: 1 });
  });

  it('sends a chosen state and MMM as the API takes them', () => {
    expect(toCreateParticipant(filled({ state: 'NT', monashModel: '7' }))).toMatchObject({
      state: 'NT',
      monashModel: 7,
    });
  });

  it('shows a participant’s own state and MMM, and "Same as organisation" for none', () => {
    expect(valuesOfParticipant(riley)).toMatchObject({ state: '', monashModel: '1' });
    expect(valuesOfParticipant({ ...riley, state: 'WA', monashModel: 6 })).toMatchObject({
      state: 'WA',
      monashModel: '6',
    });
  });

  it('patches them like any other field: only when changed, null to go back to the organisation’s', () => {
    const original = valuesOfParticipant({ ...riley, state: 'QLD', monashModel: 4 });
    expect(toParticipantPatch(original, { ...original, monashModel: '6' }, 3)).toEqual({
      version: 3,
      monashModel: 6,
    });
    expect(toParticipantPatch(original, { ...original, state: '' }, 3)).toEqual({ version: 3, state: null });
    expect(changedFields(original, { ...original })).toEqual([]);
  });

  it('carries them over someone else’s save like other fields', () => {
    const original = valuesOfParticipant(riley);
    const typed = { ...original, monashModel: '5' };
    const current = { ...original, state: 'SA' as const };
    const rebased = rebaseOnCurrent(original, typed, current);
    expect(rebased.values).toMatchObject({ state: 'SA', monashModel: '5' });
    expect(rebased.takenFromServer).toEqual(['state']);
  });

  it('refuses what the selects never offer, with the domain’s messages', () => {
    expect(messages(filled({ state: 'NZ' as never })).state).toBe('Choose a state or territory');
    expect(messages(filled({ monashModel: '8' })).monashModel).toBe(
      'Choose a remoteness from MMM 1 to MMM 7',
    );
    expect(messages(filled({ monashModel: '' })).monashModel).toBe('Choose a remoteness from MMM 1 to MMM 7');
  });

  it('puts the server’s refusals on the two selects', () => {
    expect(formPathOfIssue(['state'])).toBe('state');
    expect(formPathOfIssue(['monashModel'])).toBe('monashModel');
  });

  it('keeps them in a stored draft, and falls back for values the selects never hold', () => {
    const fallback = emptyParticipantValues();
    expect(parseStoredValues({ state: 'TAS', monashModel: '3' }, fallback)).toMatchObject({
      state: 'TAS',
      monashModel: '3',
    });
    expect(parseStoredValues({ state: 'Tasmania', monashModel: 3 }, fallback)).toMatchObject({
      state: '',
      monashModel: '1',
    });
  });
});
