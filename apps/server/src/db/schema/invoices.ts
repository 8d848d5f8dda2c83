import type { LineProblem, Payer } from '@wattle/domain/invoices/schemas';
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
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant, tenantIdColumn, updatedAt } from './columns';
import { participants } from './participants';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Invoices (spec work section 3, Invoice; issue 15). `number` comes from `invoice_counters` in the
 * creating transaction, so numbers have no gaps or repeats: a rolled-back creation gives its number
 * back, and a committed invoice is never deleted, only voided. Money is cents; `gst_rate` is the
 * tenant's rate when the invoice was made (0.1 is 10%).
 */
export const invoices = pgTable(
  'invoices',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    number: integer('number').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    participantId: uuid('participant_id').notNull(),
    teamId: uuid('team_id'),
    payer: jsonb('payer').$type<Payer>().notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status', {
      enum: ['draft', 'pending-approval', 'approved', 'sent', 'part-paid', 'paid', 'overdue', 'void'],
    })
      .notNull()
      .default('draft'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    gstRate: numeric('gst_rate', { precision: 5, scale: 4, mode: 'number' }).notNull().default(0),
    gstCents: integer('gst_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    paidCents: integer('paid_cents').notNull().default(0),
    paymentTerms: integer('payment_terms').notNull().default(30),
    notes: text('notes').notNull().default(''),
    rejectionReason: text('rejection_reason'),
    voidReason: text('void_reason'),
    hasErrors: boolean('has_errors').notNull().default(false),
    lineCount: integer('line_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id),
    submittedBy: uuid('submitted_by').references(() => users.id),
    approvedBy: uuid('approved_by').references(() => users.id),
    submittedAt: instant('submitted_at'),
    approvedAt: instant('approved_at'),
    sentAt: instant('sent_at'),
    paidAt: instant('paid_at'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'invoices_participant_fk',
      columns: [t.tenantId, t.participantId],
      foreignColumns: [participants.tenantId, participants.id],
    }),
    uniqueIndex('invoices_number_key').on(t.tenantId, t.number),
    index('invoices_status_number_idx').on(t.tenantId, t.status, t.number),
    index('invoices_participant_idx').on(t.tenantId, t.participantId, t.periodFrom),
    index('invoices_due_idx').on(t.tenantId, t.dueDate),
    index('invoices_created_by_idx').on(t.tenantId, t.createdBy, t.number),
    check(
      'invoices_status_check',
      sql`${t.status} IN ('draft', 'pending-approval', 'approved', 'sent', 'part-paid', 'paid', 'overdue', 'void')`,
    ),
    check('invoices_period_check', sql`${t.periodTo} >= ${t.periodFrom}`),
    check(
      'invoices_money_check',
      sql`${t.subtotalCents} >= 0 AND ${t.gstCents} >= 0 AND ${t.totalCents} >= 0 AND ${t.paidCents} >= 0`,
    ),
  ],
);

/** An invoice's lines, in `line_number` order; a line's claim state is that of its latest claim. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    invoiceId: uuid('invoice_id').notNull(),
    lineNumber: integer('line_number').notNull(),
    timeEntryId: uuid('time_entry_id'),
    cardId: uuid('card_id'),
    serviceDateFrom: date('service_date_from', { mode: 'string' }).notNull(),
    serviceDateTo: date('service_date_to', { mode: 'string' }).notNull(),
    supportItemNumber: text('support_item_number').notNull(),
    supportItemName: text('support_item_name').notNull(),
    /** The item's support category number (01…15), for the plan budget it draws on. */
    supportCategory: text('support_category'),
    description: text('description').notNull().default(''),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** Minutes of a time entry's line, for the bulk file's Hours column; null for other lines. */
    minutes: integer('minutes'),
    unit: text('unit').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    gstCode: text('gst_code', { enum: ['P1', 'P2', 'P5'] })
      .notNull()
      .default('P2'),
    amountCents: integer('amount_cents').notNull(),
    gstCents: integer('gst_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    claimType: text('claim_type').notNull().default(''),
    claimStatus: text('claim_status', { enum: ['unclaimed', 'claimed', 'paid', 'rejected'] })
      .notNull()
      .default('unclaimed'),
    claimReference: text('claim_reference'),
    claimError: text('claim_error'),
    paidCents: integer('paid_cents').notNull().default(0),
    problems: jsonb('problems').$type<LineProblem[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'invoice_lines_invoice_fk',
      columns: [t.tenantId, t.invoiceId],
      foreignColumns: [invoices.tenantId, invoices.id],
    }).onDelete('cascade'),
    uniqueIndex('invoice_lines_number_key').on(t.tenantId, t.invoiceId, t.lineNumber),
    index('invoice_lines_card_idx').on(t.tenantId, t.cardId).where(sql`${t.cardId} IS NOT NULL`),
    check('invoice_lines_gst_code_check', sql`${t.gstCode} IN ('P1', 'P2', 'P5')`),
    check(
      'invoice_lines_claim_status_check',
      sql`${t.claimStatus} IN ('unclaimed', 'claimed', 'paid', 'rejected')`,
    ),
    check('invoice_lines_claim_type_check', sql`${t.claimType} IN ('', 'CANC', 'REPW', 'TRAN', 'NF2F')`),
    check(
      'invoice_lines_money_check',
      sql`${t.quantity} > 0 AND ${t.unitPriceCents} >= 0 AND ${t.amountCents} >= 0 AND ${t.gstCents} >= 0 AND ${t.paidCents} >= 0`,
    ),
    check('invoice_lines_dates_check', sql`${t.serviceDateTo} >= ${t.serviceDateFrom}`),
    check('invoice_lines_reference_check', sql`char_length(${t.claimReference}) <= 50`),
  ],
);

