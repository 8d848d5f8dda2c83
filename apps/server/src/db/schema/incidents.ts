import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cards } from './cards';
import { createdAt, idColumn, instant, tenantIdColumn, updatedAt } from './columns';
import { participants } from './participants';
import { tenants } from './tenants';
import { users } from './users';

/** The Commission's reportable incident categories (NDIS (Incident Management and Reportable Incidents) Rules 2018). */
export const reportableCategories = [
  'death',
  'serious-injury',
  'abuse-or-neglect',
  'unlawful-sexual-or-physical-contact',
  'sexual-misconduct',
  'unauthorised-restrictive-practice',
] as const;

/**
 * The register entry of an incident-report card (issue 16): one per card. Marking it reportable,
 * with the time a key worker became aware, starts the Commission's clocks (see `deadlines`).
 * `behaviour` and `antecedent` feed behaviour analytics.
 */
export const incidents = pgTable(
  'incidents',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    cardId: uuid('card_id').notNull(),
    participantId: uuid('participant_id'),
    teamId: uuid('team_id').notNull(),
    category: text('category').notNull().default('other'),
    // Null until someone assesses it: an unauthorised restrictive practice not yet assessed keeps the
    // 24-hour clock (decision 0027); only Low, recorded by someone, means nobody was harmed.
    severity: text('severity', { enum: ['low', 'medium', 'high', 'critical'] }),
    occurredAt: instant('occurred_at').notNull(),
    behaviour: text('behaviour'),
    antecedent: text('antecedent'),
    reportable: boolean('reportable').notNull().default(false),
    reportableCategory: text('reportable_category', { enum: reportableCategories }),
    awareAt: instant('aware_at'),
    awareBy: uuid('aware_by').references(() => users.id),
    notifiedAt: instant('notified_at'),
    notificationReference: text('notification_reference'),
    fiveDayReportAt: instant('five_day_report_at'),
    fiveDayReportReference: text('five_day_report_reference'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    closedAt: instant('closed_at'),
    debriefCardId: uuid('debrief_card_id'),
    restrictivePracticeUseId: uuid('restrictive_practice_use_id'),
    createdBy: uuid('created_by').references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'incidents_card_fk',
      columns: [t.tenantId, t.cardId],
      foreignColumns: [cards.tenantId, cards.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'incidents_participant_fk',
      columns: [t.tenantId, t.participantId],
      foreignColumns: [participants.tenantId, participants.id],
    }),
    uniqueIndex('incidents_card_key').on(t.tenantId, t.cardId),
    index('incidents_occurred_idx').on(t.tenantId, t.occurredAt),
    index('incidents_participant_idx').on(t.tenantId, t.participantId, t.occurredAt),
    index('incidents_team_idx').on(t.tenantId, t.teamId, t.occurredAt),
    // The dashboard's open incidents by team; migration 0027 adds INCLUDE (reportable, severity,
    // card_id) so the count is read from the index alone.
    index('incidents_open_idx').on(t.tenantId, t.teamId).where(sql`${t.status} = 'open'`),
    check('incidents_severity_check', sql`${t.severity} IN ('low', 'medium', 'high', 'critical')`),
    check('incidents_status_check', sql`${t.status} IN ('open', 'closed')`),
    check('incidents_reportable_check', sql`NOT ${t.reportable} OR ${t.reportableCategory} IS NOT NULL`),
  ],
);

/** A follow-up action of an incident. */
export const incidentActions = pgTable(
  'incident_actions',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    incidentId: uuid('incident_id').notNull(),
    description: text('description').notNull(),
    assigneeId: uuid('assignee_id').references(() => users.id),
    dueOn: date('due_on', { mode: 'string' }),
    doneAt: instant('done_at'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'incident_actions_incident_fk',
      columns: [t.tenantId, t.incidentId],
      foreignColumns: [incidents.tenantId, incidents.id],
    }).onDelete('cascade'),
    index('incident_actions_incident_idx').on(t.tenantId, t.incidentId),
  ],
);
