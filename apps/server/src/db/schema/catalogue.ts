import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, instant, tenantIdColumn, updatedAt } from './columns';
import { tenants } from './tenants';
import { users } from './users';

/**
 * The NDIS Support Catalogue a tenant imports, one row per price-guide year (DESIGN.md section 7).
 * Importing a year again replaces that year's items; other years stay, so entries dated before a
 * new year are still priced from the catalogue they were delivered under.
 */
export const supportCatalogues = pgTable(
  'support_catalogues',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    /** The NDIA's price-guide year, July to June: '2025-26'. */
    yearLabel: text('year_label').notNull(),
    /** 1 July of that year. */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    sourceFileName: text('source_file_name').notNull(),
    itemCount: integer('item_count').notNull(),
    importedBy: uuid('imported_by').references(() => users.id),
    importedAt: instant('imported_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('support_catalogues_year_key').on(t.tenantId, t.yearLabel),
    // "The catalogue in force on a date": the latest effective_from on or before it.
    index('support_catalogues_effective_idx').on(t.tenantId, t.effectiveFrom),
  ],
);

/**
 * One support item of one catalogue year, with a price limit per state and territory plus the
 * remote and very remote ones, in cents (null where the catalogue leaves the cell empty: no limit).
 * An item number appears once per start date (the NDIA may list a mid-year price change as a
 * second row from its own date).
 */
export const supportItems = pgTable(
  'support_items',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    catalogueId: uuid('catalogue_id').notNull(),
    number: text('number').notNull(),
    name: text('name').notNull(),
    registrationGroupNumber: text('registration_group_number').notNull(),
    registrationGroupName: text('registration_group_name').notNull(),
    categoryNumber: text('category_number').notNull(),
    categoryName: text('category_name').notNull(),
    unit: text('unit').notNull(),
    quoteRequired: boolean('quote_required').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    priceActCents: integer('price_act_cents'),
    priceNswCents: integer('price_nsw_cents'),
    priceNtCents: integer('price_nt_cents'),
    priceQldCents: integer('price_qld_cents'),
    priceSaCents: integer('price_sa_cents'),
    priceTasCents: integer('price_tas_cents'),
    priceVicCents: integer('price_vic_cents'),
    priceWaCents: integer('price_wa_cents'),
    priceRemoteCents: integer('price_remote_cents'),
    priceVeryRemoteCents: integer('price_very_remote_cents'),
    nonFaceToFace: boolean('non_face_to_face').notNull(),
    providerTravel: boolean('provider_travel').notNull(),
    shortNoticeCancellations: boolean('short_notice_cancellations').notNull(),
    ndiaRequestedReports: boolean('ndia_requested_reports').notNull(),
    irregularSil: boolean('irregular_sil').notNull(),
  },
  (t) => [
    // Serves the lookup of an item in a catalogue and bounds a search (number prefix, name words) to
    // one catalogue's rows: about a thousand in the NDIA's file, few enough to filter as they are read.
    primaryKey({ columns: [t.tenantId, t.catalogueId, t.number, t.startDate] }),
    foreignKey({
      name: 'support_items_catalogue_fk',
      columns: [t.tenantId, t.catalogueId],
      foreignColumns: [supportCatalogues.tenantId, supportCatalogues.id],
    }).onDelete('cascade'),
  ],
);

/** Time codes (spec work section 3, Scheme time code): the support items a tenant bills time against. */
export const timeCodes = pgTable(
  'time_codes',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    /** The support item number billed. */
    code: text('code').notNull(),
    description: text('description').notNull(),
    category: text('category', { enum: ['core', 'capacity'] }).notNull(),
    hourlyRateCents: integer('hourly_rate_cents').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('time_codes_code_key').on(t.tenantId, t.code),
    check('time_codes_rate_positive', sql`${t.hourlyRateCents} > 0`),
  ],
);
