import { describe, expect, it } from 'vitest';
import { participantFieldValues, planPrefillValues } from './prefill';

const jordan = {
  name: 'Jordan Lee',
  ndisNumber: '430123456',
  dateOfBirth: '2009-03-14',
  address: '14 Banksia Street, Parramatta NSW 2150',
  emergencyContact: { name: 'David Lee', relationship: 'Father', phone: '0412 345 679' },
};

const fields = [
  { id: 'participant-name', type: 'text' },
  { id: 'participant-dob', type: 'date' },
  { id: 'participant-ndis', type: 'text' },
  { id: 'participant-address', type: 'textarea' },
  { id: 'participant-emergency-contact', type: 'text' },
  { id: 'target-behaviors', type: 'textarea' },
  { id: 'antecedents', type: 'textarea' },
  { id: 'practitioner-signature', type: 'signature' },
  { id: 'participant-consent', type: 'checkbox' },
] as const;

describe('participantFieldValues', () => {
  it('writes the emergency contact as name (relationship), phone', () => {
    expect(participantFieldValues(jordan)['participant-emergency-contact']).toBe(
      'David Lee (father), 0412 345 679',
    );
  });
});

describe('planPrefillValues', () => {
  it('fills the participant from their record and the rest from the assessment, never its signatures or consents', () => {
    const values = planPrefillValues(fields, jordan, {
      'participant-name': 'J. Lee (old spelling)',
      'target-behaviors': '<p>Hitting out when routines change</p>',
      antecedents: '',
      'practitioner-signature': { kind: 'typed', typed: 'Priya', signerName: 'Priya Practitioner' },
      'participant-consent': true,
      'assessment-date': '2026-01-10',
    });
    expect(values).toEqual({
      'participant-name': 'Jordan Lee',
      'participant-dob': '2009-03-14',
      'participant-ndis': '430123456',
      'participant-address': '14 Banksia Street, Parramatta NSW 2150',
      'participant-emergency-contact': 'David Lee (father), 0412 345 679',
      'target-behaviors': '<p>Hitting out when routines change</p>',
    });
  });

  it('works without an assessment', () => {
    expect(Object.keys(planPrefillValues(fields, jordan, null))).toHaveLength(5);
  });
});
