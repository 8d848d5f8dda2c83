import type { ChangeEventType } from '@wattle/domain/events/rules';
import type { TenantContext } from '../../http/tenant-scope';
import { publishChange } from '../events/change-feed';

/** The live change feed's entities of this feature; events carry ids, never the records. */
export type PracticeEntity =
  | 'restrictive-practice-authorisation'
  | 'restrictive-practice-use'
  | 'restrictive-practice-report';

/** Tells the tenant's open pages that a register entry, use or report changed. */
export async function publishPracticeChange(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  type: ChangeEventType,
  entity: PracticeEntity,
  id: string,
  version: number | null,
): Promise<void> {
  await publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type, entity, id, version },
  });
}
