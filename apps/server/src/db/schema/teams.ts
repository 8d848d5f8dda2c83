import type { WorkflowState } from '@wattle/domain/teams/workflow';
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant, tenantIdColumn, updatedAt } from './columns';
import { tenants } from './tenants';
import { users } from './users';

export const teams = pgTable(
  'teams',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    workflowStates: jsonb('workflow_states').$type<WorkflowState[]>().notNull(),
    workflowStage: text('workflow_stage'),
    workflowLocked: boolean('workflow_locked').notNull().default(false),
    templates: jsonb('templates')
      .$type<{ enabled: string[]; required: string[]; custom: string[] }>()
      .notNull()
      .default({ enabled: [], required: [], custom: [] }),
    compliance: jsonb('compliance')
      .$type<{
        ndisCompliant: boolean;
        lastAudit: string | null;
        nextReview: string | null;
        riskLevel: 'low' | 'medium' | 'high';
      }>()
      .notNull()
      .default({ ndisCompliant: false, lastAudit: null, nextReview: null, riskLevel: 'low' }),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    lastActivityAt: instant('last_activity_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('teams_slug_key').on(t.tenantId, t.slug)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    tenantId: tenantIdColumn(),
    teamId: uuid('team_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', {
      enum: ['Team Lead', 'Practitioner', 'Support Worker', 'Family Guardian', 'Therapist'],
    }).notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    joinedAt: instant('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.teamId, t.userId] }),
    foreignKey({ columns: [t.tenantId, t.teamId], foreignColumns: [teams.tenantId, teams.id] }).onDelete(
      'cascade',
    ),
    index('team_members_user_idx').on(t.userId),
  ],
);
