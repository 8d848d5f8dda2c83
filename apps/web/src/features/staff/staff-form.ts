import {
  CheckSchema,
  RegistrationSchema,
  type StaffProfile,
  type UpdateStaffProfile,
} from '@wattle/domain/staff/schemas';
import { z } from 'zod';

/**
 * The staff profile form's values (every field as text, '' for nothing yet) and the schema that
 * checks them with the domain's messages and turns them into `PUT /api/staff/{userId}`'s body. A
 * check with neither number nor expiry date is "not recorded" (null).
 */

export interface StaffFormValues {
  qualifications: string[];
  specializations: string[];
  registrations: { type: string; number: string; expiryDate: string }[];
  supervisorId: string;
  workingWithChildrenCheck: { number: string; expiryDate: string };
  workerScreening: { number: string; expiryDate: string };
}

export function toStaffForm(profile: StaffProfile): StaffFormValues {
  const check = (value: StaffProfile['workerScreening']) => ({
    number: value?.number ?? '',
    expiryDate: value?.expiryDate ?? '',
  });
  return {
    qualifications: [...profile.qualifications],
    specializations: [...profile.specializations],
    registrations: profile.registrations.map((registration) => ({
      type: registration.type,
      number: registration.number,
      expiryDate: registration.expiryDate ?? '',
    })),
    supervisorId: profile.supervisorId ?? '',
    workingWithChildrenCheck: check(profile.workingWithChildrenCheck),
    workerScreening: check(profile.workerScreening),
  };
}

const CheckInputSchema = z.object({ number: z.string(), expiryDate: z.string() }).transform((value, ctx) => {
  if (!value.number.trim() && !value.expiryDate) return null;
  const parsed = CheckSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

const RegistrationInputSchema = z
  .object({ type: z.string(), number: z.string(), expiryDate: z.string() })
  .transform((value, ctx) => {
    const parsed = RegistrationSchema.safeParse({ ...value, expiryDate: value.expiryDate || null });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  });

export const StaffFormSchema = z.object({
  qualifications: z.array(z.string()),
  specializations: z.array(z.string()),
  registrations: z.array(RegistrationInputSchema).max(20, 'At most 20 registrations'),
  supervisorId: z.string().transform((value) => (value ? value : null)),
  workingWithChildrenCheck: CheckInputSchema,
  workerScreening: CheckInputSchema,
});

/** The PUT body: the form's checked values and the version the edit started from (none before the first save). */
export function toStaffUpdate(values: z.output<typeof StaffFormSchema>, version: number): UpdateStaffProfile {
  return { ...values, ...(version > 0 ? { version } : {}) };
}
