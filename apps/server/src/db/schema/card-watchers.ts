import { foreignKey, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { cards } from './cards';
import { createdAt, tenantIdColumn } from './columns';
import { users } from './users';

/**
 * People watching a card (issue 18): each is told in the inbox of the card's new comments, as the
 * assignee is. One row per card and person; unwatching deletes it.
 */
export const cardWatchers = pgTable(
  'card_watchers',
  {
    tenantId: tenantIdColumn(),
    cardId: uuid('card_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.cardId, t.userId] }),
    foreignKey({
      name: 'card_watchers_card_fk',
      columns: [t.tenantId, t.cardId],
      foreignColumns: [cards.tenantId, cards.id],
    }).onDelete('cascade'),
  ],
);
