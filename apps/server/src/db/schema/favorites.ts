import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant, tenantIdColumn, updatedAt } from './columns';
import { tenants } from './tenants';
import { users } from './users';

/**
 * A user's pinned pages in one tenant (spec shell section 3). One row per user, tenant and path: removing
 * a favourite through PATCH isActive=false keeps the row, and adding the page again re-activates it.
 */
export const favorites = pgTable(
  'favorites',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    label: text('label').notNull(),
    iconName: text('icon_name'),
    addedAt: instant('added_at').notNull().defaultNow(),
    lastAccessedAt: instant('last_accessed_at'),
    accessCount: integer('access_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('favorites_user_path_key').on(t.tenantId, t.userId, t.path),
    index('favorites_user_added_idx').on(t.tenantId, t.userId, t.addedAt),
    check('favorites_access_count_check', sql`${t.accessCount} >= 0`),
  ],
);
