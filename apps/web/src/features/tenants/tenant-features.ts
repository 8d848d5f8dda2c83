import type { TenantFeature } from '@wattle/domain/tenants/features';
import { tenantFeaturesOf } from '@wattle/domain/tenants/features';
import type { TenantFeatures } from '@wattle/domain/tenants/schemas';
import { useCurrentTenant } from './api';

/**
 * The current organisation's feature flags (tenants/features.ts in the domain): the web app hides
 * what is off, as the server refuses it (403 FEATURE_OFF). A flag the list does not carry is on.
 */
export function useTenantFeatures(): TenantFeatures {
  const { tenant } = useCurrentTenant();
  return tenantFeaturesOf(tenant.features);
}

/** Whether a feature is on for the current organisation; null (no feature) is always on. */
export function useIsFeatureOn(feature: TenantFeature | null): boolean {
  const features = useTenantFeatures();
  return feature === null || features[feature];
}
