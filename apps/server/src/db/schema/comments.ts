import type { CommentMetadata, ReactionKind } from '@wattle/domain/comments/schemas';
import { commentTypes } from '@wattle/domain/comments/schemas';
import { documentFormats, virusScanStatuses } from '@wattle/domain/files/schemas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { cards } from './cards';
import { createdAt, idColumn, instant, tenantIdColumn, updatedAt } from './columns';
import { tenants } from './tenants';
import { users } from './users';

/**
 * A card's comment thread (spec work section 3, Comment). Replies point at their parent. Internal
 * comments are never sent to users without read:internal-comments (family guardians). Deleting is
 * soft: a deleted comment with replies keeps its place in the thread, without its text.
 */
export const cardComments = pgTable(
  'card_comments',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    cardId: uuid('card_id').notNull(),
    userId: uuid('user_id').references(() => users.id),
    /** The author's role label on the team when they wrote it. */
    userRole: text('user_role').notNull(),
    type: text('type', { enum: commentTypes }).notNull().default('general'),
    content: text('content').notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    mentions: uuid('mentions').array().notNull().default(sql`'{}'::uuid[]`),
    parentCommentId: uuid('parent_comment_id'),
    reactions: jsonb('reactions').$type<Record<string, ReactionKind>>().notNull().default({}),
    metadata: jsonb('metadata').$type<CommentMetadata>().notNull().default({}),
    editedAt: instant('edited_at'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.cardId], foreignColumns: [cards.tenantId, cards.id] }).onDelete(
      'cascade',
    ),
    // A reply's parent is a comment of the same tenant. Comments are deleted softly (the row stays
    // while its replies hang below it); rows go only with their card or tenant, the whole thread at
    // once, so a cascade here never removes a reply whose parent is still shown.
    foreignKey({
      name: 'card_comments_parent_comment_fk',
      columns: [t.tenantId, t.parentCommentId],
      foreignColumns: [t.tenantId, t.id],
    }).onDelete('cascade'),
    index('card_comments_card_idx').on(t.tenantId, t.cardId, t.createdAt),
    index('card_comments_parent_idx')
      .on(t.tenantId, t.parentCommentId)
      .where(sql`${t.parentCommentId} is not null`),
  ],
);

/**
 * Files attached to a card (spec work section 3, Document). The bytes live in the file storage
 * (a directory, or an S3-compatible bucket) under `storage_key`; the row holds what was checked.
 */
export const cardFiles = pgTable(
  'card_files',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    cardId: uuid('card_id').notNull(),
    name: text('name').notNull(),
    originalName: text('original_name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default('attachment'),
    /** The format found in the content. */
    format: text('format', { enum: documentFormats }).notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    checksum: text('checksum').notNull(),
    storageKey: text('storage_key').notNull(),
    isConfidential: boolean('is_confidential').notNull().default(false),
    requirementId: text('requirement_id'),
    /** 'pending' until clamd answers when CLAMAV_URL is set (features/files/virus-scan.ts). */
    virusScanStatus: text('virus_scan_status', { enum: virusScanStatuses }).notNull().default('not-scanned'),
    downloadCount: integer('download_count').notNull().default(0),
    lastAccessedAt: instant('last_accessed_at'),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    uploadedAt: createdAt(),
    deletedAt: instant('deleted_at'),
    /**
     * Retention, recorded at upload (issue 17, decision 0029): the days its template's required
     * document keeps it for (2555 for any other attachment), whether it may then be deleted without
     * a person deciding, and the moment that period ends. The daily retention job removes the bytes
     * of files past `delete_after` that allow auto-delete, and of deleted files past it, and sets
     * `purged_at`.
     */
    retentionDays: integer('retention_days').notNull().default(2555),
    autoDelete: boolean('auto_delete').notNull().default(true),
    // The default only serves an insert that names no retention: uploaded_at defaults to the same now().
    deleteAfter: instant('delete_after').notNull().default(sql`now() + interval '2555 days'`),
    purgedAt: instant('purged_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.cardId], foreignColumns: [cards.tenantId, cards.id] }).onDelete(
      'cascade',
    ),
    index('card_files_card_idx').on(t.tenantId, t.cardId),
    // File storage (GET /api/files): the tenant's live files, newest first, read a page at a time.
    index('card_files_tenant_uploaded_idx')
      .on(t.tenantId, t.uploadedAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // Its search by name: trigrams within the tenant (btree_gin keys the tenant, as cards_search_idx).
    index('card_files_name_search_idx').using('gin', t.tenantId, t.name.op('gin_trgm_ops')),
    // The retention job: files whose period has ended and whose bytes are still kept.
    index('card_files_retention_idx').on(t.tenantId, t.deleteAfter).where(sql`${t.purgedAt} is null`),
  ],
);

/**
 * How many live (not deleted) files each tenant has, kept by statement triggers on card_files
 * (migration 0030): file storage's total for an owner's unfiltered list reads this row instead of
 * counting every file of the tenant on each page (docs/performance.md, File storage). No foreign key
 * to tenants, as for invoice_tallies: a tenant deleted with its files would trip over its own cascade.
 */
export const cardFileTallies = pgTable('card_file_tallies', {
  tenantId: tenantIdColumn().primaryKey(),
  n: integer('n').notNull(),
});
