import { z } from 'zod';
import { TenantFeaturesSchema } from '../tenants/schemas';

/** One organisation's feature flags as `/settings/global` lists them (global admins). */
export const TenantFeatureFlagsSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  features: TenantFeaturesSchema,
  /** The organisation's version: a change sends it, and a stale one answers 409. */
  version: z.number().int(),
});
export type TenantFeatureFlags = z.infer<typeof TenantFeatureFlagsSchema>;

export const UpdateTenantFeaturesSchema = z.object({
  version: z.number().int(),
  features: TenantFeaturesSchema.partial().refine((changes) => Object.keys(changes).length > 0, {
    message: 'Name at least one feature to turn on or off',
  }),
});
export type UpdateTenantFeatures = z.infer<typeof UpdateTenantFeaturesSchema>;
