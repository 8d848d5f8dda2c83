import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditTrailColumns, createdAt, idColumn, instant, updatedAt } from './columns';

/** People, shared by all tenants (a reference table). Email is stored lower-cased. */
export const users = pgTable(
  'users',
  {
    id: idColumn().primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    platformRole: text('platform_role', { enum: ['global-admin', 'system-admin'] }),
    verifiedAt: instant('verified_at'),
    isActive: boolean('is_active').notNull().default(true),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    lastLoginAt: instant('last_login_at'),
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    /** The person's own IANA time zone (settings/user); null: each organisation's own. */
    timeZone: text('time_zone'),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_oidc_key').on(t.oidcIssuer, t.oidcSubject).where(sql`${t.oidcSubject} is not null`),
  ],
);

/** Browser sessions. The id is the SHA-256 of the cookie's secret, so a database leak leaks no session. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    /** The id the session is shown and signed out by (GET /api/me/sessions): the hash stays private. */
    publicId: uuid('public_id').notNull().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    uniqueIndex('sessions_public_id_key').on(t.publicId),
  ],
);

/** Personal API tokens, stored as SHA-256 hashes; the secret is shown once at creation. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: idColumn().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
    expiresAt: instant('expires_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('api_tokens_hash_key').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);

/** Account-level events that belong to no tenant: sign-in, sign-out, tokens, verification. Append-only. */
export const accountAuditLog = pgTable(
  'account_audit_log',
  {
    id: idColumn().primaryKey(),
    userId: uuid('user_id').notNull(),
    action: text('action').notNull(),
    ...auditTrailColumns(),
  },
  (t) => [index('account_audit_user_idx').on(t.userId, t.at)],
);

/**
 * Idempotency-Key records for POSTs that create: a retried request with the same key gets the first
 * answer again instead of a second record. Kept for 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_pk').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
