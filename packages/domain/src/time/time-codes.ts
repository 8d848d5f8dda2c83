import { z } from 'zod';
import { formatCents, type SupportCategoryNumber, supportCategories } from '../participants/plans';
import { AustralianStateSchema, SupportItemNumberSchema } from './catalogue';

/**
 * Time codes (spec work section 3, Scheme time code; issue 14 part 2): the support items a tenant
 * bills time against, each with its description, category (core or capacity building), hourly rate
 * in cents and active flag. The rate is never above the item's price limit for the tenant's state.
 * Inactive codes stay listed, shown disabled, so past entries keep their code.
 */

export const timeCodeCategories = ['core', 'capacity'] as const;
export const TimeCodeCategorySchema = z.enum(timeCodeCategories);
export type TimeCodeCategory = z.infer<typeof TimeCodeCategorySchema>;

export const timeCodeCategoryLabels = {
  core: 'Core',
  capacity: 'Capacity Building',
} as const satisfies Record<TimeCodeCategory, string>;

/**
 * A support category's time code category: core for 01-04, capacity building for 07-15. Capital
 * supports (05, 06) are bought, not worked by the hour, so they have none.
 */
export function timeCodeCategoryOf(categoryNumber: SupportCategoryNumber): TimeCodeCategory | null {
  const purpose = supportCategories.find((c) => c.number === categoryNumber)?.purpose;
  return purpose === 'core' || purpose === 'capacity' ? purpose : null;
}

/** The catalogue's units of measure, as a sentence says them. */
const unitWords: Record<string, string> = {
  H: 'hour',
  E: 'each',
  D: 'day',
  WK: 'week',
  MON: 'month',
  YR: 'year',
};

export function unitWord(unit: string): string {
  return unitWords[unit] ?? unit;
}

/** Hours are what a time code bills: only items priced by the hour (unit H) can be time codes. */
export const hourlyUnit = 'H';

/** The highest hourly rate accepted: $100,000.00, far above any price limit, to stop a slipped key. */
export const maxHourlyRateCents = 10_000_000;

export const timeCodeMessages = {
  description: 'Please enter a description',
  rate: 'Please enter an hourly rate above $0.00',
  rateTooHigh: `The hourly rate can be at most ${formatCents(maxHourlyRateCents)}`,
  noCatalogue:
    'Import the NDIS Support Catalogue first (Settings → Rates): time codes are chosen from its support items.',
  notInCatalogue: (code: string, yearLabel: string) =>
    `${code} is not in the ${yearLabel} NDIS Support Catalogue in force today.`,
  capital: (code: string, categoryName: string) =>
    `${code} is a capital support (${categoryName}); only core and capacity building supports can be time codes.`,
  notHourly: (code: string, unit: string) =>
    `${code} is priced per ${unitWord(unit)}, not per hour; a time code needs a support item priced by the hour.`,
  overLimit: (code: string, rateCents: number, limitCents: number, state: string) =>
    `The hourly rate ${formatCents(rateCents)} is above the ${state} price limit of ${formatCents(limitCents)} for ${code}.`,
  duplicate: (code: string) => `There is already a time code for ${code}.`,
  conflict: 'Someone else changed this time code since you opened it. Review their change and try again.',
  notFound: 'Time code not found',
} as const;

export const TimeCodeSchema = z.object({
  id: z.uuid(),
  /** The support item number the code bills, e.g. 01_011_0107_1_1. */
  code: z.string(),
  description: z.string(),
  category: TimeCodeCategorySchema,
  hourlyRateCents: z.number().int().positive(),
  isActive: z.boolean(),
  version: z.number().int().positive(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** The state whose price limits apply to the tenant (its address, else its time zone). */
  priceLimitState: AustralianStateSchema,
  /** The item's price limit there in the catalogue in force today; null without a limit or an item. */
  priceLimitCents: z.number().int().nonnegative().nullable(),
  /** Whether the catalogue in force today still lists the item. */
  isInCatalogue: z.boolean(),
});
export type TimeCode = z.infer<typeof TimeCodeSchema>;

const DescriptionSchema = z
  .string({ error: timeCodeMessages.description })
  .trim()
  .min(1, timeCodeMessages.description)
  .max(200, 'The description can be at most 200 characters');

const HourlyRateSchema = z
  .number({ error: timeCodeMessages.rate })
  .int('The hourly rate is in whole cents')
  .positive(timeCodeMessages.rate)
  .max(maxHourlyRateCents, timeCodeMessages.rateTooHigh);

/** `POST /api/time-codes`: the description defaults to the support item's name. */
export const CreateTimeCodeSchema = z.object({
  code: SupportItemNumberSchema,
  description: DescriptionSchema.optional(),
  hourlyRateCents: HourlyRateSchema,
  isActive: z.boolean().default(true),
});
export type CreateTimeCode = z.input<typeof CreateTimeCodeSchema>;
export type CreateTimeCodeParsed = z.output<typeof CreateTimeCodeSchema>;

/** `PATCH /api/time-codes/{id}`: the fields sent, from the version the edit started from. The code itself stays. */
export const UpdateTimeCodeSchema = z.object({
  version: z.number().int().positive(),
  description: DescriptionSchema.optional(),
  hourlyRateCents: HourlyRateSchema.optional(),
  isActive: z.boolean().optional(),
});
export type UpdateTimeCode = z.input<typeof UpdateTimeCodeSchema>;
export type UpdateTimeCodeParsed = z.output<typeof UpdateTimeCodeSchema>;
