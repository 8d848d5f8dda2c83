import { slugWithSuffix } from '@wattle/domain/shared/ids';
import { builtInTemplates, findBuiltInTemplate } from '@wattle/domain/templates/built-in-templates';
import type { CreateTemplateInput, FormTemplate } from '@wattle/domain/templates/schemas';
import { groupFieldsBySection } from '@wattle/domain/templates/sections';
import { and, asc, eq } from 'drizzle-orm';
import { formTemplates } from '../../db/schema/templates';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { publishChange } from '../events/change-feed';

type TemplateRow = typeof formTemplates.$inferSelect;

function toTemplate(row: TemplateRow): FormTemplate {
  return {
    ...row.definition,
    id: row.id,
    tenantId: row.tenantId,
    isActive: row.isActive,
    isBuiltIn: false,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A template by id: a built-in one, or one of the tenant's custom templates. Inactive custom
 * templates are found only when asked (an existing card keeps the template it was made from).
 */
export async function findTemplate(
  ctx: TenantContext,
  id: string,
  options: { includeInactive?: boolean } = {},
): Promise<FormTemplate | null> {
  const builtIn = findBuiltInTemplate(id);
  if (builtIn) return builtIn;
  const [row] = await ctx.tx
    .select()
    .from(formTemplates)
    .where(and(eq(formTemplates.tenantId, ctx.tenantId), eq(formTemplates.id, id)));
  if (!row || (!row.isActive && !options.includeInactive)) return null;
  return toTemplate(row);
}

/** The built-in templates, then the tenant's active custom ones in the order they were added. */
export async function listTemplates(ctx: TenantContext): Promise<FormTemplate[]> {
  const rows = await ctx.tx
    .select()
    .from(formTemplates)
    .where(and(eq(formTemplates.tenantId, ctx.tenantId), eq(formTemplates.isActive, true)))
    .orderBy(asc(formTemplates.createdAt), asc(formTemplates.id));
  return [...builtInTemplates, ...rows.map(toTemplate)];
}

/**
 * A tenant admin's custom template. Its id is the slug of its name plus a short random suffix, so it
 * never takes a built-in template's id; its PDF sections follow the form sections of its fields.
 */
export async function createTemplate(ctx: TenantContext, input: CreateTemplateInput): Promise<FormTemplate> {
  requireTenantPermission(ctx, 'manage:tenant');
  const fields = [...input.fields].sort((a, b) => a.order - b.order);
  const id = slugWithSuffix(input.name, 6).slice(0, 80);
  const definition: Omit<FormTemplate, 'createdAt' | 'updatedAt'> = {
    id,
    tenantId: ctx.tenantId,
    name: input.name,
    description: input.description,
    category: input.category,
    ndisRequired: input.ndisRequired,
    ndisLineItems: [],
    version: '1.0',
    fields,
    requiredDocuments: [],
    requiredRoles: [],
    estimatedDuration: input.estimatedDuration,
    complianceRules: {
      mandatoryValidation: true,
      signatureRequired: input.signatureRequired,
      witnessRequired: input.witnessRequired,
      reviewCycle: input.reviewCycle,
    },
    pdfTemplate: {
      layout: 'portrait',
      sections: groupFieldsBySection(fields).map((group, order) => ({
        id: group.section.id,
        name: group.section.name,
        order,
        fields: group.fields.map((f) => f.id),
        layout: 'single-column' as const,
        pageBreak: false,
      })),
      headerFooter: true,
    },
    aiCompatible: { autoFillFields: [], suggestionsEnabled: false, validationPrompts: false },
    isActive: true,
    isBuiltIn: false,
  };
  const [row] = await ctx.tx
    .insert(formTemplates)
    .values({ tenantId: ctx.tenantId, id, definition, createdBy: ctx.actor.id })
    .returning();
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'template',
    entityId: id,
    action: 'created',
    changes: [
      { field: 'name', oldValue: null, newValue: input.name },
      { field: 'category', oldValue: null, newValue: input.category },
      { field: 'fields', oldValue: null, newValue: fields.map((f) => f.id) },
    ],
  });
  await publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: 'created', entity: 'template', id, version: null },
  });
  return toTemplate(row!);
}
