import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant, tenantIdColumn } from './columns';
import { tenants } from './tenants';
import { users } from './users';

/**
 * An audit pack (issue 16): the evidence of a period and scope, built by a background job into one
 * ZIP in file storage. A queued pack, or one whose build stopped with the server, is picked up again
 * at start.
 */
export const auditPacks = pgTable(
  'audit_packs',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    scope: text('scope', { enum: ['organisation', 'team', 'participant'] }).notNull(),
    scopeId: uuid('scope_id'),
    scopeName: text('scope_name').notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['queued', 'building', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    progress: integer('progress').notNull().default(0),
    fileCount: integer('file_count').notNull().default(0),
    byteSize: bigint('byte_size', { mode: 'number' }),
    storageKey: text('storage_key'),
    error: text('error'),
    requestedBy: uuid('requested_by').references(() => users.id),
    createdAt: createdAt(),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('audit_packs_created_idx').on(t.tenantId, t.createdAt),
    index('audit_packs_status_idx').on(t.status).where(sql`${t.status} IN ('queued', 'building')`),
    check('audit_packs_scope_check', sql`${t.scope} IN ('organisation', 'team', 'participant')`),
    check('audit_packs_status_check', sql`${t.status} IN ('queued', 'building', 'ready', 'failed')`),
    check('audit_packs_progress_check', sql`${t.progress} BETWEEN 0 AND 100`),
    check('audit_packs_period_check', sql`${t.periodTo} >= ${t.periodFrom}`),
  ],
);
