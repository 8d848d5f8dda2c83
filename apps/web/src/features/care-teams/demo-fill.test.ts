import { NdisNumberSchema, participantFieldsShape } from '@wattle/domain/participants/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoNdisNumber, demoParticipant, demoTeamName } from './demo-fill';

describe('demo fill', () => {
  it('makes a participant the wizard accepts', () => {
    const participant = demoParticipant(() => 0.5);
    expect(z.object(participantFieldsShape).safeParse(participant).success).toBe(true);
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
