import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { boolean, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantIdColumn, updatedAt } from './columns';
import { tenants } from './tenants';
import { users } from './users';

/**
 * A tenant's custom compliance templates. The eight built-in templates live in code
 * (`@wattle/domain/templates/built-in-templates`) and are shared by every tenant.
 * `definition` is the template as the API shows it, without its dates (the columns hold those).
 */
export const formTemplates = pgTable(
  'form_templates',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    definition: jsonb('definition').$type<Omit<FormTemplate, 'createdAt' | 'updatedAt'>>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
