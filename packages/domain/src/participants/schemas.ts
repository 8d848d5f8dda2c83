import { z } from 'zod';
import { AustralianStateSchema, MonashModelSchema } from '../time/catalogue';
import { defaultMonashModel, ParticipantMonashModelSchema, ParticipantStateSchema } from './location';

/**
 * Participants (spec work sections 2 "Participant form", 3 "Participant" and "Participant draft",
 * 4 "Participant status", 5 "Participant" and "Wizard"). A participant is health information: the
 * server sends the full record only to those who may read it, and a family guardian gets the
 * summary (`ParticipantSummarySchema`).
 */

export const participantStatuses = ['active', 'inactive', 'pending'] as const;
export const ParticipantStatusSchema = z.enum(participantStatuses);
export type ParticipantStatus = z.infer<typeof ParticipantStatusSchema>;
export const participantStatusLabels = {
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending',
} as const satisfies Record<ParticipantStatus, string>;

/** The spec's messages (section 5, Wizard), shared by the form, the wizard and the server. */
export const participantMessages = {
  name: 'Please enter participant name',
  ndisNumber: 'Please enter a valid 9-digit NDIS number',
  dateOfBirth: 'Please enter date of birth',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  phone: 'Please enter a valid phone number',
  email: 'Please enter a valid email address',
} as const;

export const ndisNumberLength = 9;
export const NdisNumberSchema = z
  .string({ error: participantMessages.ndisNumber })
  .trim()
  .regex(/^\d{9}$/, participantMessages.ndisNumber);

export const ParticipantNameSchema = z
  .string({ error: participantMessages.name })
  .trim()
  .min(1, participantMessages.name)
  .max(100, 'Name must be no more than 100 characters');

export const DateOfBirthSchema = z
  .string({ error: participantMessages.dateOfBirth })
  .trim()
  .min(1, participantMessages.dateOfBirth)
  .pipe(z.iso.date({ error: participantMessages.dateOfBirth }))
  .refine((value) => value >= '1900-01-01', participantMessages.dateOfBirth);

/** Free text that may be left empty: trimmed, and '' read as "none" (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be no more than ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

const phoneText = z
  .string()
  .trim()
  .max(30, participantMessages.phone)
  .refine((value) => value === '' || /^[+()\d][\d\s()+-]{5,29}$/.test(value), participantMessages.phone);

const optionalPhone = phoneText.nullish().transform((value) => (value ? value : null));

/**
 * For a PATCH: a field left out stays as it is (undefined), while '' or null clears it. The
 * `optional*` helpers above turn a missing field into null, which in a PATCH would wipe it.
 */
const patchText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be no more than ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null))
    .optional();

const patchPhone = phoneText
  .nullable()
  .transform((value) => (value ? value : null))
  .optional();

const optionalEmail = z
  .string()
  .trim()
  .max(254, participantMessages.email)
  .refine((value) => value === '' || z.email().safeParse(value).success, participantMessages.email)
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null));

/** Goals and alerts: trimmed, empty ones dropped (spec work section 5). */
export const TextListSchema = z
  .array(z.string().max(500, 'Each entry must be no more than 500 characters'))
  .max(50, 'At most 50 entries')
  .transform((list) => list.map((entry) => entry.trim()).filter((entry) => entry.length > 0));

/** Trims and drops empty entries, for forms that build a list before sending it. */
export function cleanTextList(list: readonly string[]): string[] {
  return list.map((entry) => entry.trim()).filter((entry) => entry.length > 0);
}

export const EmergencyContactInputSchema = z.object({
  name: optionalText(100),
  relationship: optionalText(100),
  phone: optionalPhone,
});
export const GuardianInputSchema = z.object({
  name: optionalText(100),
  relationship: optionalText(100),
  phone: optionalPhone,
  email: optionalEmail,
});

