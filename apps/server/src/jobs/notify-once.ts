import type { Tx } from '../db/client';
import { notifications, sentReminders } from '../db/schema/notifications';
import { publishChanges } from '../features/events/change-feed';
import { planDelivery, queueNotificationEmails } from '../features/notification-settings/plan-delivery';
import type { NewNotification } from '../features/notifications/create-notifications';

/** A notification a job raises: one recipient, one dedupe key. */
export type DedupedNotification = NewNotification & { dedupeKey: string };

/** Rows per statement: well inside Postgres's 65,535 parameters. */
const rowsPerInsert = 500;

/**
 * Stores each notification unless its recipient already had one with the same key, and announces the
 * new ones to their recipients' open tabs, as createNotifications does. The key is claimed in
 * `sent_reminders` (primary key tenant, user, key) with ON CONFLICT DO NOTHING in the same
 * transaction, so a job run again, after a restart, or on two instances at once notifies once; and a
 * recipient who deletes the notification does not get it back on the next run. The notification
 * carries the key too (`notifications_dedupe_key`, unique per tenant, user and key) as a second guard.
 * Each recipient's settings decide, as in createNotifications, whether it reaches the inbox and the
 * e-mail outbox. Answers how many were delivered (stored or queued for e-mail).
 */
export async function notifyOnce(tx: Tx, rows: readonly DedupedNotification[]): Promise<number> {
  // Always claimed in the same order, so two instances claiming the same keys wait on each other
  // rather than deadlock.
  const ordered = [...rows].sort((a, b) =>
    a.userId === b.userId ? compare(a.dedupeKey, b.dedupeKey) : compare(a.userId, b.userId),
  );
  let created = 0;
  for (let start = 0; start < ordered.length; start += rowsPerInsert) {
    created += await notifyBatch(tx, ordered.slice(start, start + rowsPerInsert));
  }
  return created;
}

async function notifyBatch(tx: Tx, rows: readonly DedupedNotification[]): Promise<number> {
  if (rows.length === 0) return 0;
  const claimed = await tx
    .insert(sentReminders)
    .values(rows.map((r) => ({ tenantId: r.tenantId, userId: r.userId, key: r.dedupeKey })))
    .onConflictDoNothing()
    .returning({ userId: sentReminders.userId, key: sentReminders.key });
  if (claimed.length === 0) return 0;
  const isClaimed = new Set(claimed.map((c) => `${c.userId} ${c.key}`));
  const fresh = rows.filter((r) => isClaimed.has(`${r.userId} ${r.dedupeKey}`));
  const planned = await planDelivery(tx, fresh);
  const inApp = planned.filter((p) => p.inApp).map((p) => p.row);
  const inserted =
    inApp.length === 0
      ? []
      : await tx.insert(notifications).values(inApp).onConflictDoNothing().returning({
          id: notifications.id,
          tenantId: notifications.tenantId,
          userId: notifications.userId,
        });
  await queueNotificationEmails(tx, planned, new Set(inserted.map((n) => n.id)));
  await publishChanges(
    tx,
    inserted.map((n) => ({
      tenantId: n.tenantId,
      userId: n.userId,
      event: { type: 'created' as const, entity: 'notification', id: n.id, version: null },
    })),
  );
  return inserted.length + planned.filter((p) => !p.inApp && p.email !== null).length;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
