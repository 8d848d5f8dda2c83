import {
  type CreateTemplateInput,
  copyTemplateName,
  type FormTemplate,
  type TemplateVersionInput,
} from '@wattle/domain/templates/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { formTemplates, formTemplateVersions } from '../../db/schema/templates';
import { AppError } from '../../http/app-error';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { publishChange } from '../events/change-feed';
import { buildTemplateDefinition, editableTemplateInput, versionChanges } from './template-definition';
import { createTemplate, findCustomTemplate, findTemplate, toTemplate } from './template-records';

/**
 * A custom template of the tenant, for an edit: 404 when it is not the tenant's own (built-in and
 * published templates are copied, not edited), 409 when it is retired.
 */
async function editableCustomTemplate(ctx: TenantContext, id: string): Promise<FormTemplate> {
  const template = await findCustomTemplate(ctx, id, { includeInactive: true });
  if (!template) throw new AppError('NOT_FOUND', 'Template not found');
  if (!template.isActive)
    throw new AppError('CONFLICT', 'This template is retired and can no longer be edited');
  return template;
}

/**
 * `PUT /api/templates/{id}`: saves a tenant admin's edit of a custom template as its next version.
 * Earlier versions stay as they were, and the cards made with them keep them; new cards take this
 * one. The version is taken with a conditional update from the version the edit started from, so
 * two admins saving at once cannot both make version n+1: the second gets 409 with the current one.
 */
export async function saveTemplateVersion(
  ctx: TenantContext,
  id: string,
  input: TemplateVersionInput,
): Promise<FormTemplate> {
  requireTenantPermission(ctx, 'manage:tenant');
  const before = await editableCustomTemplate(ctx, id);
  const next = input.fromVersion + 1;
  const definition = buildTemplateDefinition(input, { id, tenantId: ctx.tenantId, versionNumber: next });
  const [row] = await ctx.tx
    .update(formTemplates)
    .set({ definition, version: next, updatedAt: sql`now()` })
    .where(
      and(
        eq(formTemplates.tenantId, ctx.tenantId),
        eq(formTemplates.id, id),
        eq(formTemplates.version, input.fromVersion),
        eq(formTemplates.isActive, true),
      ),
    )
    .returning();
  if (!row) {
    throw new AppError(
      'CONFLICT',
      `Someone saved version ${before.version} of this template since you started; reload to edit it`,
      { current: before },
    );
  }
  await ctx.tx.insert(formTemplateVersions).values({
    tenantId: ctx.tenantId,
    templateId: id,
    version: next,
    definition,
    createdBy: ctx.actor.id,
  });
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'template',
    entityId: id,
    action: 'version-saved',
    changes: versionChanges(before, definition),
  });
  await publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: 'updated', entity: 'template', id, version: next },
  });
  return toTemplate(row, definition);
}

/**
 * `POST /api/templates/{id}/copy`: a new custom template (version 1) named "Copy of {name}" from any
 * template the tenant can see, built-in, published or its own (its latest version, or the one asked).
 */
export async function copyTemplate(
  ctx: TenantContext,
  id: string,
  options: { version?: number | undefined } = {},
): Promise<FormTemplate> {
  requireTenantPermission(ctx, 'manage:tenant');
  const source = await findTemplate(ctx, id, { includeInactive: true, version: options.version });
  if (!source) throw new AppError('NOT_FOUND', 'Template not found');
  const input: CreateTemplateInput = {
    ...editableTemplateInput(source),
    name: copyTemplateName(source.name),
  };
  return createTemplate(ctx, input, {
    action: 'copied',
    metadata: { copiedFrom: source.id, copiedVersion: source.version },
  });
}

/**
 * `POST /api/templates/{id}/retire`: a custom template takes no new cards and leaves the template
 * list; cards made from it keep it, in their own version.
 */
export async function retireTemplate(ctx: TenantContext, id: string): Promise<FormTemplate> {
  requireTenantPermission(ctx, 'manage:tenant');
  const before = await editableCustomTemplate(ctx, id);
  const [row] = await ctx.tx
    .update(formTemplates)
    .set({ isActive: false, updatedAt: sql`now()` })
    .where(and(eq(formTemplates.tenantId, ctx.tenantId), eq(formTemplates.id, id)))
    .returning();
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'template',
    entityId: id,
    action: 'retired',
    changes: [{ field: 'isActive', oldValue: true, newValue: false }],
    metadata: { name: before.name, version: before.version },
  });
  await publishChange(ctx.tx, {
    tenantId: ctx.tenantId,
    userId: null,
    event: { type: 'updated', entity: 'template', id, version: row!.version },
  });
  return toTemplate(row!, row!.definition);
}
