import {
  type CreateParticipant,
  cleanTextList,
  DateOfBirthSchema,
  EmergencyContactInputSchema,
  GuardianInputSchema,
  NdisNumberSchema,
  type Participant,
  ParticipantNameSchema,
  type ParticipantStatus,
  ParticipantStatusSchema,
  participantFieldsShape,
  participantMessages,
  TextListSchema,
  type UpdateParticipant,
} from '@wattle/domain/participants/schemas';
import { z } from 'zod';
import {
  defaultMonashModelChoice,
  MonashModelChoiceSchema,
  monashModelOfChoice,
  readMonashModelChoice,
  readStateChoice,
  type StateChoice,
  StateChoiceSchema,
  stateChoiceOf,
  stateOfChoice,
} from './participant-location-values';

/**
 * The participant form's values (spec work section 2 "Participant form", 3 "Participant") as typed:
 * every field a string ('' for "not given"), goals and alerts as lists. Pure functions turn them into
 * the POST and PATCH bodies, compare them, and carry a person's typing over someone else's save.
 */

export interface ParticipantFormValues {
  name: string;
  ndisNumber: string;
  dateOfBirth: string;
  phone: string;
  address: string;
  /** '' for "Same as organisation". */
  state: StateChoice;
  /** The MMM level as the select holds it, '1' to '7'. */
  monashModel: string;
  status: ParticipantStatus;
  emergencyContact: { name: string; relationship: string; phone: string };
  guardian: { name: string; relationship: string; phone: string; email: string };
  goals: string[];
  alerts: string[];
  preferences: string;
  medicalInfo: string;
  communicationNeeds: string;
  /** '' for no team. */
  teamId: string;
}

export type ParticipantFormField = keyof ParticipantFormValues;

export const participantFormFields = [
  'name',
  'ndisNumber',
  'dateOfBirth',
  'phone',
  'address',
  'state',
  'monashModel',
  'status',
  'emergencyContact',
  'guardian',
  'goals',
  'alerts',
  'preferences',
  'medicalInfo',
  'communicationNeeds',
  'teamId',
] as const satisfies readonly ParticipantFormField[];

/** What each field is called on the form, for messages that name fields. */
export const participantFieldLabels: Record<ParticipantFormField, string> = {
  name: 'Full Name',
  ndisNumber: 'NDIS Number',
  dateOfBirth: 'Date of Birth',
  phone: 'Phone',
  address: 'Address',
  state: 'State or Territory',
  monashModel: 'Remoteness (MMM)',
  status: 'Status',
  emergencyContact: 'Emergency Contact',
  guardian: 'Guardian/Support Person',
  goals: 'Support Goals',
  alerts: 'Important Alerts',
  preferences: 'Preferences',
  medicalInfo: 'Medical Information',
  communicationNeeds: 'Communication Needs',
  teamId: 'Team',
};

export function emptyParticipantValues(teamId = ''): ParticipantFormValues {
  return {
    name: '',
    ndisNumber: '',
    dateOfBirth: '',
    phone: '',
    address: '',
    state: '',
    monashModel: defaultMonashModelChoice,
    status: 'pending',
    emergencyContact: { name: '', relationship: '', phone: '' },
    guardian: { name: '', relationship: '', phone: '', email: '' },
    goals: [],
    alerts: [],
    preferences: '',
    medicalInfo: '',
    communicationNeeds: '',
    teamId,
  };
}

export function valuesOfParticipant(participant: Participant): ParticipantFormValues {
  return {
    name: participant.name,
    ndisNumber: participant.ndisNumber,
    dateOfBirth: participant.dateOfBirth,
    phone: participant.phone ?? '',
    address: participant.address ?? '',
    state: stateChoiceOf(participant.state),
    monashModel: String(participant.monashModel),
    status: participant.status,
    emergencyContact: {
      name: participant.emergencyContact?.name ?? '',
      relationship: participant.emergencyContact?.relationship ?? '',
      phone: participant.emergencyContact?.phone ?? '',
    },
    guardian: {
      name: participant.guardian?.name ?? '',
      relationship: participant.guardian?.relationship ?? '',
      phone: participant.guardian?.phone ?? '',
      email: participant.guardian?.email ?? '',
    },
    goals: [...participant.goals],
    alerts: [...participant.alerts],
    preferences: participant.preferences ?? '',
    medicalInfo: participant.medicalInfo ?? '',
    communicationNeeds: participant.communicationNeeds ?? '',
    teamId: participant.teamId ?? '',
  };
}

