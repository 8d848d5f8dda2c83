import { isAppLink } from '@wattle/domain/notifications/rules';
import { notificationKindOf } from '@wattle/domain/notifications/settings';
import { v7 as uuidv7 } from 'uuid';
import type { Queryable } from '../../db/client';
import { notificationEmails } from '../../db/schema/notification-settings';
import type { notifications } from '../../db/schema/notifications';
import { settingsOfRecipients } from './settings-records';

type NewNotification = typeof notifications.$inferInsert;

/** One notification with its id fixed in advance, and where its recipient wants it. */
export interface PlannedNotification<T extends NewNotification = NewNotification> {
  row: T & { id: string };
  inApp: boolean;
  /** `pending`: its own e-mail; `held`: for the daily digest; null: no e-mail. */
  email: 'pending' | 'held' | null;
}

/**
 * Where each notification goes, by its recipient's settings for its kind in its organisation
 * (settings/notifications): into the inbox, into the e-mail outbox (now or in the digest), both or
 * neither. Every place that raises notifications goes through here (createNotifications, notifyOnce),
 * so the settings are obeyed whoever raises one.
 */
export async function planDelivery<T extends NewNotification>(
  tx: Queryable,
  rows: readonly T[],
): Promise<PlannedNotification<T>[]> {
  if (rows.length === 0) return [];
  const settingsOf = await settingsOfRecipients(tx, rows);
  return rows.map((row) => {
    const settings = settingsOf(row.tenantId, row.userId);
    const channels = settings.kinds[notificationKindOf(row.type)];
    return {
      row: { ...row, id: row.id ?? uuidv7() },
      inApp: channels.inApp,
      email: channels.email ? (settings.dailyDigest ? 'held' : 'pending') : null,
    };
  });
}

/**
 * Puts the planned e-mails in the outbox, in the caller's transaction: they go only if it commits.
 * `stored` names the notifications that reached the inbox; an e-mail of an in-app notification that
 * was not stored (a job's duplicate) is dropped with it.
 */
export async function queueNotificationEmails(
  tx: Queryable,
  planned: readonly PlannedNotification[],
  stored: ReadonlySet<string>,
): Promise<void> {
  const emails = planned
    .filter((p) => p.email !== null && (!p.inApp || stored.has(p.row.id)))
    .map((p) => ({
      tenantId: p.row.tenantId,
      userId: p.row.userId,
      notificationId: p.inApp ? p.row.id : null,
      type: p.row.type,
      message: p.row.message,
      link: emailLink(p.row),
      status: p.email!,
    }));
  for (let start = 0; start < emails.length; start += 500) {
    await tx.insert(notificationEmails).values(emails.slice(start, start + 500));
  }
}

/** The page an e-mail points to, as the inbox opens it (web notification-link.ts); else the inbox. */
function emailLink(row: NewNotification): string {
  if (isAppLink(row.link)) return row.link;
  if (row.cardId) return `/card/${encodeURIComponent(row.cardId)}`;
  return '/inbox';
}
