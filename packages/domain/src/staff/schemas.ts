import { z } from 'zod';

/**
 * Staff profiles (spec work section 3, Staff member; issue 13 part 7): qualifications,
 * registrations with number and expiry, specialisations, supervisor, the Working with Children
 * Check and the NDIS Worker Screening with their expiry dates. One per person per tenant.
 */

export const staffMessages = {
  registrationType: 'Please enter the registration type',
  registrationNumber: 'Please enter the registration number',
  checkNumber: 'Please enter the check number',
  expiryDate: 'Please enter the expiry date',
  /** The supervisor named is not a member (owner, admin or member) of the tenant. */
  supervisorNotFound: 'Supervisor not found',
  supervisorSelf: 'A person cannot be their own supervisor',
} as const;

/** An expiry within this many days notifies the person and their tenant admins. */
export const expiryWarningDays = 30;

const listOfText = z
  .array(z.string().max(200, 'Each entry must be no more than 200 characters'))
  .max(30)
  .transform((list) => list.map((entry) => entry.trim()).filter((entry) => entry.length > 0));

export const RegistrationSchema = z.object({
  type: z.string().trim().min(1, staffMessages.registrationType).max(100),
  number: z.string().trim().min(1, staffMessages.registrationNumber).max(50),
  expiryDate: z.iso.date({ error: staffMessages.expiryDate }).nullable(),
});
export type Registration = z.infer<typeof RegistrationSchema>;

export const CheckSchema = z.object({
  number: z.string().trim().min(1, staffMessages.checkNumber).max(50),
  expiryDate: z.iso.date({ error: staffMessages.expiryDate }),
});
export type Check = z.infer<typeof CheckSchema>;

export const UpdateStaffProfileSchema = z.object({
  /** The version the edit started from; absent for a person's first profile. */
  version: z.number().int().positive().optional(),
  qualifications: listOfText.default([]),
  registrations: z.array(RegistrationSchema).max(20).default([]),
  specializations: listOfText.default([]),
  supervisorId: z.uuid().nullable().default(null),
  workingWithChildrenCheck: CheckSchema.nullable().default(null),
  workerScreening: CheckSchema.nullable().default(null),
});
export type UpdateStaffProfile = z.input<typeof UpdateStaffProfileSchema>;

/**
 * `GET /api/staff/supervisors`: the people who may supervise, the tenant's members (owners, admins and
 * members; not guests, whose organisation is another, nor auditors, who only read).
 */
export const supervisorMembershipRoles = ['owner', 'admin', 'member'] as const;
export const StaffSupervisorSchema = z.object({ userId: z.uuid(), name: z.string() });
export type StaffSupervisor = z.infer<typeof StaffSupervisorSchema>;

/** `GET /api/staff`: a page of the profiles the caller may read, by name. */
export const StaffListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(200),
  offset: z.coerce.number().int().min(0).default(0),
});
export type StaffListQuery = z.infer<typeof StaffListQuerySchema>;

export const screeningStates = ['current', 'expiring', 'expired', 'missing'] as const;
export const ScreeningStateSchema = z.enum(screeningStates);
export type ScreeningState = z.infer<typeof ScreeningStateSchema>;

export const StaffProfileSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** The person's membership role in the tenant. */
  role: z.string(),
  joinedAt: z.iso.datetime({ offset: true }),
  qualifications: z.array(z.string()),
  registrations: z.array(RegistrationSchema),
  specializations: z.array(z.string()),
  supervisorId: z.uuid().nullable(),
  supervisorName: z.string().nullable(),
  workingWithChildrenCheck: CheckSchema.nullable(),
  workerScreening: CheckSchema.nullable(),
  /** The NDIS Worker Screening's standing today (tenant time zone). */
  screening: ScreeningStateSchema,
  /** The Working with Children Check's standing today. */
  childrenCheck: ScreeningStateSchema,
  /** 0 until the profile is first saved. */
  version: z.number().int(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type StaffProfile = z.infer<typeof StaffProfileSchema>;

/** Where a check with this expiry date stands on `today` (yyyy-mm-dd). */
export function checkState(today: string, check: { expiryDate: string | null } | null): ScreeningState {
  if (!check?.expiryDate) return 'missing';
  if (check.expiryDate < today) return 'expired';
  const days = Math.round(
    (Date.parse(`${check.expiryDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
  return days <= expiryWarningDays ? 'expiring' : 'current';
}

export const screeningStateLabels = {
  current: 'Current',
  expiring: 'Expiring soon',
  expired: 'Expired',
  missing: 'Not recorded',
} as const satisfies Record<ScreeningState, string>;
