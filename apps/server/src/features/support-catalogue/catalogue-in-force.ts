import type { SupportItem } from '@wattle/domain/time/catalogue';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { supportCatalogues, supportItems } from '../../db/schema/catalogue';
import { toSupportItem } from './support-item-records';

export type SupportCatalogueRow = typeof supportCatalogues.$inferSelect;

/**
 * The tenant's catalogue in force on a date: the latest imported price-guide year that has begun by
 * then. A new year's import takes over from its 1 July; entries dated before it keep the older year.
 * Null before the first imported year begins.
 */
export async function catalogueInForce(
  tx: Queryable,
  tenantId: string,
  date: string,
): Promise<SupportCatalogueRow | null> {
  const [row] = await tx
    .select()
    .from(supportCatalogues)
    .where(and(eq(supportCatalogues.tenantId, tenantId), lte(supportCatalogues.effectiveFrom, date)))
    .orderBy(desc(supportCatalogues.effectiveFrom))
    .limit(1);
  return row ?? null;
}

/** Items of a catalogue that may be claimed on the date: started by then and not yet ended. */
export function claimableOn(tenantId: string, catalogueId: string, date: string): SQL {
  return and(
    eq(supportItems.tenantId, tenantId),
    eq(supportItems.catalogueId, catalogueId),
    lte(supportItems.startDate, date),
    or(isNull(supportItems.endDate), gte(supportItems.endDate, date)),
  )!;
}

/**
 * The items of the catalogue in force on a date that may be claimed that day (optionally only some),
 * by number, with that catalogue. An item listed twice (a mid-year price change) counts once, from
 * its latest start.
 */
async function itemsInForce(
  tx: Queryable,
  tenantId: string,
  date: string,
  only?: SQL,
): Promise<{ items: Map<string, SupportItem>; catalogue: SupportCatalogueRow | null }> {
  const items = new Map<string, SupportItem>();
  const catalogue = await catalogueInForce(tx, tenantId, date);
  if (!catalogue) return { items, catalogue };
  const rows = await tx
    .select()
    .from(supportItems)
    .where(and(claimableOn(tenantId, catalogue.id, date), only))
    .orderBy(asc(supportItems.number), desc(supportItems.startDate));
  for (const row of rows) if (!items.has(row.number)) items.set(row.number, toSupportItem(row));
  return { items, catalogue };
}

/**
 * Every support item in force on a date (yyyy-mm-dd), by number: the items of the catalogue in force
 * then that may be claimed that day. What the time-entry pricing rules choose items and price limits
 * from. Empty when no catalogue is in force.
 */
export async function supportItemsInForce(
  tx: Queryable,
  tenantId: string,
  date: string,
): Promise<SupportItem[]> {
  return [...(await itemsInForce(tx, tenantId, date)).items.values()];
}

/** One support item in force on a date, with the catalogue it comes from; null when there is none. */
export async function supportItemInForce(
  tx: Queryable,
  tenantId: string,
  number: string,
  date: string,
): Promise<{ item: SupportItem | null; catalogue: SupportCatalogueRow | null }> {
  const { items, catalogue } = await itemsInForce(tx, tenantId, date, eq(supportItems.number, number));
  return { item: items.get(number) ?? null, catalogue };
}

/** The named support items in force on a date, by number (an item not in force is absent). */
export async function supportItemsInForceByNumber(
  tx: Queryable,
  tenantId: string,
  numbers: readonly string[],
  date: string,
): Promise<Map<string, SupportItem>> {
  if (numbers.length === 0) return new Map();
  return (await itemsInForce(tx, tenantId, date, inArray(supportItems.number, [...numbers]))).items;
}

/**
 * The named support items in force on each of several dates, and the latest row of each number in
 * any imported year: the same rules as catalogueInForce and claimableOn, applied in memory to the
 * tenant's catalogues and every row of those numbers, read in two statements however many dates
 * there are (an invoice's lines span a month of service dates).
 */
export async function supportItemsOnDates(
  tx: Queryable,
  tenantId: string,
  numbers: readonly string[],
  dates: readonly string[],
): Promise<{ inForce: Map<string, Map<string, SupportItem>>; latest: Map<string, SupportItem> }> {
  const inForce = new Map<string, Map<string, SupportItem>>(dates.map((date) => [date, new Map()]));
  const latest = new Map<string, SupportItem>();
  if (numbers.length === 0) return { inForce, latest };
  const catalogues = await tx
    .select({ id: supportCatalogues.id, effectiveFrom: supportCatalogues.effectiveFrom })
    .from(supportCatalogues)
    .where(eq(supportCatalogues.tenantId, tenantId))
    .orderBy(desc(supportCatalogues.effectiveFrom));
  const rows = await tx
    .select()
    .from(supportItems)
    .where(and(eq(supportItems.tenantId, tenantId), inArray(supportItems.number, [...new Set(numbers)])))
    .orderBy(desc(supportItems.startDate));
  const items = rows.map((row) => ({ row, item: toSupportItem(row) }));
  for (const { row, item } of items) if (!latest.has(row.number)) latest.set(row.number, item);
  for (const date of dates) {
    // The latest year begun by the date (catalogueInForce); within it, each number's latest row
    // claimable that day (claimableOn), rows being in start order, latest first.
    const catalogue = catalogues.find((c) => c.effectiveFrom <= date);
    if (!catalogue) continue;
    const onDate = inForce.get(date)!;
    for (const { row, item } of items) {
      if (row.catalogueId !== catalogue.id || onDate.has(row.number)) continue;
      if (row.startDate <= date && (row.endDate === null || row.endDate >= date))
        onDate.set(row.number, item);
    }
  }
  return { inForce, latest };
}
