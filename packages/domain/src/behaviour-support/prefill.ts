import type { FieldValue, FieldValues, FormField } from '../templates/schemas';

/**
 * What a new behaviour support plan starts with (issue 16 item 1): the participant's details from
 * their record, and what the latest functional behaviour assessment already says (target behaviours,
 * antecedents, frequency…), so a practitioner never types twice what Wattle holds. The participant
 * record wins over the assessment for the participant's own details; signatures, consents and
 * declarations are never carried over, as they belong to the document they were given for.
 */

export interface PrefillParticipant {
  name: string;
  ndisNumber: string | null;
  dateOfBirth: string | null;
  address: string | null;
  emergencyContact: { name: string | null; relationship?: string | null; phone?: string | null } | null;
}

/** The participant's details as the plan's Participant Information fields hold them. */
export function participantFieldValues(p: PrefillParticipant): FieldValues {
  const values: FieldValues = { 'participant-name': p.name };
  if (p.ndisNumber) values['participant-ndis'] = p.ndisNumber;
  if (p.dateOfBirth) values['participant-dob'] = p.dateOfBirth;
  if (p.address) values['participant-address'] = p.address;
  if (p.emergencyContact?.name) {
    const { name, relationship, phone } = p.emergencyContact;
    const who = relationship ? `${name} (${relationship.toLowerCase()})` : name;
    values['participant-emergency-contact'] = phone ? `${who}, ${phone}` : who;
  }
  return values;
}

function isCarried(field: Pick<FormField, 'id' | 'type'>): boolean {
  if (field.type === 'signature') return false;
  return !/consent|declaration/.test(field.id);
}

function isEmpty(value: FieldValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The new plan's values over its template's fields: the participant's, then the assessment's. */
export function planPrefillValues(
  fields: readonly Pick<FormField, 'id' | 'type'>[],
  participant: PrefillParticipant,
  assessmentValues: FieldValues | null,
): FieldValues {
  const fromParticipant = participantFieldValues(participant);
  const values: FieldValues = {};
  for (const field of fields) {
    const own = fromParticipant[field.id];
    if (own !== undefined) {
      values[field.id] = own;
      continue;
    }
    const assessed = assessmentValues?.[field.id];
    if (assessmentValues && isCarried(field) && !isEmpty(assessed)) values[field.id] = assessed!;
  }
  return values;
}
