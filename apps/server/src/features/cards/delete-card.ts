import { and, eq } from 'drizzle-orm';
import { cards } from '../../db/schema/cards';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { publishChange } from '../events/change-feed';
import { loadCard } from './card-records';
import { conflictError } from './update-card';

/**
 * `DELETE /api/cards/{id}?version=`: a soft delete by someone who may delete cards on its team. The
 * row stays (its audit trail refers to it) but every later read answers 404. A stale version is
 * refused with 409 and the current card, so nobody deletes changes they have not seen.
 */
export async function deleteCard(ctx: TenantContext, id: string, version: number): Promise<void> {
  const { card } = await loadCard(ctx, id, 'delete:cards', { forUpdate: true });
  if (version !== card.version) throw conflictError(card, []);
  const now = new Date();
  await ctx.tx
    .update(cards)
    .set({ deletedAt: now, deletedBy: ctx.actor.id, version: card.version + 1, updatedAt: now })
    .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.id, id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'card',
    entityId: id,
    action: 'deleted',
    changes: [{ field: 'deletedAt', oldValue: null, newValue: now.toISOString() }],
    metadata: { workItemId: card.workItemId, title: card.title, version: card.version + 1 },
  });
  await publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: 'deleted', entity: 'card', id, version: card.version + 1 },
  });
}
