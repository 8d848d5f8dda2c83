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
import { behaviourSupportPlans } from './behaviour-support';
import { createdAt, idColumn, instant, tenantIdColumn, updatedAt } from './columns';
import { participants } from './participants';
import { tenants } from './tenants';
import { users } from './users';

/** The regulated restrictive practices (NDIS (Restrictive Practices and Behaviour Support) Rules 2018). */
export const restrictivePracticeTypes = [
  'physical',
  'mechanical',
  'chemical',
  'seclusion',
  'environmental',
] as const;

/**
 * The register: each regulated practice a participant's plan contains, with its authorisation
 * (the state's reference and expiry). A use is authorised when an authorisation of its type is in
 * force on the day of the use.
 */
export const restrictivePracticeAuthorisations = pgTable(
  'restrictive_practice_authorisations',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    participantId: uuid('participant_id').notNull(),
    planId: uuid('plan_id'),
    practiceType: text('practice_type', { enum: restrictivePracticeTypes }).notNull(),
    description: text('description').notNull().default(''),
    authorisationReference: text('authorisation_reference'),
    authorisedOn: date('authorised_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'rp_authorisations_participant_fk',
      columns: [t.tenantId, t.participantId],
      foreignColumns: [participants.tenantId, participants.id],
    }),
    foreignKey({
      name: 'rp_authorisations_plan_fk',
      columns: [t.tenantId, t.planId],
      foreignColumns: [behaviourSupportPlans.tenantId, behaviourSupportPlans.id],
    }).onDelete('set null'),
    index('rp_authorisations_participant_idx').on(t.tenantId, t.participantId, t.practiceType),
    check(
      'rp_authorisations_type_check',
      sql`${t.practiceType} IN ('physical', 'mechanical', 'chemical', 'seclusion', 'environmental')`,
    ),
    check(
      'rp_authorisations_dates_check',
      sql`${t.expiresOn} IS NULL OR ${t.authorisedOn} IS NULL OR ${t.expiresOn} >= ${t.authorisedOn}`,
    ),
  ],
);

/** The log: each use of a restrictive practice. An unauthorised use raises a reportable incident. */
export const restrictivePracticeUses = pgTable(
  'restrictive_practice_uses',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    participantId: uuid('participant_id').notNull(),
    teamId: uuid('team_id'),
    authorisationId: uuid('authorisation_id'),
    practiceType: text('practice_type', { enum: restrictivePracticeTypes }).notNull(),
    startedAt: instant('started_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    usedBy: uuid('used_by').references(() => users.id),
    reason: text('reason').notNull(),
    behaviour: text('behaviour'),
    antecedent: text('antecedent'),
    authorised: boolean('authorised').notNull(),
    incidentId: uuid('incident_id'),
    recordedBy: uuid('recorded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'rp_uses_participant_fk',
      columns: [t.tenantId, t.participantId],
      foreignColumns: [participants.tenantId, participants.id],
    }),
    foreignKey({
      name: 'rp_uses_authorisation_fk',
      columns: [t.tenantId, t.authorisationId],
      foreignColumns: [restrictivePracticeAuthorisations.tenantId, restrictivePracticeAuthorisations.id],
    }),
    index('rp_uses_participant_idx').on(t.tenantId, t.participantId, t.startedAt),
    index('rp_uses_started_idx').on(t.tenantId, t.startedAt),
    check(
      'rp_uses_type_check',
      sql`${t.practiceType} IN ('physical', 'mechanical', 'chemical', 'seclusion', 'environmental')`,
    ),
    check('rp_uses_duration_check', sql`${t.durationMinutes} >= 0`),
  ],
);

/**
 * A participant's monthly restrictive-practice report: generated from the log, reviewed, then marked
 * submitted with the Commission's reference. `month` is 'yyyy-mm' in the tenant's time zone.
 */
export const restrictivePracticeReports = pgTable(
  'restrictive_practice_reports',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    participantId: uuid('participant_id').notNull(),
    month: text('month').notNull(),
    status: text('status', { enum: ['draft', 'reviewed', 'submitted'] })
      .notNull()
      .default('draft'),
    useCount: integer('use_count').notNull().default(0),
    unauthorisedCount: integer('unauthorised_count').notNull().default(0),
    totalMinutes: integer('total_minutes').notNull().default(0),
    generatedAt: instant('generated_at').notNull().defaultNow(),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: instant('reviewed_at'),
    submittedBy: uuid('submitted_by').references(() => users.id),
    submittedAt: instant('submitted_at'),
    commissionReference: text('commission_reference'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'rp_reports_participant_fk',
      columns: [t.tenantId, t.participantId],
      foreignColumns: [participants.tenantId, participants.id],
    }),
    uniqueIndex('rp_reports_month_key').on(t.tenantId, t.participantId, t.month),
    check('rp_reports_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('rp_reports_status_check', sql`${t.status} IN ('draft', 'reviewed', 'submitted')`),
  ],
);
