import {
  approvalStatuses,
  notificationPriorities,
  notificationTypes,
} from '@wattle/domain/notifications/rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cards } from './cards';
import { createdAt, idColumn, instant, tenantIdColumn, updatedAt } from './columns';
import { tenantAccessRequests, tenants } from './tenants';
import { users } from './users';

/**
 * A user's inbox in one tenant (spec shell section 3): each row has one recipient, and only that
 * recipient reads, changes or deletes it. `created_at` is the notification's timestamp.
 */
export const notifications = pgTable(
  'notifications',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: notificationTypes }).notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    readAt: instant('read_at'),
    priority: text('priority', { enum: notificationPriorities }).notNull().default('normal'),
    /** For an approval waiting on the recipient: while 'pending' it counts toward the unread count. */
    approvalStatus: text('approval_status', { enum: approvalStatuses }),
    invoiceId: uuid('invoice_id'),
    participantName: text('participant_name'),
    tenantAccessRequestId: uuid('tenant_access_request_id'),
    /** The card a notification is about (a mention in its comments): the inbox links to it. */
    cardId: uuid('card_id'),
    /** The participant a notification is about (plan ending, budget used): the inbox links to them. */
    participantId: uuid('participant_id'),
    /**
     * An in-app path the inbox item opens, for what has no card, invoice or participant page of its own
     * to link through (a Commission deadline of a plan or a monthly report: `/my-teams/…/bsp/…`).
     */
    link: text('link'),
    /**
     * Set by server jobs (plan ending, budget, screening expiry): one notification per recipient and
     * key, so a job that runs again, or on two instances at once, never notifies twice.
     */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.tenantAccessRequestId],
      foreignColumns: [tenantAccessRequests.tenantId, tenantAccessRequests.id],
    }).onDelete('cascade'),
    // Cards are deleted softly; a card row goes only when its tenant does (or a purge), and its
    // comments with it, so the notifications pointing at them go too.
    foreignKey({
      name: 'notifications_card_fk',
      columns: [t.tenantId, t.cardId],
      foreignColumns: [cards.tenantId, cards.id],
    }).onDelete('cascade'),
    index('notifications_inbox_idx').on(t.tenantId, t.userId, t.createdAt),
    index('notifications_access_request_idx')
      .on(t.tenantId, t.tenantAccessRequestId)
      .where(sql`${t.tenantAccessRequestId} is not null`),
    index('notifications_card_idx').on(t.tenantId, t.cardId).where(sql`${t.cardId} is not null`),
    uniqueIndex('notifications_dedupe_key')
      .on(t.tenantId, t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

/**
 * Reminders already sent, one row per tenant, user and reminder key (e.g. the trial reminder): the
 * primary key makes sending one idempotent, and deleting the notification does not bring it back.
 */
export const sentReminders = pgTable(
  'sent_reminders',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.key] })],
);
