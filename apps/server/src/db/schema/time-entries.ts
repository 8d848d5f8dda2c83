import { sql } from 'drizzle-orm';
import {
  bigint,
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
  time,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { cards } from './cards';
import { timeCodes } from './catalogue';
import { createdAt, idColumn, instant, tenantIdColumn, updatedAt } from './columns';
import { invoices } from './invoices';
import { participants } from './participants';
import { teams } from './teams';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Time entries (spec work section 3, Time entry; issue 14 part 4): a person's worked time as local
 * wall-clock time in the tenant's time zone, a date and times with the day it ends (the next one for
 * a shift past midnight), and what the pricing rules chose for it, stored so lists, timesheets and
 * invoices never price again. `starts_at`/`ends_at` are the same local times as one value each
 * (generated), for the overlap check. `team_id` is the team the work was for: the card's, else the
 * participant's, else the worker's one team; its leads approve the entry.
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    teamId: uuid('team_id'),
    participantId: uuid('participant_id'),
    cardId: uuid('card_id'),
    timeCodeId: uuid('time_code_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** 'HH:mm:ss' as Postgres answers a time. */
    startTime: time('start_time').notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    endTime: time('end_time').notNull(),
    startsAt: timestamp('starts_at', { mode: 'string' }).generatedAlwaysAs(sql`"date" + "start_time"`),
    endsAt: timestamp('ends_at', { mode: 'string' }).generatedAlwaysAs(sql`"end_date" + "end_time"`),
    durationMinutes: integer('duration_minutes').notNull(),
    description: text('description'),
    location: text('location'),
    isTravel: boolean('is_travel').notNull().default(false),
    cancellationNoticeGivenOn: date('cancellation_notice_given_on', { mode: 'string' }),
    status: text('status', { enum: ['draft', 'submitted', 'approved', 'rejected'] })
      .notNull()
      .default('draft'),
    rejectionReason: text('rejection_reason'),
    supportItemNumber: text('support_item_number').notNull(),
    supportItemName: text('support_item_name').notNull(),
    band: text('band').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    priceLimitCents: integer('price_limit_cents'),
    billableMinutes: integer('billable_minutes').notNull(),
    amountCents: integer('amount_cents').notNull(),
    isCancellation: boolean('is_cancellation').notNull().default(false),
    notices: jsonb('notices').$type<string[]>().notNull().default([]),
    isInvoiced: boolean('is_invoiced').notNull().default(false),
    invoiceId: uuid('invoice_id'),
    submittedAt: instant('submitted_at'),
    approvedAt: instant('approved_at'),
    approvedBy: uuid('approved_by').references(() => users.id),
    rejectedAt: instant('rejected_at'),
    rejectedBy: uuid('rejected_by').references(() => users.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'time_entries_team_fk',
      columns: [t.tenantId, t.teamId],
      foreignColumns: [teams.tenantId, teams.id],
    }),
    foreignKey({
      name: 'time_entries_participant_fk',
      columns: [t.tenantId, t.participantId],
      foreignColumns: [participants.tenantId, participants.id],
    }),
    foreignKey({
      name: 'time_entries_card_fk',
      columns: [t.tenantId, t.cardId],
      foreignColumns: [cards.tenantId, cards.id],
    }),
    foreignKey({
      name: 'time_entries_invoice_fk',
      columns: [t.tenantId, t.invoiceId],
      foreignColumns: [invoices.tenantId, invoices.id],
    }),
    foreignKey({
      name: 'time_entries_time_code_fk',
      columns: [t.tenantId, t.timeCodeId],
      foreignColumns: [timeCodes.tenantId, timeCodes.id],
    }),
    check('time_entries_status_check', sql`${t.status} IN ('draft', 'submitted', 'approved', 'rejected')`),
    check('time_entries_span_check', sql`${t.endDate} + ${t.endTime} > ${t.date} + ${t.startTime}`),
    check('time_entries_duration_check', sql`${t.durationMinutes} > 0 AND ${t.durationMinutes} <= 1440`),
    check(
      'time_entries_money_check',
      sql`${t.unitPriceCents} >= 0 AND ${t.amountCents} >= 0 AND ${t.billableMinutes} >= 0`,
    ),
    index('time_entries_user_date_idx').on(t.tenantId, t.userId, t.date, t.startTime),
    // Migration 0017 gives this one INCLUDE (user_id, status, duration_minutes, amount_cents), which
    // drizzle cannot say. It was for the team timesheet, which since migration 0019 reads the day
    // tallies below instead; the team's list uses only the key.
    index('time_entries_team_date_idx').on(t.tenantId, t.teamId, t.date),
    // Migration 0025 gives this one INCLUDE (duration_minutes, status): the dashboard's hours this week
    // for a tenant-wide reader, summed from the index alone.
    index('time_entries_tenant_date_idx').on(t.tenantId, t.date, t.startTime),
    // A plan's committed money (participants/budget-usage.ts): a participant's approved time not
    // yet invoiced, within the plan's dates. Migration 0020 adds INCLUDE (support_item_number,
    // amount_cents) so the sum is read from the index alone.
    index('time_entries_participant_committed_idx')
      .on(t.tenantId, t.participantId, t.date)
      .where(sql`${t.status} = 'approved' AND NOT ${t.isInvoiced}`),
  ],
);

/**
 * The running timer (spec work section 4, Timer; issue 14 part 5): at most one per person and
 * tenant, a row only while it runs. Stop & Save turns it into a time entry and deletes the row.
 */
export const timers = pgTable(
  'timers',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: instant('started_at').notNull(),
    participantId: uuid('participant_id'),
    cardId: uuid('card_id'),
    timeCodeId: uuid('time_code_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({
      name: 'timers_participant_fk',
      columns: [t.tenantId, t.participantId],
      foreignColumns: [participants.tenantId, participants.id],
    }),
    foreignKey({
      name: 'timers_card_fk',
      columns: [t.tenantId, t.cardId],
      foreignColumns: [cards.tenantId, cards.id],
    }),
    foreignKey({
      name: 'timers_time_code_fk',
      columns: [t.tenantId, t.timeCodeId],
      foreignColumns: [timeCodes.tenantId, timeCodes.id],
    }),
  ],
);

/**
 * A team's time per day, person and status, kept by statement triggers on time_entries (migration
 * 0019): what the team timesheet reads, about one row per person-day, instead of summing entries.
 */
export const timeEntryDayTallies = pgTable(
  'time_entry_day_tallies',
  {
    tenantId: tenantIdColumn(),
    teamId: uuid('team_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    userId: uuid('user_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
    minutes: integer('minutes').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'time_entry_day_tallies_pk',
      columns: [t.tenantId, t.teamId, t.date, t.userId, t.status],
    }),
  ],
);

/**
 * The tenant's time per day and status, kept by statement triggers on time_entries (migration 0027):
 * the dashboard's hours tile for a tenant-wide reader sums a week of these (a row per day and status)
 * instead of every entry of the week. Entries with or without a team alike. No foreign key, as for
 * time_entry_day_tallies.
 */
export const timeEntryTenantDayTallies = pgTable(
  'time_entry_tenant_day_tallies',
  {
    tenantId: tenantIdColumn(),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
    minutes: integer('minutes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.date, t.status] })],
);
