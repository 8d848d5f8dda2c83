import type { FormTemplate } from '@wattle/domain/templates/schemas';
import {
  boolean,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantIdColumn, updatedAt } from './columns';
import { tenants } from './tenants';
import { users } from './users';

/** A template as stored: the API's shape without its dates (the columns hold those). */
export type StoredTemplateDefinition = Omit<FormTemplate, 'createdAt' | 'updatedAt'>;

/**
 * A tenant's custom compliance templates. The eight built-in templates live in code
 * (`@wattle/domain/templates/built-in-templates`) and are shared by every tenant; templates system
 * admins publish to every tenant are in `published_templates`.
 * `definition` is the current (latest) version; `version` its number. Every version, the current one
 * included, is kept unchanged in `form_template_versions`, so a card keeps the version it was made with.
 */
export const formTemplates = pgTable(
  'form_templates',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    definition: jsonb('definition').$type<StoredTemplateDefinition>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The latest version's number (1, 2, …); shown as "1.0", "2.0". */
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Each saved version of a tenant's custom template, never changed once written. */
export const formTemplateVersions = pgTable(
  'form_template_versions',
  {
    tenantId: tenantIdColumn(),
    templateId: text('template_id').notNull(),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<StoredTemplateDefinition>().notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.templateId, t.version] }),
    foreignKey({
      name: 'form_template_versions_template_fk',
      columns: [t.tenantId, t.templateId],
      foreignColumns: [formTemplates.tenantId, formTemplates.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Templates system admins publish to every tenant (/templates-rules). Shared by all tenants, like the
 * built-in ones: the app role may only read them; the platform service writes them after checking
 * the caller is a system admin. `latest_version` is what new cards use; a retired template takes no
 * new cards, while cards made from it keep their version.
 */
export const publishedTemplates = pgTable('published_templates', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  latestVersion: integer('latest_version').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
  retiredBy: uuid('retired_by').references(() => users.id),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Each published version of a platform template: immutable once published. */
export const publishedTemplateVersions = pgTable(
  'published_template_versions',
  {
    templateId: text('template_id')
      .notNull()
      .references(() => publishedTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<StoredTemplateDefinition>().notNull(),
    publishedBy: uuid('published_by').references(() => users.id),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.version] })],
);
