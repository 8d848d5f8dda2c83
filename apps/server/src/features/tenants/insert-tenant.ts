import { tenantPrefix } from '@wattle/domain/cards/work-item-id';
import { slugWithSuffix } from '@wattle/domain/shared/ids';
import {
  allTenantFeatures,
  defaultAuditConfig,
  defaultBillingConfig,
  defaultPrimaryColor,
  defaultTimeZone,
  planLimits,
  trialHours,
} from '@wattle/domain/tenants/constants';
import type {
  BillingConfig,
  Subscription,
  TenantProfile,
  TenantSettings,
} from '@wattle/domain/tenants/schemas';
import type { Tx } from '../../db/client';
import { tenants } from '../../db/schema/tenants';
import type { Actor } from '../../db/with-tenant';
import { writeAudit } from '../audit/write-audit';
import { searchTextVersion } from '../cards/card-values';

/**
 * A subscription to `plan` starting `now` with the plan's limits; on trial (`trialing`) it ends after
 * the trial's 336 hours. New organisations start on the trial; the admin command moves them on.
 */
export function newSubscription(
  plan: Subscription['plan'],
  status: Subscription['status'],
  now: Date,
): Subscription {
  const trialEnds = new Date(now.getTime() + trialHours * 3_600_000);
  const trialing = status === 'trialing';
  return {
    plan,
    status,
    startDate: now.toISOString().slice(0, 10),
    endDate: trialing ? trialEnds.toISOString().slice(0, 10) : null,
    trialEndsAt: trialing ? trialEnds.toISOString() : null,
    features: Object.keys(allTenantFeatures),
    limits: { ...planLimits[plan] },
  };
}

/**
 * Creates a tenant row with a 14-day trial. The transaction must already be scoped to `id`
 * (row-level security checks the new row against app.tenant_id).
 */
export async function insertTenant(
  tx: Tx,
  options: {
    id: string;
    name: string;
    actor: Actor | null;
    isInternal?: boolean;
    settings?: Partial<TenantSettings>;
    profile?: TenantProfile;
    billingConfig?: BillingConfig;
    now?: Date;
  },
) {
  const now = options.now ?? new Date();
  const [row] = await tx
    .insert(tenants)
    .values({
      id: options.id,
      slug: slugWithSuffix(options.name),
      name: options.name,
      prefix: tenantPrefix(options.name),
      isInternal: options.isInternal ?? false,
      timeZone: defaultTimeZone,
      // A new tenant has no cards, so none of an older search text format.
      searchTextVersion,
      settings: {
        whiteLabel: false,
        primaryColor: defaultPrimaryColor,
        customDomain: null,
        dataResidency: 'AU',
        complianceLevel: 'standard',
        ...options.settings,
      },
      profile: options.profile ?? {},
      features: { ...allTenantFeatures },
      subscription: newSubscription('trial', 'trialing', now),
      auditConfig: { ...defaultAuditConfig },
      billingConfig: options.billingConfig ?? { ...defaultBillingConfig },
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await writeAudit(tx, {
    tenantId: options.id,
    actor: options.actor,
    entity: 'tenant',
    entityId: options.id,
    action: 'created',
    changes: [
      { field: 'name', oldValue: null, newValue: row!.name },
      { field: 'subscription.plan', oldValue: null, newValue: 'trial' },
    ],
  });
  return row!;
}
