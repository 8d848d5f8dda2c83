import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { auditTrailColumns, idColumn, tenantIdColumn } from './columns';

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
    ...auditTrailColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('audit_log_entity_idx').on(t.tenantId, t.entity, t.entityId, t.at),
  ],
);
