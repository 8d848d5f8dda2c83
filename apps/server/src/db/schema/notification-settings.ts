import { notificationTypes } from '@wattle/domain/notifications/rules';
import type { NotificationChannels, NotificationKind } from '@wattle/domain/notifications/settings';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant, tenantIdColumn, updatedAt } from './columns';
import { notifications } from './notifications';
import { tenants } from './tenants';
import { users } from './users';

/**
 * A person's notification choices in one organisation (settings/notifications): per kind, in the app
 * and/or by e-mail, and whether e-mails come as one daily digest. No row: the defaults (everything on,
 * one e-mail each). `kinds` is stored as chosen and made whole on reading, so a kind added later starts
 * at its default.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kinds: jsonb('kinds').$type<Partial<Record<NotificationKind, NotificationChannels>>>().notNull(),
    dailyDigest: boolean('daily_digest').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);

export const notificationEmailStatuses = ['pending', 'held', 'sending', 'sent', 'failed'] as const;

/**
 * The e-mail outbox of notifications, written in the transaction that raises the notification (so a
 * rolled-back change e-mails nobody) and sent afterwards by the notification mail job:
 * - `pending`: to send on its own; `sending` while the job hands it to SMTP (claimed and committed
 *   first, so no two instances send it); then `sent`, or back to `pending` until `failed` after
 *   several refusals.
 * - `held`: for someone who takes the daily digest; the digest gathers those still unread and marks
 *   them `sent`.
 * The message is copied here so an e-mail goes even when the person hides the kind from the app (no
 * notification row); `notification_id` links the inbox row when there is one, and the row's deletion
 * takes the e-mail with it.
 */
export const notificationEmails = pgTable(
  'notification_emails',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id'),
    type: text('type', { enum: notificationTypes }).notNull(),
    message: text('message').notNull(),
    /** The in-app path the e-mail links to, if any (already checked with isAppLink). */
    link: text('link'),
    status: text('status', { enum: notificationEmailStatuses }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'notification_emails_notification_fk',
      columns: [t.tenantId, t.notificationId],
      foreignColumns: [notifications.tenantId, notifications.id],
    }).onDelete('cascade'),
    index('notification_emails_outbox_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('pending', 'held')`),
    index('notification_emails_user_idx').on(t.tenantId, t.userId, t.status),
  ],
);
