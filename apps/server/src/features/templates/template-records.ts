import { slugWithSuffix } from '@wattle/domain/shared/ids';
import { builtInTemplates, findBuiltInTemplate } from '@wattle/domain/templates/built-in-templates';
import type { CreateTemplateInput, FormTemplate } from '@wattle/domain/templates/schemas';
import { and, asc, eq } from 'drizzle-orm';
import {
  formTemplates,
  formTemplateVersions,
  type StoredTemplateDefinition,
} from '../../db/schema/templates';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { publishChange } from '../events/change-feed';
import { findPublishedTemplate, listActivePublishedTemplates } from './published-template-reads';
import { buildTemplateDefinition } from './template-definition';

type TemplateRow = typeof formTemplates.$inferSelect;

export function toTemplate(
  row: Pick<TemplateRow, 'id' | 'tenantId' | 'isActive' | 'createdAt' | 'updatedAt' | 'version'>,
  definition: StoredTemplateDefinition,
  versionNumber: number = row.version,
): FormTemplate {
  return {
    ...definition,
    id: row.id,
    tenantId: row.tenantId,
    isActive: row.isActive,
    isBuiltIn: false,
    isPublished: false,
    versionNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface FindTemplateOptions {
  /** Also a retired template (an existing card keeps the template it was made from). */
  includeInactive?: boolean;
  /** One saved version of a custom or published template; its latest when absent. */
  version?: number | undefined;
}

/**
 * A template by id: a built-in one, one published to every tenant, or one of the tenant's custom
 * templates; in the version asked for, else the latest. Retired templates are found only when asked.
 */
export async function findTemplate(
  ctx: TenantContext,
  id: string,
  options: FindTemplateOptions = {},
): Promise<FormTemplate | null> {
  const builtIn = findBuiltInTemplate(id);
  if (builtIn) return builtIn;
  const published = await findPublishedTemplate(ctx.tx, id, options);
  if (published) return published;
  return findCustomTemplate(ctx, id, options);
}

/** One of the tenant's custom templates (see `findTemplate`). */
export async function findCustomTemplate(
  ctx: TenantContext,
  id: string,
  options: FindTemplateOptions = {},
): Promise<FormTemplate | null> {
  const [row] = await ctx.tx
    .select()
    .from(formTemplates)
    .where(and(eq(formTemplates.tenantId, ctx.tenantId), eq(formTemplates.id, id)));
  if (!row || (!row.isActive && !options.includeInactive)) return null;
  if (options.version === undefined || options.version === row.version)
    return toTemplate(row, row.definition);
  const [version] = await ctx.tx
    .select({ definition: formTemplateVersions.definition })
    .from(formTemplateVersions)
    .where(
      and(
        eq(formTemplateVersions.tenantId, ctx.tenantId),
        eq(formTemplateVersions.templateId, id),
        eq(formTemplateVersions.version, options.version),
      ),
    );
  return version ? toTemplate(row, version.definition, options.version) : null;
}

/**
 * The built-in templates, then those published to every tenant (latest versions), then the tenant's
 * active custom ones in the order they were added.
 */
export async function listTemplates(ctx: TenantContext): Promise<FormTemplate[]> {
  const published = await listActivePublishedTemplates(ctx.tx);
  const rows = await ctx.tx
    .select()
    .from(formTemplates)
    .where(and(eq(formTemplates.tenantId, ctx.tenantId), eq(formTemplates.isActive, true)))
    .orderBy(asc(formTemplates.createdAt), asc(formTemplates.id));
  return [...builtInTemplates, ...published, ...rows.map((r) => toTemplate(r, r.definition))];
}

/**
 * A tenant admin's custom template, as its version 1. Its id is the slug of its name plus a short
 * random suffix, so it never takes a built-in template's id.
 */
export async function createTemplate(
  ctx: TenantContext,
  input: CreateTemplateInput,
  audit: { action: string; metadata?: Record<string, unknown> } = { action: 'created' },
): Promise<FormTemplate> {
  requireTenantPermission(ctx, 'manage:tenant');
  const id = slugWithSuffix(input.name, 6).slice(0, 80);
  const definition = buildTemplateDefinition(input, { id, tenantId: ctx.tenantId, versionNumber: 1 });
  const [row] = await ctx.tx
    .insert(formTemplates)
    .values({ tenantId: ctx.tenantId, id, definition, version: 1, createdBy: ctx.actor.id })
    .returning();
  await ctx.tx.insert(formTemplateVersions).values({
    tenantId: ctx.tenantId,
    templateId: id,
    version: 1,
    definition,
    createdBy: ctx.actor.id,
  });
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'template',
    entityId: id,
    action: audit.action,
    changes: [
      { field: 'name', oldValue: null, newValue: input.name },
      { field: 'category', oldValue: null, newValue: input.category },
      { field: 'fields', oldValue: null, newValue: definition.fields.map((f) => f.id) },
    ],
    ...(audit.metadata ? { metadata: audit.metadata } : {}),
  });
  await publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: 'created', entity: 'template', id, version: 1 },
  });
  return toTemplate(row!, definition);
}
