import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant, tenantIdColumn, updatedAt } from './columns';
import { tenants } from './tenants';

/** The Commission deadlines Wattle keeps (issue 16; the rules in packages/domain/src/deadlines). */
export const deadlineKinds = [
  'bsp-interim',
  'bsp-comprehensive',
  'bsp-review',
  'incident-notification',
  'incident-five-day-report',
  'rp-monthly-report',
] as const;

/**
 * One deadline per kind and subject, kept by the service that owns the subject whenever the dates it
 * runs from change (never computed by a reader). `met_at` is set when the thing was done. The deadline
 * job notifies the responsible people 7 days and 1 day before `due_at` and once it is overdue, each
 * once (sent_reminders keys carry the deadline id, the stage and the due instant).
 */
export const deadlines = pgTable(
  'deadlines',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    kind: text('kind', { enum: deadlineKinds }).notNull(),
    subjectType: text('subject_type', {
      enum: ['engagement', 'plan', 'incident', 'rp-report'],
    }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    participantId: uuid('participant_id'),
    teamId: uuid('team_id'),
    dueAt: instant('due_at').notNull(),
    metAt: instant('met_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('deadlines_subject_key').on(t.tenantId, t.kind, t.subjectId),
    // Migration 0027 adds INCLUDE (kind, subject_type, subject_id, team_id): the dashboard counts the
    // overdue and due-soon ranges from the index alone.
    index('deadlines_open_idx').on(t.tenantId, t.dueAt).where(sql`${t.metAt} IS NULL`),
    // The dashboard's open deadlines of a kind (plans awaited, incident clocks).
    index('deadlines_open_kind_idx').on(t.tenantId, t.kind, t.dueAt).where(sql`${t.metAt} IS NULL`),
    index('deadlines_participant_idx').on(t.tenantId, t.participantId),
    index('deadlines_team_idx').on(t.tenantId, t.teamId).where(sql`${t.metAt} IS NULL`),
    check(
      'deadlines_kind_check',
      sql`${t.kind} IN ('bsp-interim', 'bsp-comprehensive', 'bsp-review', 'incident-notification', 'incident-five-day-report', 'rp-monthly-report')`,
    ),
  ],
);
