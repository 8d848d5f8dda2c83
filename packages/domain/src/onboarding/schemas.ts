import { z } from 'zod';

/**
 * The onboarding form (spec shell section 2). Organisation name and consent are what the spec
 * requires; the server also needs a name for the first team, defaulting to 'Care Team'.
 */
export const OnboardingSchema = z.object({
  fullName: z.string().trim().max(100).optional().default(''),
  email: z
    .union([z.email().max(254), z.literal('')])
    .optional()
    .default(''),
  organisationName: z.string().trim().min(1, 'Organisation name is required').max(120),
  firstTeamName: z.string().trim().max(100).optional().default(''),
  consent: z.literal(true, { error: 'Consent to data access under the NDIS is required' }),
});
export type OnboardingInput = z.input<typeof OnboardingSchema>;
