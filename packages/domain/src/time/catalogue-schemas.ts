import { z } from 'zod';
import { PagingQuerySchema } from '../api/envelope';
import { SupportCategorySchema } from '../participants/plans';
import { type PriceLimitKey, priceLimitKeys, type SupportItem } from './catalogue';

/**
 * The API's view of the support catalogue (issue 14 part 1): the imported price-guide years
 * (`GET /api/support-catalogues`, `POST /api/support-catalogue/imports`) and their support items
 * (`GET /api/support-items`).
 */

const centsOrNull = z.number().int().nonnegative().nullable();

export const PriceLimitsCentsSchema = z.object(
  Object.fromEntries(priceLimitKeys.map((key) => [key, centsOrNull])) as Record<
    PriceLimitKey,
    typeof centsOrNull
  >,
);

export const SupportItemSchema = z.object({
  number: z.string(),
  name: z.string(),
  registrationGroupNumber: z.string(),
  registrationGroupName: z.string(),
  categoryNumber: SupportCategorySchema,
  categoryName: z.string(),
  unit: z.string(),
  quoteRequired: z.boolean(),
  startDate: z.iso.date(),
  endDate: z.iso.date().nullable(),
  priceLimitsCents: PriceLimitsCentsSchema,
  nonFaceToFace: z.boolean(),
  providerTravel: z.boolean(),
  shortNoticeCancellations: z.boolean(),
  ndiaRequestedReports: z.boolean(),
  irregularSil: z.boolean(),
}) satisfies z.ZodType<SupportItem>;

/** One imported price-guide year of the tenant's catalogue. */
export const SupportCatalogueSchema = z.object({
  id: z.uuid(),
  /** The NDIA's price-guide year, July to June: '2025-26'. */
  yearLabel: z.string(),
  /** 1 July of that year: entries dated from then on are priced from this catalogue. */
  effectiveFrom: z.iso.date(),
  sourceFileName: z.string(),
  itemCount: z.number().int().nonnegative(),
  importedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  importedAt: z.iso.datetime({ offset: true }),
  /** True for the catalogue in force today (the latest whose year has begun). */
  isInForce: z.boolean(),
});
export type SupportCatalogue = z.infer<typeof SupportCatalogueSchema>;

/** `POST /api/support-catalogue/imports`: the year imported, and whether it replaced an earlier import of that year. */
export const CatalogueImportResultSchema = z.object({
  catalogue: SupportCatalogueSchema,
  replacedEarlierImport: z.boolean(),
});
export type CatalogueImportResult = z.infer<typeof CatalogueImportResultSchema>;

/** The largest page of support items one search answers. */
export const supportItemsPageMax = 50;

/**
 * `GET /api/support-items?q=&date=`: q matches the start of the support item number, or every word
 * somewhere in the name; date (default today in the tenant's time zone) picks the catalogue in force.
 */
export const SupportItemsQuerySchema = PagingQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  date: z.iso.date({ error: 'date must be YYYY-MM-DD' }).optional(),
  limit: z.coerce.number().int().min(1).max(supportItemsPageMax).default(20),
});
export type SupportItemsQuery = z.infer<typeof SupportItemsQuerySchema>;
