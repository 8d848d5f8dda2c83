import type { AustralianState } from '@wattle/domain/time/catalogue';
import { tenantState } from '@wattle/domain/time/tenant-state';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { tenants } from '../../db/schema/tenants';

/**
 * The state whose price limits apply to the tenant: its profile address's state, else its time
 * zone's (domain time/tenant-state.ts). Read where a rate is checked against a price limit.
 */
export async function tenantPriceState(tx: Queryable, tenantId: string): Promise<AustralianState> {
  const [tenant] = await tx
    .select({ profile: tenants.profile, timeZone: tenants.timeZone })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return tenantState({
    addressState: tenant?.profile.address?.state ?? null,
    timeZone: tenant?.timeZone ?? 'Australia/Sydney',
  });
}
