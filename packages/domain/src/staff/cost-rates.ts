import { z } from 'zod';
import { MembershipRoleSchema } from '../auth/role-schemas';
import { formatCents, parseDollarsToCents } from '../participants/plans';

/**
 * Each person's hourly cost rate in an organisation (issue 17, settings user/rates): what the
 * organisation pays the worker an hour. It is not what the organisation bills: billing uses time
 * codes. Owners and admins (manage:rates) read and set it; it is null until set.
 */

/** The highest cost rate a person may have: $1,000.00 an hour. */
export const maxHourlyCostRateCents = 100_000;

export const costRateMessages = {
  range: 'Hourly cost rate must be between $0.00 and $1,000.00 an hour',
  format: 'Enter the hourly cost rate in dollars and cents, e.g. 68.45',
  wholeCents: 'Hourly cost rate must be in whole cents',
} as const;

export const StaffCostRateSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** The person's membership role in the organisation. */
  role: MembershipRoleSchema,
  /** Cents an hour; null when not set. */
  hourlyCostRateCents: z.number().int().nullable(),
});
export type StaffCostRate = z.infer<typeof StaffCostRateSchema>;

/** `PUT /api/staff/{userId}/cost-rate`: the rate in cents, or null to clear it. */
export const UpdateStaffCostRateSchema = z.object({
  hourlyCostRateCents: z
    .number({ error: costRateMessages.range })
    .int({ error: costRateMessages.wholeCents })
    .min(0, { error: costRateMessages.range })
    .max(maxHourlyCostRateCents, { error: costRateMessages.range })
    .nullable(),
});
export type UpdateStaffCostRate = z.infer<typeof UpdateStaffCostRateSchema>;

/**
 * A cost rate as typed ("68.45", "$75", "1,000") in cents; an empty field clears the rate (null).
 * Otherwise the message saying what is wrong, naming the field and its limits.
 */
export function readCostRate(text: string): { cents: number | null } | { error: string } {
  if (!text.trim()) return { cents: null };
  const cents = parseDollarsToCents(text);
  if (cents === null) return { error: costRateMessages.format };
  if (cents > maxHourlyCostRateCents) return { error: costRateMessages.range };
  return { cents };
}

/** Cents as the field shows them: 6845 → "68.45", null → "". */
export function costRateText(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

/** "$68.45 an hour", or "Not set". */
export function costRateLabel(cents: number | null): string {
  return cents === null ? 'Not set' : `${formatCents(cents)} an hour`;
}
