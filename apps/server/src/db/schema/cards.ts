import type { Compliance } from '@wattle/domain/cards/schemas';
import {
  cardCategories,
  cardStates,
  cardStatuses,
  cardTypes,
  ndisStatuses,
  priorities,
} from '@wattle/domain/cards/schemas';
import type { FieldValues } from '@wattle/domain/templates/schemas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
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
import { createdAt, idColumn, instant, tenantIdColumn, updatedAt } from './columns';
import { teams } from './teams';
import { tenants } from './tenants';
import { users } from './users';

/**
 * A card's words as cards_words_idx keys them (migration 0040): its search text split on spaces, a
 * word longer than 200 characters replaced by '' (Postgres regular expressions count to 255 at most).
 * The search function and the vocabulary's trigger write the same expression.
 */
const cardWordsSql = sql.raw(
  `string_to_array(regexp_replace("search_text", '[^ ]{200}[^ ]+', '', 'g'), ' ')`,
);

/**
 * Per-tenant counters handed out one at a time: the row is locked by
 * `insert … on conflict … do update set value = value + 1 returning value`, so two cards created at
 * once never share a number and a rolled-back creation gives its number back.
 */
export const tenantCounters = pgTable(
  'tenant_counters',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);

/** A clinician's move of a card into pending-review or approved. */
export interface CardApproval {
  userId: string;
  userName: string;
  status: (typeof cardStatuses)[number];
  at: string;
}

/**
 * Work cards (tasks, incidents, behaviour support plans). `compliance` is computed by the server on
 * every write and stored, so lists never recompute it. `field_versions` holds, per field key
 * (`title`, `fieldValues.<id>` …), the card version that last changed it: a PATCH that started from
 * an older version is applied unless one of its keys changed after that version.
 */
export const cards = pgTable(
  'cards',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    teamId: uuid('team_id').notNull(),
    /** Per-tenant sequence number of the visible work item id. */
    number: integer('number').notNull(),
    /** The tenant's 3-letter prefix when the card was made, so renaming the tenant keeps ids. */
    workItemPrefix: text('work_item_prefix').notNull(),
    type: text('type', { enum: cardTypes }).notNull(),
    templateId: text('template_id'),
    templateName: text('template_name'),
    /**
     * The version of a custom or published template the card was made with (templates are versioned,
     * a published version never changes); null for the built-in templates, which have one version.
     */
    templateVersion: integer('template_version'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    participantId: text('participant_id'),
    assigneeId: uuid('assignee_id').references(() => users.id),
    status: text('status', { enum: cardStatuses }).notNull().default('draft'),
    state: text('state', { enum: cardStates }).notNull().default('todo'),
    ndisStatus: text('ndis_status', { enum: ndisStatuses }).notNull().default('draft'),
    workflowStateId: text('workflow_state_id'),
    boardPosition: doublePrecision('board_position').notNull().default(0),
    priority: text('priority', { enum: priorities }).notNull().default('medium'),
    category: text('category', { enum: cardCategories }),
    startDate: date('start_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    fieldValues: jsonb('field_values').$type<FieldValues>().notNull().default({}),
    completedRequirements: jsonb('completed_requirements')
      .$type<{ fields: string[]; documents: string[]; approvals: CardApproval[] }>()
      .notNull()
      .default({ fields: [], documents: [], approvals: [] }),
    compliance: jsonb('compliance').$type<Compliance>().notNull(),
    billable: boolean('billable').notNull().default(true),
    estimatedAmountCents: integer('estimated_amount_cents').notNull().default(0),
    fieldVersions: jsonb('field_versions').$type<Record<string, number>>().notNull().default({}),
    /** Lower-cased text the search matches against (DESIGN.md section 3), kept on every write. */
    searchText: text('search_text').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: uuid('created_by').references(() => users.id),
    lastModifiedBy: uuid('last_modified_by').references(() => users.id),
    deletedAt: instant('deleted_at'),
    deletedBy: uuid('deleted_by').references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.teamId], foreignColumns: [teams.tenantId, teams.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('cards_number_key').on(t.tenantId, t.number),
    index('cards_team_updated_idx')
      .on(t.tenantId, t.teamId, t.updatedAt.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // The list across every team (tenant admins, auditors), whatever the tenant's size.
    index('cards_tenant_updated_idx')
      .on(t.tenantId, t.updatedAt.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // The dashboard's overdue and due-soon cards (issue 16): open cards by due date, across the tenant
    // (admins, auditors) or on the caller's teams.
    index('cards_tenant_open_due_idx')
      .on(t.tenantId, t.dueDate, t.number)
      .where(sql`${t.deletedAt} is null and ${t.state} <> 'done' and ${t.dueDate} is not null`),
    index('cards_team_open_due_idx')
      .on(t.tenantId, t.teamId, t.dueDate)
      .where(sql`${t.deletedAt} is null and ${t.state} <> 'done' and ${t.dueDate} is not null`),
    // The few deleted cards, so "not one of the deleted" (the dashboard's open incidents) is a probe
    // of a small index rather than a join to every live card.
    index('cards_deleted_idx').on(t.tenantId, t.id).where(sql`${t.deletedAt} is not null`),
    // Search (migration 0011): the tenant as a btree_gin key beside the trigrams, so that a word is
    // looked up within the tenant's cards instead of among every tenant's.
    index('cards_search_idx').using('gin', t.tenantId, t.searchText.op('gin_trgm_ops')),
    // Search's last step (migration 0040, decision 0040): the card's space-separated words, a word
    // longer than 200 characters as '' (so no key outgrows an index page), through cardSearchWords.
    index('cards_words_idx').using('gin', t.tenantId, sql`${cardWordsSql}`),
  ],
);

/**
 * Each tenant's vocabulary: every word (space-separated, at most 200 characters) of its cards'
 * search text, kept by a row trigger on cards (migration 0040, decision 0040). Search's last step
 * looks up the words that contain a query word here and asks cards_words_idx for the cards holding
 * one of them. Words are never removed, so it may hold words no card holds any more; it never lacks
 * a word of a card. Read and written only by the search role (wattle_search), never by requests.
 */
export const cardSearchWords = pgTable(
  'card_search_words',
  {
    tenantId: tenantIdColumn(),
    word: text('word').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.word] }),
    index('card_search_words_trgm_idx').using('gin', t.tenantId, t.word.op('gin_trgm_ops')),
  ],
);

/**
 * How many open cards (live, not done, with a due date) each tenant has per due date, kept by row
 * triggers on cards that fire only when a card's due date, state or deletion changes (migration
 * 0026). The dashboard's overdue and due-soon counts for a tenant-wide reader sum the days before and
 * after today here instead of counting every open card of the tenant on each request. No foreign key
 * to tenants, as for invoice_tallies.
 */
export const cardDueTallies = pgTable(
  'card_due_tallies',
  {
    tenantId: tenantIdColumn(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.dueDate] })],
);
