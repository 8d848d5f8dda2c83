import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { publishedTemplates, publishedTemplateVersions } from '../../db/schema/templates';

type PublishedRow = typeof publishedTemplates.$inferSelect;
type VersionRow = typeof publishedTemplateVersions.$inferSelect;

/** A published template's version as every tenant sees it. */
export function toPublishedTemplate(template: PublishedRow, version: VersionRow): FormTemplate {
  return {
    ...version.definition,
    id: template.id,
    tenantId: null,
    isActive: template.isActive,
    isBuiltIn: false,
    isPublished: true,
    versionNumber: version.version,
    createdAt: template.createdAt.toISOString(),
    updatedAt: version.publishedAt.toISOString(),
  };
}

/**
 * A published template: the version asked for, else its latest. Retired ones only when asked (a card
 * keeps the template it was made from). Readable from any tenant's transaction (a reference table).
 */
export async function findPublishedTemplate(
  tx: Queryable,
  id: string,
  options: { includeInactive?: boolean; version?: number | undefined } = {},
): Promise<FormTemplate | null> {
  const [row] = await tx
    .select({ template: publishedTemplates, version: publishedTemplateVersions })
    .from(publishedTemplates)
    .innerJoin(
      publishedTemplateVersions,
      and(
        eq(publishedTemplateVersions.templateId, publishedTemplates.id),
        options.version === undefined
          ? eq(publishedTemplateVersions.version, publishedTemplates.latestVersion)
          : eq(publishedTemplateVersions.version, options.version),
      ),
    )
    .where(eq(publishedTemplates.id, id));
  if (!row || (!row.template.isActive && !options.includeInactive)) return null;
  return toPublishedTemplate(row.template, row.version);
}

/** The latest version of every published template still taking new cards, oldest template first. */
export async function listActivePublishedTemplates(tx: Queryable): Promise<FormTemplate[]> {
  const rows = await tx
    .select({ template: publishedTemplates, version: publishedTemplateVersions })
    .from(publishedTemplates)
    .innerJoin(
      publishedTemplateVersions,
      and(
        eq(publishedTemplateVersions.templateId, publishedTemplates.id),
        eq(publishedTemplateVersions.version, publishedTemplates.latestVersion),
      ),
    )
    .where(eq(publishedTemplates.isActive, true))
    .orderBy(asc(publishedTemplates.createdAt), asc(publishedTemplates.id));
  return rows.map((r) => toPublishedTemplate(r.template, r.version));
}
