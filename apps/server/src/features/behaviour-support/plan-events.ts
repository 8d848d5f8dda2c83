import type { ChangeEventType } from '@wattle/domain/events/rules';
import type { TenantContext } from '../../http/tenant-scope';
import { publishChanges } from '../events/change-feed';

/**
 * Tells the tenant's open pages a plan changed (entity 'behaviour-support-plan'); each page fetches
 * again with its own reach, so the event carries the id, never the plan.
 */
export async function publishPlanChange(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  type: ChangeEventType,
  id: string,
  version: number,
): Promise<void> {
  await publishChanges(ctx.tx, [
    { tenantId: ctx.tenantId, userId: null, event: { type, entity: 'behaviour-support-plan', id, version } },
  ]);
}
