import type { ChangeEventType } from '@wattle/domain/events/rules';
import type { TenantContext } from '../../http/tenant-scope';
import { publishChanges } from '../events/change-feed';

/** Tells open pages of the tenant a time code changed, so lists and pickers fetch them again. */
export async function publishTimeCodeChange(
  ctx: TenantContext,
  change: { type: ChangeEventType; id: string; version: number },
): Promise<void> {
  await publishChanges(ctx.tx, [
    { tenantId: ctx.tenantId, userId: null, event: { ...change, entity: 'time-code' } },
  ]);
}
