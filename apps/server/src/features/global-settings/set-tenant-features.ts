import type { TenantFeatureFlags } from '@wattle/domain/global-settings/schemas';
import { tenantFeatures, tenantFeaturesOf } from '@wattle/domain/tenants/features';
import type { TenantFeatures } from '@wattle/domain/tenants/schemas';
import { eq } from 'drizzle-orm';
import { tenants } from '../../db/schema/tenants';
import { AppError } from '../../http/app-error';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { publishChange } from '../events/change-feed';

/** What Global Settings shows of an organisation: who it is and its flags, nothing of its records. */
export const featureFlagColumns = {
  id: tenants.id,
  name: tenants.name,
  slug: tenants.slug,
  features: tenants.features,
  version: tenants.version,
};
type TenantRow = Pick<typeof tenants.$inferSelect, keyof typeof featureFlagColumns>;

export function toFeatureFlags(row: TenantRow): TenantFeatureFlags {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    features: tenantFeaturesOf(row.features),
    version: row.version,
  };
}

/**
 * Turns feature flags of the organisation on or off (global admins: manage:tenant-features). A stale
 * `version` answers 409 with the current flags; `version` undefined (the admin command at the
 * server's console) skips that check. Each flag changed is one audit change in the organisation's
 * log; the organisation's version moves on, as for any change to it.
 */
export async function setTenantFeatures(
  ctx: TenantContext,
  input: { version?: number; features: Partial<TenantFeatures> },
  options: { byAdminCommand?: boolean } = {},
): Promise<TenantFeatureFlags> {
  requireTenantPermission(ctx, 'manage:tenant-features');
  const [current] = await ctx.tx
    .select(featureFlagColumns)
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId))
    .for('update');
  if (!current) throw new AppError('NOT_FOUND', 'Organisation not found');
  if (input.version !== undefined && input.version !== current.version) {
    throw new AppError('CONFLICT', 'Someone else changed this organisation first', toFeatureFlags(current));
  }
  const before = tenantFeaturesOf(current.features);
  const after = { ...before };
  for (const feature of tenantFeatures) {
    const wanted = input.features[feature];
    if (wanted !== undefined) after[feature] = wanted;
  }
  const changes = tenantFeatures
    .filter((feature) => before[feature] !== after[feature])
    .map((feature) => ({
      field: `features.${feature}`,
      oldValue: before[feature],
      newValue: after[feature],
    }));
  if (changes.length === 0) return toFeatureFlags(current);
  const [updated] = await ctx.tx
    .update(tenants)
    .set({ features: after, version: current.version + 1, updatedAt: new Date() })
    .where(eq(tenants.id, ctx.tenantId))
    .returning(featureFlagColumns);
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: options.byAdminCommand ? null : ctx.actor,
    entity: 'tenant',
    entityId: ctx.tenantId,
    action: 'features-changed',
    changes,
    ...(options.byAdminCommand ? { metadata: { by: 'admin-command' } } : {}),
  });
  // Everyone's open app in the organisation reads its flags again and hides or shows the areas.
  await publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: 'updated', entity: 'tenant-features', id: ctx.tenantId, version: updated!.version },
  });
  return toFeatureFlags(updated!);
}
