import { NdisNumberSchema } from '@wattle/domain/participants/schemas';
import { describe, expect, it } from 'vitest';
import { demoNdisNumber, demoParticipant, demoTeamName } from './demo-fill';
import { emptyWizardDraft, toCreateCareTeam } from './wizard-draft';
import { wizardStepSchemas } from './wizard-steps';

describe('demo fill', () => {
  it('makes a participant the wizard accepts', () => {
    const participant = demoParticipant(() => 0.5);
    const step = wizardStepSchemas.participant.safeParse({ participantMode: 'new', participant });
    expect(step.success, JSON.stringify(step.error?.issues)).toBe(true);
    // Metropolitan, in the organisation's state.
    const body = toCreateCareTeam({ ...emptyWizardDraft(), participant });
    expect(body.participant).toMatchObject({ state: null, monashModel: 1 });
  });

  it("refuses a step 1 location the selects never offer, with the domain's messages", () => {
    const participant = { ...demoParticipant(() => 0.5), state: 'Victoria', monashModel: '0' };
    const step = wizardStepSchemas.participant.safeParse({ participantMode: 'new', participant });
    expect(step.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['participant.state', 'Choose a state or territory'],
      ['participant.monashModel', 'Choose a remoteness from MMM 1 to MMM 7'],
    ]);
  });

  it('draws a valid 9-digit NDIS number', () => {
    for (const value of [0, 0.3, 0.999999]) {
      expect(NdisNumberSchema.safeParse(demoNdisNumber(() => value)).success).toBe(true);
    }
  });

  it('names the team after the participant', () => {
    expect(demoTeamName('Riley Tran')).toBe("Riley's Care Team");
    expect(demoTeamName('  ')).toBe('Care Team');
  });
});
