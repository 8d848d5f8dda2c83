import type { Card } from '@wattle/domain/cards/schemas';
import { and, eq } from 'drizzle-orm';
import { cards } from '../../db/schema/cards';
import { maintenanceActor } from '../../db/with-tenant';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { publishChange } from '../events/change-feed';

/**
 * Marks a template's required document as present on a card (an upload that fulfils it) or absent
 * (its last file deleted). `completedRequirements.documents` is what the workflow reads before it
 * lets a card into review ('Upload the required documents before review'), so the card takes a new
 * version, an audit entry and a change event like any other card write. The card must be locked by
 * the caller. Returns the card's version afterwards.
 */
export async function setCardDocument(
  ctx: TenantContext,
  card: Card,
  change: { documentId: string; isPresent: boolean; fileId: string },
): Promise<number> {
  const before = card.completedRequirements.documents;
  const has = before.includes(change.documentId);
  if (has === change.isPresent) return card.version;
  const documents = change.isPresent
    ? [...before, change.documentId]
    : before.filter((id) => id !== change.documentId);
  const version = card.version + 1;
  const now = new Date();
  await ctx.tx
    .update(cards)
    .set({
      completedRequirements: { ...card.completedRequirements, documents },
      version,
      updatedAt: now,
      // The server's own change (a quarantine by the virus scan job) names no user.
      ...(ctx.actor.id === maintenanceActor.id ? {} : { lastModifiedBy: ctx.actor.id }),
    })
    .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.id, card.id)));
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'card',
    entityId: card.id,
    action: 'updated',
    changes: [{ field: 'completedRequirements.documents', oldValue: before, newValue: documents }],
    metadata: { version, fromVersion: card.version, fileId: change.fileId },
  });
  await publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: 'updated', entity: 'card', id: card.id, version },
  });
  return version;
}
