import { tenantFeaturesOf } from '@wattle/domain/tenants/features';
import type { Tenant, TenantSummary } from '@wattle/domain/tenants/schemas';
import type { tenants } from '../../db/schema/tenants';

export type TenantRow = typeof tenants.$inferSelect;

export function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    logo: row.logoUrl,
    prefix: row.prefix,
    isInternal: row.isInternal,
    timeZone: row.timeZone,
    settings: row.settings,
    profile: row.profile,
    features: tenantFeaturesOf(row.features),
    subscription: row.subscription,
    auditConfig: row.auditConfig,
    billingConfig: row.billingConfig,
    security: { sessionIdleMinutes: row.sessionIdleMinutes, allowedEmailDomains: row.allowedEmailDomains },
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTenantSummary(
  row: TenantRow,
  extra: Pick<TenantSummary, 'role' | 'teamCount' | 'joinedAt' | 'accessExpiresAt'>,
): TenantSummary {
  const { id, slug, name, logo, prefix, isInternal, settings, subscription, features } = toTenant(row);
  return { id, slug, name, logo, prefix, isInternal, settings, subscription, features, ...extra };
}
