import type { TenantContext } from '../../http/tenant-scope';
import { publishChange } from '../events/change-feed';

/**
 * Announces a change to a card's thread. The event names the CARD (entity 'comment', id = card id),
 * so every open thread of that card refetches it; it goes to the whole tenant, and each reader gets
 * back only what they may see (a guardian's refetch has no internal comments).
 */
export function announceCommentChange(
  ctx: TenantContext,
  change: { type: 'created' | 'updated' | 'deleted'; cardId: string; version: number },
): Promise<void> {
  return publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: change.type, entity: 'comment', id: change.cardId, version: change.version },
  });
}
