import type { SupportCategoryNumber } from '@wattle/domain/participants/plans';
import type { PriceLimitKey, SupportItem } from '@wattle/domain/time/catalogue';
import type { supportItems } from '../../db/schema/catalogue';

export type SupportItemRow = typeof supportItems.$inferSelect;

/** Which column holds each price limit. */
const priceColumns = {
  ACT: 'priceActCents',
  NSW: 'priceNswCents',
  NT: 'priceNtCents',
  QLD: 'priceQldCents',
  SA: 'priceSaCents',
  TAS: 'priceTasCents',
  VIC: 'priceVicCents',
  WA: 'priceWaCents',
  REMOTE: 'priceRemoteCents',
  VERY_REMOTE: 'priceVeryRemoteCents',
} as const satisfies Record<PriceLimitKey, keyof SupportItemRow>;

const priceKeys = Object.keys(priceColumns) as PriceLimitKey[];

export function toSupportItem(row: SupportItemRow): SupportItem {
  return {
    number: row.number,
    name: row.name,
    registrationGroupNumber: row.registrationGroupNumber,
    registrationGroupName: row.registrationGroupName,
    categoryNumber: row.categoryNumber as SupportCategoryNumber,
    categoryName: row.categoryName,
    unit: row.unit,
    quoteRequired: row.quoteRequired,
    startDate: row.startDate,
    endDate: row.endDate,
    priceLimitsCents: Object.fromEntries(
      priceKeys.map((key) => [key, row[priceColumns[key]]]),
    ) as SupportItem['priceLimitsCents'],
    nonFaceToFace: row.nonFaceToFace,
    providerTravel: row.providerTravel,
    shortNoticeCancellations: row.shortNoticeCancellations,
    ndiaRequestedReports: row.ndiaRequestedReports,
    irregularSil: row.irregularSil,
  };
}

export function toSupportItemRow(tenantId: string, catalogueId: string, item: SupportItem): SupportItemRow {
  const prices = Object.fromEntries(priceKeys.map((key) => [priceColumns[key], item.priceLimitsCents[key]]));
  return {
    tenantId,
    catalogueId,
    number: item.number,
    name: item.name,
    registrationGroupNumber: item.registrationGroupNumber,
    registrationGroupName: item.registrationGroupName,
    categoryNumber: item.categoryNumber,
    categoryName: item.categoryName,
    unit: item.unit,
    quoteRequired: item.quoteRequired,
    startDate: item.startDate,
    endDate: item.endDate,
    ...(prices as Pick<SupportItemRow, (typeof priceColumns)[PriceLimitKey]>),
    nonFaceToFace: item.nonFaceToFace,
    providerTravel: item.providerTravel,
    shortNoticeCancellations: item.shortNoticeCancellations,
    ndiaRequestedReports: item.ndiaRequestedReports,
    irregularSil: item.irregularSil,
  };
}
