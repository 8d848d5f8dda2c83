import { teamRoles } from '@wattle/domain/auth/roles';
import { templateSetIds } from '@wattle/domain/care-teams/template-sets';
import {
  defaultMonashModelChoice,
  readMonashModelChoice,
  readStateChoice,
} from '../participants/participant-location-values';
import { careTeamDraftPrefix, forgetCareTeamDrafts } from './forget-care-team-drafts';
import { emptyWizardDraft, type MemberDraft, type WizardDraft } from './wizard-draft';
import { type WizardStep, wizardSteps } from './wizard-steps';

/**
 * The Create care team wizard keeps what was typed in sessionStorage until the team is created or
 * the wizard is cancelled, so a reload, closing the drawer or a refusal loses nothing. It holds
 * health information, so it lives in the tab's session storage (gone when the tab closes), under the
 * person and tenant it belongs to, and drafts of anyone else are removed when the wizard opens.
 *
 * Key: `wattle.careTeamDraft.<userId>.<tenantId>` → `{ v: 1, step, values, idempotencyKey }`.
 */
export interface StoredWizard {
  step: WizardStep;
  values: WizardDraft;
  /** Sent with Create Team so a retry after a lost answer cannot make a second team. */
  idempotencyKey: string;
}

function keyOf(userId: string, tenantId: string): string {
  return `${careTeamDraftPrefix}.${userId}.${tenantId}`;
}

export function newIdempotencyKey(): string {
  return `care-team-${crypto.randomUUID()}`;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function textGroup<K extends string>(value: unknown, keys: readonly K[]): Record<K, string> {
  const source = isRecord(value) ? value : {};
  return Object.fromEntries(keys.map((key) => [key, text(source[key])])) as Record<K, string>;
}

function member(value: unknown): MemberDraft | null {
  if (!isRecord(value) || typeof value.email !== 'string') return null;
  const role = (teamRoles as readonly unknown[]).includes(value.role)
    ? (value.role as MemberDraft['role'])
    : null;
  return role ? { email: value.email, role } : null;
}

/** A stored draft read back field by field: whatever is missing or malformed falls back to empty. */
export function parseStoredWizard(raw: unknown): StoredWizard | null {
  if (!isRecord(raw) || raw.v !== 1 || !isRecord(raw.values)) return null;
  const values = raw.values;
  const empty = emptyWizardDraft();
  const participant = isRecord(values.participant) ? values.participant : {};
  const existing = isRecord(values.existingParticipant) ? values.existingParticipant : null;
  const draft: WizardDraft = {
    participantMode: values.participantMode === 'existing' ? 'existing' : 'new',
    participant: {
      ...textGroup(participant, [
        'name',
        'ndisNumber',
        'dateOfBirth',
        'phone',
        'address',
        'preferences',
        'medicalInfo',
        'communicationNeeds',
      ] as const),
      state: readStateChoice(participant.state, ''),
      monashModel: readMonashModelChoice(participant.monashModel, defaultMonashModelChoice),
      emergencyContact: textGroup(participant.emergencyContact, ['name', 'relationship', 'phone'] as const),
      guardian: textGroup(participant.guardian, ['name', 'relationship', 'phone', 'email'] as const),
      goals: Array.isArray(participant.goals)
        ? participant.goals.filter((goal) => typeof goal === 'string')
        : [],
    },
    existingParticipant:
      existing && typeof existing.id === 'string' && typeof existing.name === 'string'
        ? { id: existing.id, name: existing.name }
        : null,
    teamName: typeof values.teamName === 'string' ? values.teamName : empty.teamName,
    members: Array.isArray(values.members)
      ? values.members.map(member).filter((entry): entry is MemberDraft => entry !== null)
      : [],
    templateSet: (templateSetIds as readonly unknown[]).includes(values.templateSet)
      ? (values.templateSet as WizardDraft['templateSet'])
      : null,
  };
  const step = (wizardSteps as readonly unknown[]).includes(raw.step)
    ? (raw.step as WizardStep)
    : 'participant';
  const idempotencyKey = typeof raw.idempotencyKey === 'string' ? raw.idempotencyKey : newIdempotencyKey();
  return { step, values: draft, idempotencyKey };
}

/** The person's draft in this tenant; drafts other people left in this tab are removed. */
export function readWizardDraft(userId: string, tenantId: string): StoredWizard | null {
  forgetCareTeamDrafts({ keepUserId: userId });
  try {
    const raw = session()?.getItem(keyOf(userId, tenantId)) ?? null;
    return raw === null ? null : parseStoredWizard(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeWizardDraft(userId: string, tenantId: string, stored: StoredWizard): void {
  try {
    session()?.setItem(keyOf(userId, tenantId), JSON.stringify({ v: 1, ...stored }));
  } catch {
    // Full or blocked storage: the draft lives only as long as the page.
  }
}

export function forgetWizardDraft(userId: string, tenantId: string): void {
  try {
    session()?.removeItem(keyOf(userId, tenantId));
  } catch {
    // Blocked storage held nothing.
  }
}
