import type { EmergencyContact, Guardian } from '@wattle/domain/participants/schemas';
import { australianStates } from '@wattle/domain/time/catalogue';
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
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant, tenantIdColumn, updatedAt } from './columns';
import { teams } from './teams';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Participants (health information): one row per person a provider supports. The NDIS number is
 * unique in a tenant. `team_id` is the care team the participant is assigned to; a team centres on
 * at most one participant. Archived, never deleted.
 */
export const participants = pgTable(
  'participants',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    ndisNumber: text('ndis_number').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    phone: text('phone'),
    address: text('address'),
    emergencyContact: jsonb('emergency_contact').$type<EmergencyContact | null>(),
    guardian: jsonb('guardian').$type<Guardian | null>(),
    goals: jsonb('goals').$type<string[]>().notNull().default([]),
    alerts: jsonb('alerts').$type<string[]>().notNull().default([]),
    preferences: text('preferences'),
    medicalInfo: text('medical_info'),
    communicationNeeds: text('communication_needs'),
    /**
     * Where the participant lives, for NDIS price limits (issue 14): their state or territory, null
     * for the organisation's, and their remoteness on the Modified Monash Model (1-7).
     */
    state: text('state', { enum: australianStates }),
    monashModel: smallint('monash_model').notNull().default(1),
    status: text('status', { enum: ['active', 'inactive', 'pending'] })
      .notNull()
      .default('pending'),
    teamId: uuid('team_id'),
    archivedAt: instant('archived_at'),
    lastActivityAt: instant('last_activity_at').notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'participants_team_fk',
      columns: [t.tenantId, t.teamId],
      foreignColumns: [teams.tenantId, teams.id],
    }),
    uniqueIndex('participants_ndis_number_key').on(t.tenantId, t.ndisNumber),
    uniqueIndex('participants_team_key').on(t.tenantId, t.teamId).where(sql`${t.teamId} is not null`),
    index('participants_name_idx').on(t.tenantId, sql`lower(${t.name})`, t.id),
    // The list as it opens (not archived, by name) reads its page in order and counts from this one,
    // without visiting the archived or the heap (docs/performance.md, Participants).
    index('participants_live_name_idx')
      .on(t.tenantId, sql`lower(${t.name})`, t.id)
      .where(sql`${t.archivedAt} is null`),
    check(
      'participants_state_check',
      sql`${t.state} in ('ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA')`,
    ),
    check('participants_monash_model_check', sql`${t.monashModel} between 1 and 7`),
  ],
);

/**
 * How many participants a tenant has per status, archived or not, with a team or without: kept by
 * statement triggers on participants (migration 0015), read for the participant list's total.
 */
export const participantTallies = pgTable(
  'participant_tallies',
  {
    tenantId: tenantIdColumn(),
    status: text('status').notNull(),
    isArchived: boolean('is_archived').notNull(),
    hasTeam: boolean('has_team').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.status, t.isArchived, t.hasTeam] })],
);

/**
 * A participant's NDIS plans, whose dates never overlap. Which is current, upcoming or earlier is
 * worked out from the dates and the tenant's today (domain `planOn`; in SQL, plan-status-sql.ts), never stored:
 * migration 0043 dropped the `is_current` flag, which made a plan starting next year current at once.
 */
export const participantPlans = pgTable(
  'participant_plans',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    participantId: uuid('participant_id').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    managementType: text('management_type', { enum: ['ndia', 'plan', 'self'] }).notNull(),
    planManager: jsonb('plan_manager').$type<{ name: string; email: string } | null>(),
    createdBy: uuid('created_by').references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'participant_plans_participant_fk',
      columns: [t.tenantId, t.participantId],
      foreignColumns: [participants.tenantId, participants.id],
    }).onDelete('cascade'),
    index('participant_plans_participant_idx').on(t.tenantId, t.participantId, t.startDate),
  ],
);

/** A plan's budget in one support category, in cents. */
export const planBudgets = pgTable(
  'plan_budgets',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').notNull(),
    category: text('category').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.planId, t.category] }),
    foreignKey({
      name: 'plan_budgets_plan_fk',
      columns: [t.tenantId, t.planId],
      foreignColumns: [participantPlans.tenantId, participantPlans.id],
    }).onDelete('cascade'),
  ],
);
