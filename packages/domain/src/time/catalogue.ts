import { z } from 'zod';
import { type SupportCategoryNumber, supportCategoryNumbers } from '../participants/plans';

/**
 * The NDIS Support Catalogue as Wattle keeps it (issue 14, part 1): one catalogue per tenant and
 * price-guide year, each a list of support items with a price limit per state and territory plus
 * the remote and very remote limits. The importer (server) fills these from the NDIA's own file;
 * the pricing rules (`./pricing`) read them. Money is integer cents.
 */

/** States and territories, in the order the NDIA's catalogue gives their price-limit columns. */
export const australianStates = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export const AustralianStateSchema = z.enum(australianStates, { error: 'Choose a state or territory' });
export type AustralianState = z.infer<typeof AustralianStateSchema>;

/**
 * Where a participant lives on the Modified Monash Model (MMM 1 metropolitan … 7 very remote).
 * MMM 6 takes the catalogue's Remote price limit, MMM 7 its Very Remote one; provider travel caps
 * also depend on it.
 */
export const MonashModelSchema = z.number().int().min(1).max(7);
export type MonashModel = z.infer<typeof MonashModelSchema>;

/** The price-limit columns of one item: a state's limit, or the remote and very remote ones. */
export const priceLimitKeys = [...australianStates, 'REMOTE', 'VERY_REMOTE'] as const;
export type PriceLimitKey = (typeof priceLimitKeys)[number];
/** Null where the catalogue leaves the cell empty (the item has no limit there, e.g. quotable). */
export type PriceLimitsCents = Record<PriceLimitKey, number | null>;

export const supportItemNumberMessage =
  'A support item number looks like 01_011_0107_1_1 (category_sequence_registration group_outcome_purpose)';

/**
 * `Category_Sequence_RegistrationGroup_Outcome_Purpose`: a two-digit PACE support category that
 * exists, a three-digit sequence, a four-digit registration group, an outcome domain digit and a
 * purpose digit (some real items carry a letter suffix on the last part, e.g. `_1_1_T`). Consumables
 * and assistive technology items of the NDIA's catalogue carry a nine-digit sequence instead (their
 * product classification, e.g. `05_220232801_0103_1_2`), so the importer can read the whole file.
 */
const supportItemNumberPattern = /^(\d{2})_(\d{3}|\d{9})_(\d{4})_(\d)_(\d)(?:_[A-Z])?$/;

export interface SupportItemNumberParts {
  category: SupportCategoryNumber;
  sequence: string;
  registrationGroup: string;
  outcome: string;
  purpose: string;
}

export function parseSupportItemNumber(value: string): SupportItemNumberParts | null {
  const match = supportItemNumberPattern.exec(value.trim());
  if (!match) return null;
  const [, category, sequence, registrationGroup, outcome, purpose] = match;
  if (!(supportCategoryNumbers as readonly string[]).includes(category!)) return null;
  return {
    category: category as SupportCategoryNumber,
    sequence: sequence!,
    registrationGroup: registrationGroup!,
    outcome: outcome!,
    purpose: purpose!,
  };
}

export const SupportItemNumberSchema = z
  .string()
  .trim()
  .refine((value) => parseSupportItemNumber(value) !== null, supportItemNumberMessage);

/** One support item of one catalogue year, as the pricing rules and the API see it. */
export interface SupportItem {
  number: string;
  name: string;
  registrationGroupNumber: string;
  registrationGroupName: string;
  /** PACE support category number, e.g. '01', and its name. */
  categoryNumber: SupportCategoryNumber;
  categoryName: string;
  /** The catalogue's unit of measure: H (hour), E (each), D (day), WK, MON, YR. */
  unit: string;
  quoteRequired: boolean;
  /** YYYY-MM-DD; the item may be claimed for supports delivered from startDate to endDate. */
  startDate: string;
  endDate: string | null;
  priceLimitsCents: PriceLimitsCents;
  nonFaceToFace: boolean;
  providerTravel: boolean;
  shortNoticeCancellations: boolean;
  ndiaRequestedReports: boolean;
  irregularSil: boolean;
}
