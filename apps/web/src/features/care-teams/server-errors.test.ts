import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http';
import { firstStepWithProblem, formFieldOfRequestPath, wizardRefusal } from './server-errors';
import { wizardSteps } from './wizard-steps';

describe('formFieldOfRequestPath', () => {
  it('maps request paths to the wizard fields that hold them', () => {
    expect(formFieldOfRequestPath(['participant', 'ndisNumber'])).toBe('participant.ndisNumber');
    expect(formFieldOfRequestPath(['participant', 'guardian', 'email'])).toBe('participant.guardian.email');
    expect(formFieldOfRequestPath(['participant', 'goals', 2])).toBe('participant.goals');
    expect(formFieldOfRequestPath(['participantId'])).toBe('existingParticipant');
    expect(formFieldOfRequestPath(['team', 'name'])).toBe('teamName');
    expect(formFieldOfRequestPath(['members', 1, 'email'])).toBe('members.1.email');
    expect(formFieldOfRequestPath(['templateSet'])).toBe('templateSet');
    expect(formFieldOfRequestPath(['participant', 'state'])).toBe('participant.state');
    expect(formFieldOfRequestPath(['monashModel'])).toBe('participant.monashModel');
  });
});

describe('wizardRefusal', () => {
  it('sends validation issues back to their steps', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [
      { path: ['members', 0, 'email'], message: 'This email is already added to the team' },
      { path: ['participant', 'ndisNumber'], message: 'Please enter a valid 9-digit NDIS number' },
    ]);
    const refusal = wizardRefusal(error);
    expect(refusal.general).toBeNull();
    expect(refusal.fields).toEqual([
      { step: 'team', field: 'members.0.email', message: 'This email is already added to the team' },
      {
        step: 'participant',
        field: 'participant.ndisNumber',
        message: 'Please enter a valid 9-digit NDIS number',
      },
    ]);
    expect(firstStepWithProblem(refusal, wizardSteps)).toBe('participant');
  });

  it('puts a duplicate NDIS number on step 1', () => {
    const error = new ApiError(409, 'CONFLICT', 'NDIS number 431234567 already belongs to Riley Tran', {
      field: 'ndisNumber',
      participantName: 'Riley Tran',
    });
    expect(wizardRefusal(error).fields).toEqual([
      {
        step: 'participant',
        field: 'participant.ndisNumber',
        message: 'NDIS number 431234567 already belongs to Riley Tran',
      },
    ]);
  });

  it('puts a date of birth refused after validation on step 1', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Date of birth cannot be in the future', [
      { path: ['dateOfBirth'], message: 'Date of birth cannot be in the future' },
    ]);
    expect(wizardRefusal(error).fields).toEqual([
      {
        step: 'participant',
        field: 'participant.dateOfBirth',
        message: 'Date of birth cannot be in the future',
      },
    ]);
  });

  it('puts a participant who got a team meanwhile and an e-mail already on the team where they belong', () => {
    const taken = new ApiError(409, 'CONFLICT', 'Mia Thompson already has a care team', {
      field: 'participantId',
    });
    expect(wizardRefusal(taken).fields).toEqual([
      { step: 'participant', field: 'existingParticipant', message: 'Mia Thompson already has a care team' },
    ]);
    const added = new ApiError(409, 'CONFLICT', 'This email is already added to the team', {
      field: 'email',
      email: 'nina.new@wattle.example',
    });
    const members = [{ email: 'sophie.support@sunrise.example' }, { email: 'Nina.New@wattle.example' }];
    expect(wizardRefusal(added, members).fields).toEqual([
      { step: 'team', field: 'members.1.email', message: 'This email is already added to the team' },
    ]);
  });

  it('keeps other failures as a message on the current step', () => {
    const refusal = wizardRefusal(new ApiError(0, 'NETWORK_ERROR', 'Could not reach Wattle.'));
    expect(refusal).toEqual({ fields: [], general: 'Could not reach Wattle.' });
    expect(firstStepWithProblem(refusal, wizardSteps)).toBeNull();
  });
});