/** Today as yyyy-mm-dd on this device: the server checks again in the tenant's time zone. */
export function localToday(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * The form's checks: the server's own schemas (spec work section 5: name, a 9-digit NDIS number and
 * date of birth required, with the spec's messages) plus a date of birth that is not in the future.
 */
export const ParticipantFormSchema = z.object({
  name: ParticipantNameSchema,
  ndisNumber: NdisNumberSchema,
  dateOfBirth: DateOfBirthSchema.refine(
    (value) => value <= localToday(),
    participantMessages.dateOfBirthFuture,
  ),
  phone: participantFieldsShape.phone,
  address: participantFieldsShape.address,
  state: StateChoiceSchema,
  monashModel: MonashModelChoiceSchema,
  status: ParticipantStatusSchema,
  emergencyContact: EmergencyContactInputSchema,
  guardian: GuardianInputSchema,
  goals: TextListSchema,
  alerts: TextListSchema,
  preferences: participantFieldsShape.preferences,
  medicalInfo: participantFieldsShape.medicalInfo,
  communicationNeeds: participantFieldsShape.communicationNeeds,
  teamId: z.string(),
});

/** Empty text is "not given": the server stores null rather than ''. */
function given(value: string): string | null {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

function givenGroup<T extends Record<string, string>>(group: T): { [K in keyof T]: string | null } | null {
  const entries = Object.entries(group).map(([key, value]) => [key, given(value)] as const);
  if (entries.every(([, value]) => value === null)) return null;
  return Object.fromEntries(entries) as { [K in keyof T]: string | null };
}

/** The API's value of one field of the form. */
function apiValue(values: ParticipantFormValues, field: ParticipantFormField): unknown {
  switch (field) {
    case 'name':
    case 'ndisNumber':
      return values[field].trim();
    case 'dateOfBirth':
    case 'status':
      return values[field];
    case 'emergencyContact':
    case 'guardian':
      return givenGroup(values[field]);
    case 'goals':
    case 'alerts':
      return cleanTextList(values[field]);
    case 'teamId':
      return values.teamId || null;
    case 'state':
      return stateOfChoice(values.state);
    case 'monashModel':
      return monashModelOfChoice(values.monashModel);
    default:
      return given(values[field]);
  }
}

/** `POST /api/participants`: new participants start pending, so the status is not sent. */
export function toCreateParticipant(values: ParticipantFormValues): CreateParticipant {
  return {
    name: apiValue(values, 'name') as string,
    ndisNumber: apiValue(values, 'ndisNumber') as string,
    dateOfBirth: values.dateOfBirth,
    phone: given(values.phone),
    address: given(values.address),
    state: stateOfChoice(values.state),
    monashModel: monashModelOfChoice(values.monashModel),
    emergencyContact: givenGroup(values.emergencyContact),
    guardian: givenGroup(values.guardian),
    goals: cleanTextList(values.goals),
    alerts: cleanTextList(values.alerts),
    preferences: given(values.preferences),
    medicalInfo: given(values.medicalInfo),
    communicationNeeds: given(values.communicationNeeds),
    teamId: values.teamId || null,
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Fields whose value (as the API would store it) differs between two sets of values. */
export function changedFields(
  before: ParticipantFormValues,
  after: ParticipantFormValues,
): ParticipantFormField[] {
  return participantFormFields.filter((field) => !sameValue(apiValue(before, field), apiValue(after, field)));
}

/** `PATCH /api/participants/{id}`: the fields changed since `original`, from `version`. */
export function toParticipantPatch(
  original: ParticipantFormValues,
  values: ParticipantFormValues,
  version: number,
): UpdateParticipant {
  const patch: Record<string, unknown> = { version };
  for (const field of changedFields(original, values)) patch[field] = apiValue(values, field);
  return patch as UpdateParticipant;
}

export interface Rebased {
  /** What the form holds now: the person's changes laid over the record as it is now. */
  values: ParticipantFormValues;
  /** Fields both the person and someone else changed, each differently: theirs is replaced by the person's. */
  overlapping: ParticipantFormField[];
  /** Fields only someone else changed: the form now shows their value. */
  takenFromServer: ParticipantFormField[];
}

/**
 * After someone else saved the participant (409 with the record as it is now): keeps every field the
 * person changed since `original` as they typed it, and takes the rest from `current`. Nothing typed
 * is lost; saving again sends the person's changes from the new version.
 */
export function rebaseOnCurrent(
  original: ParticipantFormValues,
  typed: ParticipantFormValues,
  current: ParticipantFormValues,
): Rebased {
  const mine = new Set(changedFields(original, typed));
  const theirs = changedFields(original, current);
  const values = { ...current } as Record<ParticipantFormField, unknown>;
  for (const field of mine) values[field] = typed[field];
  return {
    values: values as unknown as ParticipantFormValues,
    overlapping: theirs.filter(
      (field) => mine.has(field) && !sameValue(apiValue(typed, field), apiValue(current, field)),
    ),
    takenFromServer: theirs.filter((field) => !mine.has(field)),
  };
}

/**
 * The form field a path of the server's 400 details belongs to (`['guardian', 'email']` is
 * `guardian.email`; a goal's index is the goals list), or null when none.
 */
export function formPathOfIssue(path: readonly (string | number)[]): string | null {
  const [head, second] = path;
  if (typeof head !== 'string' || !(participantFormFields as readonly string[]).includes(head)) return null;
  if ((head === 'emergencyContact' || head === 'guardian') && typeof second === 'string')
    return `${head}.${second}`;
  return head;
}

/** True when something was typed beyond the starting values (leaving asks first; the draft keeps it). */
export function hasChanges(original: ParticipantFormValues, values: ParticipantFormValues): boolean {
  return !sameValue(original, values);
}

/** A stored draft's values read back field by field: anything missing or malformed falls back to `fallback`. */
export function parseStoredValues(raw: unknown, fallback: ParticipantFormValues): ParticipantFormValues {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fallback;
  const record = raw as Record<string, unknown>;
  const text = (value: unknown, otherwise: string) => (typeof value === 'string' ? value : otherwise);
  const group = <T extends Record<string, string>>(value: unknown, base: T): T => {
    const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    return Object.fromEntries(
      Object.keys(base).map((key) => [key, text(source[key], base[key] as string)]),
    ) as T;
  };
  const list = (value: unknown, otherwise: string[]) =>
    Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : otherwise;
  const status = ParticipantStatusSchema.safeParse(record.status);
  return {
    name: text(record.name, fallback.name),
    ndisNumber: text(record.ndisNumber, fallback.ndisNumber),
    dateOfBirth: text(record.dateOfBirth, fallback.dateOfBirth),
    phone: text(record.phone, fallback.phone),
    address: text(record.address, fallback.address),
    state: readStateChoice(record.state, fallback.state),
    monashModel: readMonashModelChoice(record.monashModel, fallback.monashModel),
    status: status.success ? status.data : fallback.status,
    emergencyContact: group(record.emergencyContact, fallback.emergencyContact),
    guardian: group(record.guardian, fallback.guardian),
    goals: list(record.goals, fallback.goals),
    alerts: list(record.alerts, fallback.alerts),
    preferences: text(record.preferences, fallback.preferences),
    medicalInfo: text(record.medicalInfo, fallback.medicalInfo),
    communicationNeeds: text(record.communicationNeeds, fallback.communicationNeeds),
    teamId: text(record.teamId, fallback.teamId),
  };
}
