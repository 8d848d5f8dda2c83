import { describe, expect, it } from 'vitest';
import {
  australianStateNames,
  effectiveParticipantLocation,
  monashModelLabels,
  monashModelText,
  participantStateText,
  sameAsOrganisationLabel,
} from './location';
import {
  CreateParticipantSchema,
  ParticipantSchema,
  ParticipantSummarySchema,
  UpdateParticipantSchema,
} from './schemas';

const required = { name: 'Riley Tran', ndisNumber: '431234567', dateOfBirth: '2004-02-11' };

describe('a new participant’s state and remoteness', () => {
  it('default to the organisation’s state (null) and MMM 1 when left out', () => {
    const parsed = CreateParticipantSchema.parse(required);
    expect(parsed.state).toBeNull();
    expect(parsed.monashModel).toBe(1);
    expect(CreateParticipantSchema.parse({ ...required, state: null }).state).toBeNull();
  });

  it('keep a state code and an MMM from 1 to 7', () => {
    for (const state of ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const) {
      expect(CreateParticipantSchema.parse({ ...required, state }).state).toBe(state);
    }
    for (const monashModel of [1, 2, 3, 4, 5, 6, 7]) {
      expect(CreateParticipantSchema.parse({ ...required, monashModel }).monashModel).toBe(monashModel);
    }
  });

  it.each([
    ['a full name', { state: 'New South Wales' }, 'state', 'Choose a state or territory'],
    ['lower case', { state: 'nsw' }, 'state', 'Choose a state or territory'],
    ['an empty choice', { state: '' }, 'state', 'Choose a state or territory'],
    ['MMM 0', { monashModel: 0 }, 'monashModel', 'Choose a remoteness from MMM 1 to MMM 7'],
    ['MMM 8', { monashModel: 8 }, 'monashModel', 'Choose a remoteness from MMM 1 to MMM 7'],
    ['MMM 2.5', { monashModel: 2.5 }, 'monashModel', 'Choose a remoteness from MMM 1 to MMM 7'],
    ['MMM as text', { monashModel: '4' }, 'monashModel', 'Choose a remoteness from MMM 1 to MMM 7'],
    ['MMM null', { monashModel: null }, 'monashModel', 'Choose a remoteness from MMM 1 to MMM 7'],
  ])('refuse %s with a message on the field', (_, value, field, message) => {
    const result = CreateParticipantSchema.safeParse({ ...required, ...value });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
  });
});

describe('an edit’s state and remoteness', () => {
  it('leaves them as they are when left out, and takes null back to the organisation’s state', () => {
    const untouched = UpdateParticipantSchema.parse({ version: 3, name: 'Riley' });
    expect(untouched).not.toHaveProperty('state');
    expect(untouched).not.toHaveProperty('monashModel');
    expect(UpdateParticipantSchema.parse({ version: 3, state: null }).state).toBeNull();
    expect(UpdateParticipantSchema.parse({ version: 3, state: 'WA', monashModel: 6 })).toEqual({
      version: 3,
      state: 'WA',
      monashModel: 6,
    });
  });

  it('refuses values outside the eight states and MMM 1-7', () => {
    expect(UpdateParticipantSchema.safeParse({ version: 3, state: 'NZ' }).success).toBe(false);
    expect(UpdateParticipantSchema.safeParse({ version: 3, monashModel: 7.5 }).success).toBe(false);
    expect(UpdateParticipantSchema.safeParse({ version: 3, monashModel: null }).success).toBe(false);
  });
});

describe('the records', () => {
  it('carry them in the full record and not in a family guardian’s summary', () => {
    expect(ParticipantSchema.shape).toHaveProperty('state');
    expect(ParticipantSchema.shape).toHaveProperty('monashModel');
    expect(ParticipantSummarySchema.shape).not.toHaveProperty('state');
    expect(ParticipantSummarySchema.shape).not.toHaveProperty('monashModel');
    expect(ParticipantSchema.shape.monashModel.safeParse(8).success).toBe(false);
    expect(ParticipantSchema.shape.state.safeParse(null).success).toBe(true);
  });
});

describe('the words the screens use', () => {
  it('name the organisation’s state in the empty choice when it is known', () => {
    expect(sameAsOrganisationLabel('NSW')).toBe('Same as organisation (NSW)');
    expect(sameAsOrganisationLabel(null)).toBe('Same as organisation');
    expect(participantStateText(null, 'VIC')).toBe('Same as organisation (VIC)');
    expect(participantStateText('NT', 'VIC')).toBe('Northern Territory');
  });

  it('label every MMM level as the Department of Health names them', () => {
    expect(Object.values(monashModelLabels)).toEqual([
      'MMM 1 – Metropolitan',
      'MMM 2 – Regional centres',
      'MMM 3 – Large rural towns',
      'MMM 4 – Medium rural towns',
      'MMM 5 – Small rural towns',
      'MMM 6 – Remote communities',
      'MMM 7 – Very remote communities',
    ]);
    expect(monashModelText(6)).toBe('MMM 6 – Remote communities');
    expect(monashModelText(9)).toBe('MMM 9');
  });

  it('name every state and territory, in alphabetical order of their names', () => {
    const names = Object.values(australianStateNames);
    expect(names).toHaveLength(8);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe('effectiveParticipantLocation', () => {
  it('prices a participant without a state in the organisation’s, and keeps their MMM', () => {
    expect(effectiveParticipantLocation({ state: null, monashModel: 4 }, 'QLD')).toEqual({
      state: 'QLD',
      monashModel: 4,
    });
    expect(effectiveParticipantLocation({ state: 'NT', monashModel: 7 }, 'QLD')).toEqual({
      state: 'NT',
      monashModel: 7,
    });
  });
});
