import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cards } from './cards';
import { createdAt, idColumn, instant, tenantIdColumn, updatedAt } from './columns';
import { participants } from './participants';
import { teams } from './teams';
import { tenants } from './tenants';
import { users } from './users';

/**
 * When specialist behaviour support was engaged for a participant (issue 16). The Commission's plan
 * deadlines run from `engaged_on`: an interim plan within one month, a comprehensive plan within six.
 * `ended_on` closes the episode; a participant has at most one open episode.
 */
export const behaviourSupportEngagements = pgTable(
  'behaviour_support_engagements',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    participantId: uuid('participant_id').notNull(),
    engagedOn: date('engaged_on', { mode: 'string' }).notNull(),
    endedOn: date('ended_on', { mode: 'string' }),
    practitionerId: uuid('practitioner_id').references(() => users.id),
    note: text('note').notNull().default(''),
    recordedBy: uuid('recorded_by').references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'bs_engagements_participant_fk',
      columns: [t.tenantId, t.participantId],
      foreignColumns: [participants.tenantId, participants.id],
    }),
    uniqueIndex('bs_engagements_open_key').on(t.tenantId, t.participantId).where(sql`${t.endedOn} IS NULL`),
    check('bs_engagements_dates_check', sql`${t.endedOn} IS NULL OR ${t.endedOn} >= ${t.engagedOn}`),
  ],
);

/**
 * A behaviour support plan of a participant: interim or comprehensive. The plan is versioned; its
 * versions are in `behaviour_support_plan_versions`. `card_id` is the working card (template
 * interim-bsp or comprehensive-bsp) the form editor edits; an approved version is a frozen copy of its
 * field values and never changes. `status` is that of the newest version, `approved_version` the
 * number of the version in force (null until one is approved).
 */
export const behaviourSupportPlans = pgTable(
  'behaviour_support_plans',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    participantId: uuid('participant_id').notNull(),
    teamId: uuid('team_id').notNull(),
    cardId: uuid('card_id'),
    kind: text('kind', { enum: ['interim', 'comprehensive'] }).notNull(),
    title: text('title').notNull(),
    status: text('status', { enum: ['draft', 'in-review', 'approved', 'superseded', 'archived'] })
      .notNull()
      .default('draft'),
    currentVersion: integer('current_version').notNull().default(1),
    approvedVersion: integer('approved_version'),
    approvedAt: instant('approved_at'),
    /** Family guardians of the team read the plan only when this is set. */
    sharedWithFamily: boolean('shared_with_family').notNull().default(false),
    /** The next review: 12 months after approval, or sooner when needs changed. */
    reviewDueOn: date('review_due_on', { mode: 'string' }),
    /** A recorded change in the participant's needs, which calls for a review. */
    needsChangedOn: date('needs_changed_on', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'bs_plans_participant_fk',
      columns: [t.tenantId, t.participantId],
      foreignColumns: [participants.tenantId, participants.id],
    }),
    foreignKey({
      name: 'bs_plans_team_fk',
      columns: [t.tenantId, t.teamId],
      foreignColumns: [teams.tenantId, teams.id],
    }),
    foreignKey({
      name: 'bs_plans_card_fk',
      columns: [t.tenantId, t.cardId],
      foreignColumns: [cards.tenantId, cards.id],
    }).onDelete('set null'),
    index('bs_plans_participant_idx').on(t.tenantId, t.participantId, t.createdAt),
    index('bs_plans_team_idx').on(t.tenantId, t.teamId, t.status),
    index('bs_plans_review_idx').on(t.tenantId, t.reviewDueOn),
    check('bs_plans_kind_check', sql`${t.kind} IN ('interim', 'comprehensive')`),
    check(
      'bs_plans_status_check',
      sql`${t.status} IN ('draft', 'in-review', 'approved', 'superseded', 'archived')`,
    ),
  ],
);

/**
 * One version of a plan. A draft or in-review version follows its plan's card; approval copies the
 * card's field values here and freezes the row (the service never updates an approved version).
 */
export const behaviourSupportPlanVersions = pgTable(
  'behaviour_support_plan_versions',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    planId: uuid('plan_id').notNull(),
    number: integer('number').notNull(),
    status: text('status', { enum: ['draft', 'in-review', 'approved', 'superseded', 'rejected'] })
      .notNull()
      .default('draft'),
    fieldValues: jsonb('field_values').$type<Record<string, unknown>>().notNull().default({}),
    changeSummary: text('change_summary').notNull().default(''),
    /** The restrictive practices the version contains (rp-type values), for the overview. */
    restrictivePractices: jsonb('restrictive_practices').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id),
    submittedBy: uuid('submitted_by').references(() => users.id),
    submittedAt: instant('submitted_at'),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: instant('approved_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'bs_plan_versions_plan_fk',
      columns: [t.tenantId, t.planId],
      foreignColumns: [behaviourSupportPlans.tenantId, behaviourSupportPlans.id],
    }).onDelete('cascade'),
    uniqueIndex('bs_plan_versions_number_key').on(t.tenantId, t.planId, t.number),
    check(
      'bs_plan_versions_status_check',
      sql`${t.status} IN ('draft', 'in-review', 'approved', 'superseded', 'rejected')`,
    ),
  ],
);

/**
 * How many plans in force or being written (not superseded or archived) each tenant has per status,
 * review date and whether a version is approved, kept by row triggers on behaviour_support_plans that
 * fire only when one of those changes (migration 0027). The dashboard's plans tile for a tenant-wide
 * reader sums these instead of counting every plan. A plan without a review date is tallied under
 * 'infinity' (never overdue), as the key cannot be null. No foreign key, as for card_due_tallies.
 */
export const behaviourSupportPlanTallies = pgTable(
  'behaviour_support_plan_tallies',
  {
    tenantId: tenantIdColumn(),
    status: text('status').notNull(),
    reviewDueOn: date('review_due_on', { mode: 'string' }).notNull(),
    approved: boolean('approved').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.status, t.reviewDueOn, t.approved] })],
);