export const EmergencyContactSchema = z.object({
  name: z.string().nullable(),
  relationship: z.string().nullable(),
  phone: z.string().nullable(),
});
export type EmergencyContact = z.infer<typeof EmergencyContactSchema>;
export const GuardianSchema = z.object({
  name: z.string().nullable(),
  relationship: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type Guardian = z.infer<typeof GuardianSchema>;

/** The fields a participant is created with (the participant form and step 1 of the wizard). */
export const participantFieldsShape = {
  name: ParticipantNameSchema,
  ndisNumber: NdisNumberSchema,
  dateOfBirth: DateOfBirthSchema,
  phone: optionalPhone,
  address: optionalText(300),
  emergencyContact: EmergencyContactInputSchema.nullish(),
  guardian: GuardianInputSchema.nullish(),
  goals: TextListSchema.optional(),
  alerts: TextListSchema.optional(),
  preferences: optionalText(2000),
  medicalInfo: optionalText(4000),
  communicationNeeds: optionalText(2000),
  /** Null (or left out): "Same as organisation", priced in the tenant's state (location.ts). */
  state: ParticipantStateSchema.nullish().transform((value) => value ?? null),
  monashModel: ParticipantMonashModelSchema.default(defaultMonashModel),
};

/** `POST /api/participants`: a new participant starts as pending (spec work section 4). */
export const CreateParticipantSchema = z.object({
  ...participantFieldsShape,
  teamId: z.uuid().nullish(),
});
export type CreateParticipant = z.input<typeof CreateParticipantSchema>;
export type CreateParticipantParsed = z.output<typeof CreateParticipantSchema>;

/** `PATCH /api/participants/{id}`: the fields that change, with the version the edit started from. */
export const UpdateParticipantSchema = z.object({
  version: z.number().int().positive(),
  name: ParticipantNameSchema.optional(),
  ndisNumber: NdisNumberSchema.optional(),
  dateOfBirth: DateOfBirthSchema.optional(),
  phone: patchPhone,
  address: patchText(300),
  emergencyContact: participantFieldsShape.emergencyContact,
  guardian: participantFieldsShape.guardian,
  goals: TextListSchema.optional(),
  alerts: TextListSchema.optional(),
  preferences: patchText(2000),
  medicalInfo: patchText(4000),
  communicationNeeds: patchText(2000),
  /** null moves the participant back to the organisation's state. */
  state: ParticipantStateSchema.nullable().optional(),
  monashModel: ParticipantMonashModelSchema.optional(),
  status: ParticipantStatusSchema.optional(),
  teamId: z.uuid().nullish(),
});
export type UpdateParticipant = z.input<typeof UpdateParticipantSchema>;
export type UpdateParticipantParsed = z.output<typeof UpdateParticipantSchema>;

/** `POST /api/participants/{id}/archive` and `/restore`: the version the caller saw. */
export const ParticipantVersionSchema = z.object({ version: z.number().int().positive() });

/** The full record, for those who may read participants (DESIGN.md section 5). */
export const ParticipantSchema = z.object({
  view: z.literal('full'),
  id: z.uuid(),
  tenantId: z.uuid(),
  name: z.string(),
  ndisNumber: z.string(),
  dateOfBirth: z.iso.date(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  emergencyContact: EmergencyContactSchema.nullable(),
  guardian: GuardianSchema.nullable(),
  goals: z.array(z.string()),
  alerts: z.array(z.string()),
  preferences: z.string().nullable(),
  medicalInfo: z.string().nullable(),
  communicationNeeds: z.string().nullable(),
  /** The participant's own state; null is "Same as organisation" (the tenant's state prices them). */
  state: AustralianStateSchema.nullable(),
  /** Remoteness on the Modified Monash Model, 1-7. */
  monashModel: MonashModelSchema,
  status: ParticipantStatusSchema,
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
  teamSlug: z.string().nullable(),
  planStartDate: z.iso.date().nullable(),
  planEndDate: z.iso.date().nullable(),
  archivedAt: z.iso.datetime({ offset: true }).nullable(),
  lastActivity: z.iso.datetime({ offset: true }),
  version: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Participant = z.infer<typeof ParticipantSchema>;

/**
 * What a family guardian reads of their own participant: name, goals, alerts and plan dates; no
 * NDIS number, date of birth, contact, medical information or where they live.
 */
export const ParticipantSummarySchema = z.object({
  view: z.literal('summary'),
  id: z.uuid(),
  name: z.string(),
  goals: z.array(z.string()),
  alerts: z.array(z.string()),
  status: ParticipantStatusSchema,
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
  teamSlug: z.string().nullable(),
  planStartDate: z.iso.date().nullable(),
  planEndDate: z.iso.date().nullable(),
});
export type ParticipantSummary = z.infer<typeof ParticipantSummarySchema>;

export const ParticipantViewSchema = z.discriminatedUnion('view', [
  ParticipantSchema,
  ParticipantSummarySchema,
]);
export type ParticipantView = z.infer<typeof ParticipantViewSchema>;

/** One row of `GET /api/participants`. A family guardian's rows carry no NDIS number. */
export const ParticipantListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  ndisNumber: z.string().nullable(),
  status: ParticipantStatusSchema,
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
  teamSlug: z.string().nullable(),
  planEndDate: z.iso.date().nullable(),
  alertCount: z.number().int().nonnegative(),
  archivedAt: z.iso.datetime({ offset: true }).nullable(),
  lastActivity: z.iso.datetime({ offset: true }),
});
export type ParticipantListItem = z.infer<typeof ParticipantListItemSchema>;

export const participantSortKeys = ['name', 'status', 'team', 'planEnd', 'alerts', 'lastActivity'] as const;
export const ParticipantListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  teamId: z.uuid().optional(),
  status: ParticipantStatusSchema.optional(),
  /** Archived participants are left out unless asked for. */
  archived: z.enum(['true', 'false']).optional(),
  sort: z.enum(participantSortKeys).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ParticipantListQuery = z.infer<typeof ParticipantListQuerySchema>;

/**
 * The spec's draft id (section 3, Participant draft): participant_ + up to 5 lower-case letters of
 * the name + the last 4 digits of the NDIS number. Shown as the participant's reference; records
 * are keyed by uuid, since two people may share it.
 */
export function participantReference(name: string, ndisNumber: string): string {
  const letters = name
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .slice(0, 5);
  return `participant_${letters}${ndisNumber.slice(-4)}`;
}

/** Initials for the Summary card's avatar: first letters of the first and last words. */
export function participantInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return `${first}${last}`.toUpperCase();
}
