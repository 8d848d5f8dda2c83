import type { TeamRole } from '@wattle/domain/auth/roles';
import type { ParticipantDraft } from './wizard-draft';

/**
 * The wizard's 'Fill Demo Data' helper (spec work section 2), offered only when the server runs in
 * demo mode: plausible values for the step on screen, so a demonstration need not type them. The
 * NDIS number is random (43 and seven digits, as the demo participants' are) so that filling twice
 * does not run into the tenant's unique-number rule.
 */

const people = [
  { first: 'Alex', last: 'Nguyen', guardian: 'Linh Nguyen', relationship: 'Mother' },
  { first: 'Sam', last: 'Okafor', guardian: 'Grace Okafor', relationship: 'Sister' },
  { first: 'Charlie', last: 'Walker', guardian: 'Peter Walker', relationship: 'Father' },
  { first: 'Jamie', last: 'Rossi', guardian: 'Maria Rossi', relationship: 'Grandmother' },
] as const;

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length) % list.length] as T;
}

export function demoNdisNumber(random: () => number = Math.random): string {
  let digits = '43';
  while (digits.length < 9) digits += String(Math.floor(random() * 10) % 10);
  return digits;
}

export function demoParticipant(random: () => number = Math.random): ParticipantDraft {
  const person = pick(people, random);
  const slug = person.guardian.toLowerCase().replace(/\s+/g, '.');
  return {
    name: `${person.first} ${person.last}`,
    ndisNumber: demoNdisNumber(random),
    dateOfBirth: '2006-08-19',
    phone: '0412 345 678',
    address: '12 Banksia Street, Parramatta NSW 2150',
    // Parramatta is metropolitan Sydney, in the demo organisations' state.
    state: '',
    monashModel: '1',
    emergencyContact: { name: person.guardian, relationship: person.relationship, phone: '0498 765 432' },
    guardian: {
      name: person.guardian,
      relationship: person.relationship,
      phone: '0498 765 432',
      email: `${slug}@example.com`,
    },
    goals: ['Use public transport independently', 'Join a local sports club'],
    preferences: 'Prefers morning sessions and a quiet space.',
    medicalInfo: 'Mild asthma: reliever puffer in backpack.',
    communicationNeeds: 'Short sentences; allow extra time to respond.',
  };
}

export function demoTeamName(participantName: string): string {
  const first = participantName.trim().split(/\s+/)[0];
  return first ? `${first}'s Care Team` : 'Care Team';
}

export const demoMember: { email: string; role: TeamRole } = {
  email: 'new.support.worker@example.com',
  role: 'Support Worker',
};
