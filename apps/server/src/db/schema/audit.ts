import { index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant, tenantIdColumn } from './columns';

/**
 * The tenant audit log: who changed what, when and from where. Append-only: the app role may
 * INSERT and SELECT, nothing else (see the row-level-security migration).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    at: instant('at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    changes: jsonb('changes')
      .$type<{ field: string; oldValue: unknown; newValue: unknown }[]>()
      .notNull()
      .default([]),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('audit_log_entity_idx').on(t.tenantId, t.entity, t.entityId, t.at),
  ],
);
