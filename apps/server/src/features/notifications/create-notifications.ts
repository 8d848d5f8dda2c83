import type { Queryable } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { publishChanges } from '../events/change-feed';

export type NewNotification = typeof notifications.$inferInsert;

/**
 * Stores notifications and announces each, on the live feed, to its recipient only: the inbox
 * badge and toasts of that person's open tabs update, nobody else learns of it.
 */
export async function createNotifications(tx: Queryable, rows: NewNotification[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const created = await tx
    .insert(notifications)
    .values(rows)
    .returning({ id: notifications.id, tenantId: notifications.tenantId, userId: notifications.userId });
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
