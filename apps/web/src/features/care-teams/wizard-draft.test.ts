import { describe, expect, it } from 'vitest';
import { emptyWizardDraft, hasDraftInput, nameFromEmail, toCreateCareTeam } from './wizard-draft';

describe('toCreateCareTeam', () => {
  it('sends a new participant with empty fields left out and lists cleaned', () => {
    const draft = emptyWizardDraft();
    draft.participant = {
      ...draft.participant,
      name: ' Riley Tran ',
      ndisNumber: '431234567',
      dateOfBirth: '2004-05-17',
      emergencyContact: { name: 'Sam Tran', relationship: '', phone: '' },
      goals: [' Catch the bus to TAFE ', '  '],
    };
    draft.teamName = "Riley's Care Team";
    draft.members = [{ email: 'Nina.New@Wattle.example ', role: 'Support Worker' }];
    draft.templateSet = 'community';
    expect(toCreateCareTeam(draft)).toEqual({
      participant: {
        name: 'Riley Tran',
        ndisNumber: '431234567',
        dateOfBirth: '2004-05-17',
        phone: null,
        address: null,
        state: null,
        monashModel: 1,
        emergencyContact: { name: 'Sam Tran', relationship: null, phone: null },
        guardian: null,
        goals: ['Catch the bus to TAFE'],
        preferences: null,
        medicalInfo: null,
        communicationNeeds: null,
      },
      team: { name: "Riley's Care Team" },
      members: [{ email: 'nina.new@wattle.example', role: 'Support Worker' }],
      templateSet: 'community',
    });
  });

  it('sends the state and MMM chosen on step 1', () => {
    const draft = emptyWizardDraft();
    draft.participant = {
      ...draft.participant,
      name: 'Kai Walker',
      ndisNumber: '431234570',
      dateOfBirth: '2004-05-17',
      state: 'NT',
      monashModel: '7',
    };
    draft.templateSet = 'community';
    expect(toCreateCareTeam(draft).participant).toMatchObject({ state: 'NT', monashModel: 7 });
  });

  it('sends only the id of a participant picked from the list', () => {
    const draft = emptyWizardDraft();
    draft.participantMode = 'existing';
    draft.existingParticipant = { id: '0190a3c4-0000-7000-8000-000000000001', name: 'Mia' };
    draft.participant.name = 'typed before switching';
    draft.templateSet = 'transport';
    const body = toCreateCareTeam(draft);
    expect(body.participantId).toBe('0190a3c4-0000-7000-8000-000000000001');
    expect(body.participant).toBeUndefined();
    expect(body.team).toEqual({ name: 'Care Team' });
  });
});

describe('hasDraftInput', () => {
  it('is false for the defaults and true once anything is typed', () => {
    const draft = emptyWizardDraft();
    expect(hasDraftInput(draft)).toBe(false);
    draft.participant.name = 'R';
    expect(hasDraftInput(draft)).toBe(true);
  });
});

describe('nameFromEmail', () => {
  it('derives a name from the address', () => {
    expect(nameFromEmail('nina.new@wattle.example')).toBe('Nina New');
    expect(nameFromEmail('sophie_support+care@sunrise.example')).toBe('Sophie Support Care');
  });
});
