import type { Check, Registration } from '@wattle/domain/staff/schemas';
import { integer, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn, updatedAt } from './columns';
import { tenants } from './tenants';
import { users } from './users';

/** A staff member's profile in one tenant: qualifications, registrations and screening checks. */
export const staffProfiles = pgTable(
  'staff_profiles',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    qualifications: jsonb('qualifications').$type<string[]>().notNull().default([]),
    registrations: jsonb('registrations').$type<Registration[]>().notNull().default([]),
    specializations: jsonb('specializations').$type<string[]>().notNull().default([]),
    supervisorId: uuid('supervisor_id').references(() => users.id),
    workingWithChildrenCheck: jsonb('working_with_children_check').$type<Check | null>(),
    workerScreening: jsonb('worker_screening').$type<Check | null>(),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);
