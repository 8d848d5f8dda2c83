import type { Queryable } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { publishChanges } from '../events/change-feed';
import { planDelivery, queueNotificationEmails } from '../notification-settings/plan-delivery';

export type NewNotification = typeof notifications.$inferInsert;

/**
 * Delivers notifications as each recipient's settings say (settings/notifications): stores those
 * wanted in the app and announces each, on the live feed, to its recipient only (the inbox badge and
 * toasts of that person's open tabs update, nobody else learns of it); queues those wanted by e-mail
 * in the outbox the notification mail job sends. Answers the ids of the stored ones.
 */
export async function createNotifications(tx: Queryable, rows: NewNotification[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const planned = await planDelivery(tx, rows);
  const inApp = planned.filter((p) => p.inApp).map((p) => p.row);
  const created =
    inApp.length === 0
      ? []
      : await tx.insert(notifications).values(inApp).returning({
          id: notifications.id,
          tenantId: notifications.tenantId,
          userId: notifications.userId,
        });
  await queueNotificationEmails(tx, planned, new Set(created.map((n) => n.id)));
  await publishChanges(
    tx,
    created.map((n) => ({
      tenantId: n.tenantId,
      userId: n.userId,
      event: { type: 'created' as const, entity: 'notification', id: n.id, version: null },
    })),
  );
  return created.map((n) => n.id);
}

/** Announces changed (or deleted) notifications to their recipients. */
export function announceNotifications(
  tx: Queryable,
  type: 'updated' | 'deleted',
  changed: { id: string; tenantId: string; userId: string }[],
): Promise<void> {
  return publishChanges(
    tx,
    changed.map((n) => ({
      tenantId: n.tenantId,
      userId: n.userId,
      event: { type, entity: 'notification', id: n.id, version: null },
    })),
  );
}
