import { defaultTeamRole, type TeamRole } from '@wattle/domain/auth/roles';
import type { CreateCareTeam } from '@wattle/domain/care-teams/schemas';
import type { TemplateSetId } from '@wattle/domain/care-teams/template-sets';
import { cleanTextList } from '@wattle/domain/participants/schemas';
import { defaultTeamName } from '@wattle/domain/teams/schemas';
import {
  defaultMonashModelChoice,
  monashModelOfChoice,
  type StateChoice,
  stateOfChoice,
} from '../participants/participant-location-values';

/**
 * What the Create care team wizard holds while it is filled in (spec work section 3, "Participant
 * draft" and "Team member invite"): every field as typed, so nothing is lost between steps, reloads
 * or a refusal from the server. `toCreateCareTeam` turns it into the one call of step 3.
 */

export interface ParticipantDraft {
  name: string;
  ndisNumber: string;
  dateOfBirth: string;
  phone: string;
  address: string;
  /** '' for "Same as organisation". */
  state: StateChoice;
  /** The MMM level as the select holds it, '1' to '7'. */
  monashModel: string;
  emergencyContact: { name: string; relationship: string; phone: string };
  guardian: { name: string; relationship: string; phone: string; email: string };
  goals: string[];
  preferences: string;
  medicalInfo: string;
  communicationNeeds: string;
}

export interface MemberDraft {
  email: string;
  role: TeamRole;
}

export interface WizardDraft {
  /** Step 1 makes a new participant, or picks one of the tenant's participants without a team. */
  participantMode: 'new' | 'existing';
  participant: ParticipantDraft;
  existingParticipant: { id: string; name: string } | null;
  teamName: string;
  members: MemberDraft[];
  templateSet: TemplateSetId | null;
}

export function emptyParticipantDraft(): ParticipantDraft {
  return {
    name: '',
    ndisNumber: '',
    dateOfBirth: '',
    phone: '',
    address: '',
    state: '',
    monashModel: defaultMonashModelChoice,
    emergencyContact: { name: '', relationship: '', phone: '' },
    guardian: { name: '', relationship: '', phone: '', email: '' },
    goals: [],
    preferences: '',
    medicalInfo: '',
    communicationNeeds: '',
  };
}

export function emptyWizardDraft(): WizardDraft {
  return {
    participantMode: 'new',
    participant: emptyParticipantDraft(),
    existingParticipant: null,
    teamName: defaultTeamName,
    members: [],
    templateSet: null,
  };
}

export const newMemberRole: TeamRole = defaultTeamRole;

/** Whether anything was typed or chosen beyond the defaults (Cancel asks before throwing it away). */
export function hasDraftInput(draft: WizardDraft): boolean {
  return JSON.stringify(draft) !== JSON.stringify(emptyWizardDraft());
}

/** Empty text means "not given": the server stores null rather than ''. */
function given(value: string): string | null {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

function givenGroup<T extends Record<string, string>>(group: T): { [K in keyof T]: string | null } | null {
  const entries = Object.entries(group).map(([key, value]) => [key, given(value)] as const);
  if (entries.every(([, value]) => value === null)) return null;
  return Object.fromEntries(entries) as { [K in keyof T]: string | null };
}

/** The body of `POST /api/care-teams` (CreateCareTeamSchema). */
export function toCreateCareTeam(draft: WizardDraft): CreateCareTeam {
  const participant =
    draft.participantMode === 'new'
      ? {
          participant: {
            name: draft.participant.name.trim(),
            ndisNumber: draft.participant.ndisNumber.trim(),
            dateOfBirth: draft.participant.dateOfBirth,
            phone: given(draft.participant.phone),
            address: given(draft.participant.address),
            state: stateOfChoice(draft.participant.state),
            monashModel: monashModelOfChoice(draft.participant.monashModel),
            emergencyContact: givenGroup(draft.participant.emergencyContact),
            guardian: givenGroup(draft.participant.guardian),
            goals: cleanTextList(draft.participant.goals),
            preferences: given(draft.participant.preferences),
            medicalInfo: given(draft.participant.medicalInfo),
            communicationNeeds: given(draft.participant.communicationNeeds),
          },
        }
      : { participantId: draft.existingParticipant?.id };
  return {
    ...participant,
    team: { name: draft.teamName.trim() },
    members: draft.members.map((member) => ({ email: member.email.trim().toLowerCase(), role: member.role })),
    // Step 3 refuses to send without a choice; the server answers 'Please select a template' anyway.
    templateSet: draft.templateSet as TemplateSetId,
  };
}

/** The spec's invite name: the part of the e-mail before the @, words capitalised (jane.doe → Jane Doe). */
export function nameFromEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  return local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