/** Payments against an invoice: recorded by hand, or from an NDIA claim's results file. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    invoiceId: uuid('invoice_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    reference: text('reference').notNull(),
    source: text('source', { enum: ['manual', 'ndia'] }).notNull(),
    claimBatchId: uuid('claim_batch_id'),
    recordedBy: uuid('recorded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'invoice_payments_invoice_fk',
      columns: [t.tenantId, t.invoiceId],
      foreignColumns: [invoices.tenantId, invoices.id],
    }).onDelete('cascade'),
    index('invoice_payments_invoice_idx').on(t.tenantId, t.invoiceId, t.date),
    check('invoice_payments_amount_check', sql`${t.amountCents} > 0`),
    check('invoice_payments_source_check', sql`${t.source} IN ('manual', 'ndia')`),
  ],
);

/**
 * The last invoice and claim-batch numbers a tenant gave out. Taking a number is an UPDATE …
 * RETURNING in the creating transaction: concurrent creations queue on the row, and a rollback
 * returns the number, so numbers have neither gaps nor repeats.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  tenantId: tenantIdColumn()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  lastInvoiceNumber: integer('last_invoice_number').notNull().default(0),
  lastClaimBatchNumber: integer('last_claim_batch_number').notNull().default(0),
});

/** A bulk payment request made from the agency-managed lines of some invoices. */
export const claimBatches = pgTable(
  'claim_batches',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    number: integer('number').notNull(),
    status: text('status', { enum: ['exported', 'results-imported'] })
      .notNull()
      .default('exported'),
    lineCount: integer('line_count').notNull(),
    totalCents: integer('total_cents').notNull(),
    paidLineCount: integer('paid_line_count').notNull().default(0),
    rejectedLineCount: integer('rejected_line_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    resultsImportedAt: instant('results_imported_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('claim_batches_number_key').on(t.tenantId, t.number),
    check('claim_batches_status_check', sql`${t.status} IN ('exported', 'results-imported')`),
  ],
);

/**
 * One line of a claim batch: the invoice line as it was claimed (the bulk file is rebuilt from these
 * rows, so a later correction of the line does not change a file already exported) and its result.
 */
export const claimLines = pgTable(
  'claim_lines',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    batchId: uuid('batch_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    invoiceLineId: uuid('invoice_line_id').notNull(),
    claimReference: text('claim_reference').notNull(),
    /** The bulk file's row for this line, in the portal's column order. */
    row: jsonb('row').$type<string[]>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['claimed', 'paid', 'rejected'] })
      .notNull()
      .default('claimed'),
    error: text('error'),
    paidCents: integer('paid_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'claim_lines_batch_fk',
      columns: [t.tenantId, t.batchId],
      foreignColumns: [claimBatches.tenantId, claimBatches.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'claim_lines_invoice_line_fk',
      columns: [t.tenantId, t.invoiceLineId],
      foreignColumns: [invoiceLines.tenantId, invoiceLines.id],
    }).onDelete('cascade'),
    uniqueIndex('claim_lines_reference_key').on(t.tenantId, t.claimReference),
    index('claim_lines_batch_idx').on(t.tenantId, t.batchId),
    check('claim_lines_status_check', sql`${t.status} IN ('claimed', 'paid', 'rejected')`),
    check('claim_lines_reference_check', sql`char_length(${t.claimReference}) <= 50`),
  ],
);

/**
 * Card billing rules (spec work section 3): how a billable card of a type and category becomes an
 * invoice line. Edited on /templates-rules (issue 17); invoices read them.
 */
export const cardBillingRules = pgTable(
  'card_billing_rules',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    cardType: text('card_type').notNull(),
    category: text('category').notNull(),
    baseRateCents: integer('base_rate_cents').notNull(),
    estimatedHours: numeric('estimated_hours', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    ndisLineItem: text('ndis_line_item').notNull(),
    gstApplicable: boolean('gst_applicable').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('card_billing_rules_type_category_key').on(t.tenantId, t.cardType, t.category),
    check('card_billing_rules_money_check', sql`${t.baseRateCents} >= 0 AND ${t.estimatedHours} > 0`),
  ],
);

/**
 * How many invoices a tenant has per status, and their total: kept by statement triggers on invoices
 * (migration 0022), read for the invoice list's total and the board's column totals when a
 * tenant-wide reader filters by status alone, instead of counting every invoice on each page. No
 * foreign key to tenants: a tenant deleted with its invoices would trip over its own cascade.
 */
export const invoiceTallies = pgTable(
  'invoice_tallies',
  {
    tenantId: tenantIdColumn(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.status] })],
);
