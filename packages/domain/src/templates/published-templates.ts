import { z } from 'zod';
import { FormTemplateSchema, TemplateCategorySchema } from './schemas';

/**
 * Templates system admins publish to every tenant (/templates-rules, issue 17 item 2). Each publish
 * adds an immutable version; tenants' new cards take the latest, while a card keeps the version it was
 * made with. Retiring stops new cards; existing ones are unaffected.
 */

/** One published version in a template's history. */
export const PublishedVersionSchema = z.object({
  versionNumber: z.number().int().min(1),
  /** "2.0" */
  version: z.string(),
  fieldCount: z.number().int().min(0),
  publishedAt: z.iso.datetime({ offset: true }),
  publishedByName: z.string().nullable(),
});
export type PublishedVersion = z.infer<typeof PublishedVersionSchema>;

/** A published template as /templates-rules lists it: its latest version and its history. */
export const PublishedTemplateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  category: TemplateCategorySchema,
  latestVersion: z.number().int().min(1),
  isActive: z.boolean(),
  retiredAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** Newest first. */
  versions: z.array(PublishedVersionSchema),
  /** The latest version in full: the starting point of the next one. */
  latest: FormTemplateSchema,
});
export type PublishedTemplateSummary = z.infer<typeof PublishedTemplateSummarySchema>;

/**
 * Who keeps templates and rules (/templates-rules): system admins, as the spec registers the page
 * only for the role system_admin. The server asks this before every publish, retire and rule change;
 * the web registers the page by the same rule.
 */
export function keepsTemplatesAndRules(platformRole: string | null | undefined): boolean {
  return platformRole === 'system-admin';
}
