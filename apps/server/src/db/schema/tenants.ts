import type { TaxInvoiceProfile } from '@wattle/domain/invoices/tax-invoice-settings';
import type {
  AuditConfig,
  BillingConfig,
  Subscription,
  TenantProfile,
  TenantSettings,
} from '@wattle/domain/tenants/schemas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { users } from './users';

/** Organisations. The row's own id is its tenant id, which row-level security compares. */
export const tenants = pgTable(
  'tenants',
  {
    id: idColumn().primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    logoUrl: text('logo_url'),
    prefix: text('prefix').notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    timeZone: text('time_zone').notNull().default('Australia/Sydney'),
    settings: jsonb('settings').$type<TenantSettings>().notNull(),
    profile: jsonb('profile').$type<TenantProfile>().notNull().default({}),
    features: jsonb('features').$type<Record<string, boolean>>().notNull(),
    subscription: jsonb('subscription').$type<Subscription>().notNull(),
    auditConfig: jsonb('audit_config').$type<AuditConfig>().notNull(),
    billingConfig: jsonb('billing_config').$type<BillingConfig>().notNull(),
    /**
     * Sessions idle longer than this many minutes are refused in this tenant (null: the server's
     * SESSION_IDLE_MINUTES alone). A column, not settings JSON: the per-request access check reads it.
     */
    sessionIdleMinutes: integer('session_idle_minutes'),
    /** Lower-cased e-mail domains invitations are limited to; empty allows any domain. */
    allowedEmailDomains: text('allowed_email_domains').array().notNull().default(sql`'{}'::text[]`),
    /** Who the provider is on its tax invoices and NDIA claims (invoices/tax-invoice-settings.ts). */
    taxInvoice: jsonb('tax_invoice').$type<TaxInvoiceProfile>().notNull().default({}),
    version: integer('version').notNull().default(1),
    /**
     * The format of search text (`searchTextVersion` in features/cards/card-values.ts) every card of
     * this tenant has: below the current one, the server rebuilds the tenant's search text when it
     * starts (features/cards/rebuild-search-text.ts). Not part of the tenant's record.
     */
    searchTextVersion: integer('search_text_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tenants_slug_key').on(t.slug),
    uniqueIndex('tenants_custom_domain_key')
      .on(sql`(lower(${t.settings}->>'customDomain'))`)
      .where(sql`${t.settings}->>'customDomain' is not null`),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'member', 'guest', 'auditor'] }).notNull(),
    /** For guests: the teams shared with them. */
    sharedTeamIds: uuid('shared_team_ids').array().notNull().default(sql`'{}'::uuid[]`),
    joinedAt: instant('joined_at').notNull().defaultNow(),
    /**
     * What the organisation pays this person an hour, in cents (null: not set). A fact of the person
     * in this organisation, kept here rather than on the staff profile: owners and admins alone read
     * and set it (manage:rates), while the person and their team leads read the profile.
     */
    hourlyCostRateCents: integer('hourly_cost_rate_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    index('memberships_user_idx').on(t.userId),
    check(
      'memberships_hourly_cost_rate_range',
      sql`${t.hourlyCostRateCents} IS NULL OR ${t.hourlyCostRateCents} BETWEEN 0 AND 100000`,
    ),
  ],
);

/** People invited to a tenant before they have signed in; matched by verified email at first sign-in. */
export const invitations = pgTable(
  'invitations',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'member', 'guest', 'auditor'] }).notNull(),
    teamId: uuid('team_id'),
    teamRole: text('team_role', {
      enum: ['Team Lead', 'Practitioner', 'Support Worker', 'Family Guardian', 'Therapist'],
    }),
    invitedBy: uuid('invited_by').references(() => users.id),
    createdAt: createdAt(),
    acceptedAt: instant('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id),
    /** SHA-256 of the single-use link's secret (`/invite/{token}`); null for sign-in-only invitations. */
    tokenHash: text('token_hash'),
    expiresAt: instant('expires_at'),
    revokedAt: instant('revoked_at'),
    lastSentAt: instant('last_sent_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('invitations_email_idx').on(t.email),
    uniqueIndex('invitations_token_key').on(t.tokenHash),
  ],
);

/** A system admin's request to enter a tenant; approval grants access until expiresAt. */
export const tenantAccessRequests = pgTable(
  'tenant_access_requests',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    durationHours: integer('duration_hours').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'revoked'] })
      .notNull()
      .default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: instant('decided_at'),
    expiresAt: instant('expires_at'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('access_requests_requester_idx').on(t.requestedBy, t.status),
  ],
);
