import type { ChangeEventType } from '@wattle/domain/events/rules';
import type { TenantContext } from '../../http/tenant-scope';
import { publishChanges } from '../events/change-feed';

/** Tells the tenant's open pages a claim batch changed (the claims list and its detail fetch again). */
export async function publishClaimChange(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  type: ChangeEventType,
  batchId: string,
): Promise<void> {
  await publishChanges(ctx.tx, [
    { tenantId: ctx.tenantId, userId: null, event: { type, entity: 'claim', id: batchId, version: null } },
  ]);
}
