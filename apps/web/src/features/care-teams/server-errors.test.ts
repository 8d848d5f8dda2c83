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

  it('keeps other failures as a message on the current step', () => {
    const refusal = wizardRefusal(new ApiError(0, 'NETWORK_ERROR', 'Could not reach Wattle.'));
    expect(refusal).toEqual({ fields: [], general: 'Could not reach Wattle.' });
    expect(firstStepWithProblem(refusal, wizardSteps)).toBeNull();
  });
});
