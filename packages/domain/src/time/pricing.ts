import { formatCents } from '../participants/plans';
import { dayMonthYear } from '../shared/dates';
import { shiftBand, type TimeBand, timeBandLabels } from './bands';
import type { AustralianState, MonashModel, PriceLimitKey, SupportItem } from './catalogue';
import { clearDaysBetween, type EntryTimes, entrySpanMinutes } from './clock';
import { type Cancellation, timeEntryMessages, timeRangeIssue } from './entries';
import { familyItemForBand, isSupportItemInForce, supportItemBand, supportItemFamilyName } from './families';
import { clearBusinessDaysBetween, publicHolidaysBetween } from './holidays';

/**
 * The NDIS pricing rules (issue 14 part 3; DESIGN.md section 7): for one time entry, which support
 * item is claimed, at what unit price, for how many minutes and for how much. Pure: the catalogue,
 * the tenant's time codes and where the participant lives are passed in; holidays come from the
 * `date-holidays` library through `./holidays`. Money is integer cents throughout.
 *
 * The rules, in the order they are applied:
 * 1. The times: the end after the start, at most 24 hours (`timeRangeIssue`).
 * 2. The chosen code's support item must be in the catalogue and in force on the entry's date, and
 *    be priced by the hour (unit H): a time code is an hourly rate.
 * 3. The band of the shift (`./bands`) picks the item of the code's family (`./families`) for that
 *    band, in force on the date. An item without band variants is claimed as it is.
 * 4. The unit price, before location: the tenant's own rate for that item (its active time code
 *    for the item's number) if it has one; else the chosen code's rate scaled by the ratio of the
 *    two items' price limits for the participant's state (a $65 weekday rate under a $70.23 limit
 *    becomes 65 × 98.83 / 70.23 on a Saturday). A rate above the item's limit for the state is an
 *    error the user sees, never silently capped.
 * 5. Location, one rule: in the state's own areas (MMM 1-5) the state's column is the limit; in
 *    remote (MMM 6) and very remote (MMM 7) areas the price is the state-based price scaled by the
 *    item's Remote (or Very Remote) limit over its state limit — the same loading the NDIA applies
 *    to its own limits — and that column is the limit. Where the catalogue leaves a limit empty
 *    (quotable items) nothing is scaled or capped.
 * 6. Provider travel (`isTravel`): only for items whose catalogue flag allows it, and claimed up to
 *    30 minutes in MMM 1-3 and 60 minutes in MMM 4-5 (the worked time is kept, the claim capped,
 *    and a notice says so). The PAPL sets no cap in MMM 6-7, where the provider and participant
 *    agree the travel, so all of it is claimed.
 * 7. Short-notice cancellations: only for items whose catalogue flag allows them, and only when
 *    notice was short by the PAPL (2024-25 on): for supports under the Disability Support Worker
 *    Cost Model less than 7 clear days; for all others less than 2 clear business days of the
 *    participant's state. Claimed at 100% of the agreed price and marked as a cancellation.
 * 8. Amount = unit price × billable minutes / 60, rounded half up to the cent.
 */

export const providerTravelCapMinutes = { metropolitan: 30, regional: 60 } as const;

/** The minutes of provider travel claimable for one trip where the support is given; null: no cap. */
export function providerTravelCap(mmm: MonashModel): number | null {
  if (mmm <= 3) return providerTravelCapMinutes.metropolitan;
  if (mmm <= 5) return providerTravelCapMinutes.regional;
  return null;
}

/**
 * The Support Catalogue carries no Disability Support Worker Cost Model flag. The DSW Cost Model
 * prices the support-worker items of Assistance with Daily Life (01) and Assistance with Social,
 * Economic and Community Participation (04); those take the 7-clear-day notice period.
 */
export const dswCostModelCategories: readonly string[] = ['01', '04'];
export const shortNoticeClearDays = 7;
export const shortNoticeClearBusinessDays = 2;

export type ShortNoticeRule =
  | { kind: 'clear-days'; days: typeof shortNoticeClearDays }
  | { kind: 'clear-business-days'; days: typeof shortNoticeClearBusinessDays };

export function shortNoticeRule(item: Pick<SupportItem, 'categoryNumber' | 'unit'>): ShortNoticeRule {
  return dswCostModelCategories.includes(item.categoryNumber) && item.unit === 'H'
    ? { kind: 'clear-days', days: shortNoticeClearDays }
    : { kind: 'clear-business-days', days: shortNoticeClearBusinessDays };
}

/** The price-limit column for where the participant lives. */
export function priceLimitKeyFor(location: ParticipantLocation): PriceLimitKey {
  if (location.mmm === 7) return 'VERY_REMOTE';
  if (location.mmm === 6) return 'REMOTE';
  return location.state;
}

/** a × b / c rounded half up, in integers (all three non-negative, c positive). */
export function mulDivRoundHalfUp(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

/** What the rules need of a time code: its support item number (`code`) and hourly rate. */
export interface PricingTimeCode {
  code: string;
  hourlyRateCents: number;
  /** Inactive codes' rates are not used for other bands; left out, the code counts as active. */
  isActive?: boolean;
}

export interface ParticipantLocation {
  state: AustralianState;
  mmm: MonashModel;
}

export interface PriceEntryInput {
  entry: EntryTimes & { isTravel?: boolean; cancellation?: Cancellation | null };
  /** The code the user chose. */
  timeCode: PricingTimeCode;
  /** The items of the catalogue year in force on the entry's date. */
  catalogue: readonly SupportItem[];
  /** The tenant's time codes (the chosen one among them or not). */
  tenantTimeCodes: readonly PricingTimeCode[];
  location: ParticipantLocation;
}

export interface PricingIssue {
  /** The entry field the message belongs to, as the API's field names. */
  field: string;
  message: string;
}

export interface PricedEntry {
  ok: true;
  supportItemNumber: string;
  supportItemName: string;
  band: TimeBand;
  unitPriceCents: number;
  /** The limit that applied, for the participant's location; null when the catalogue gives none. */
  priceLimitCents: number | null;
  billableMinutes: number;
  amountCents: number;
  isCancellation: boolean;
  notices: string[];
}

export type PriceEntryResult = PricedEntry | { ok: false; errors: PricingIssue[] };

const locationNames: Record<'REMOTE' | 'VERY_REMOTE', string> = {
  REMOTE: 'remote areas (MMM 6)',
  VERY_REMOTE: 'very remote areas (MMM 7)',
};

function itemLabel(item: SupportItem): string {
  return `${item.name} (${item.number})`;
}

function overLimit(rateCents: number, limitCents: number, item: SupportItem, where: string): PricingIssue {
  return {
    field: 'timeCodeId',
    message: `The rate ${formatCents(rateCents)}/h is above the NDIS price limit of ${formatCents(limitCents)}/h for ${itemLabel(item)} in ${where}`,
  };
}

function fail(...errors: PricingIssue[]): PriceEntryResult {
  return { ok: false, errors };
}

/** The chosen code's item in force on the date, or why there is none. */
function findChosenItem(
  catalogue: readonly SupportItem[],
  code: string,
  date: string,
): SupportItem | PricingIssue {
  const withNumber = catalogue.filter((item) => item.number === code);
  const inForce = withNumber.find((item) => isSupportItemInForce(item, date));
  if (inForce) return inForce;
  const known = withNumber[0];
  if (!known) {
    return {
      field: 'timeCodeId',
      message: `Support item ${code} is not in the NDIS Support Catalogue in force on ${dayMonthYear(date)}`,
    };
  }
  const until = known.endDate ? ` to ${dayMonthYear(known.endDate)}` : '';
  return {
    field: 'date',
    message: `${itemLabel(known)} is not in force on ${dayMonthYear(date)}; it may be claimed from ${dayMonthYear(known.startDate)}${until}`,
  };
}

/** Rule 4: the unit price in the participant's state, before the remote loading. */
function statePrice(
  input: PriceEntryInput,
  chosen: SupportItem,
  item: SupportItem,
): { priceCents: number; notice: string | null } | PricingIssue {
  const { state } = input.location;
  const itemLimit = item.priceLimitsCents[state];
  const ownCode =
    item.number === chosen.number
      ? null
      : input.tenantTimeCodes.find((code) => code.code === item.number && code.isActive !== false);
  if (ownCode) {
    if (itemLimit !== null && ownCode.hourlyRateCents > itemLimit) {
      return overLimit(ownCode.hourlyRateCents, itemLimit, item, state);
    }
    return { priceCents: ownCode.hourlyRateCents, notice: null };
  }
  const rate = input.timeCode.hourlyRateCents;
  const chosenLimit = chosen.priceLimitsCents[state];
  if (chosenLimit !== null && rate > chosenLimit) return overLimit(rate, chosenLimit, chosen, state);
  if (item.number === chosen.number || chosenLimit === null || chosenLimit === 0 || itemLimit === null) {
    if (itemLimit !== null && rate > itemLimit) return overLimit(rate, itemLimit, item, state);
    return { priceCents: rate, notice: null };
  }
  return {
    priceCents: mulDivRoundHalfUp(rate, itemLimit, chosenLimit),
    notice: `Your ${formatCents(rate)}/h rate for ${chosen.number} is scaled to ${item.number} by their NDIS price limits`,
  };
}

/** Rule 5: the remote or very remote loading, and the limit for the participant's location. */
function locationPrice(
  location: ParticipantLocation,
  item: SupportItem,
  priceCents: number,
): { unitPriceCents: number; priceLimitCents: number | null } | PricingIssue {
  const key = priceLimitKeyFor(location);
  const stateLimit = item.priceLimitsCents[location.state];
  if (key === location.state) return { unitPriceCents: priceCents, priceLimitCents: stateLimit };
  const areaLimit = item.priceLimitsCents[key];
  if (areaLimit === null) return { unitPriceCents: priceCents, priceLimitCents: null };
  if (stateLimit === null || stateLimit === 0) {
    if (priceCents > areaLimit) {
      return overLimit(priceCents, areaLimit, item, locationNames[key as 'REMOTE' | 'VERY_REMOTE']);
    }
    return { unitPriceCents: priceCents, priceLimitCents: areaLimit };
  }
  // A state price at or under the state limit scales to at or under the area's limit; the `min`
  // only guards the rounding.
  const loaded = Math.min(mulDivRoundHalfUp(priceCents, areaLimit, stateLimit), areaLimit);
  return { unitPriceCents: loaded, priceLimitCents: areaLimit };
}

/** Rule 7: is notice given on `noticeGivenOn` short for a support on `date`? */
function cancellationIssue(
  item: SupportItem,
  state: AustralianState,
  noticeGivenOn: string,
  date: string,
): PricingIssue | null {
  if (!item.shortNoticeCancellations) {
    return {
      field: 'cancellation',
      message: `${itemLabel(item)} cannot be claimed as a short-notice cancellation`,
    };
  }
  if (noticeGivenOn > date) {
    return { field: 'cancellation.noticeGivenOn', message: timeEntryMessages.noticeAfterSupport };
  }
  const rule = shortNoticeRule(item);
  if (rule.kind === 'clear-days') {
    const clear = clearDaysBetween(noticeGivenOn, date);
    if (clear < rule.days) return null;
    return {
      field: 'cancellation.noticeGivenOn',
      message: `Notice was given ${clear} clear days before the support; a support worker's support cancelled with ${rule.days} or more clear days' notice is not a short-notice cancellation and cannot be claimed`,
    };
  }
  const clear = clearBusinessDaysBetween(state, noticeGivenOn, date);
  if (clear < rule.days) return null;
  return {
    field: 'cancellation.noticeGivenOn',
    message: `Notice was given ${clear} clear business days before the support; a support cancelled with ${rule.days} or more clear business days' notice is not a short-notice cancellation and cannot be claimed`,
  };
}

export function priceEntry(input: PriceEntryInput): PriceEntryResult {
  const { entry, location } = input;
  const timesIssue = timeRangeIssue(entry);
  if (timesIssue) return fail(timesIssue);
  const workedMinutes = entrySpanMinutes(entry);

  const chosen = findChosenItem(input.catalogue, input.timeCode.code, entry.date);
  if (!('number' in chosen)) return fail(chosen);
  if (chosen.unit !== 'H') {
    return fail({
      field: 'timeCodeId',
      message: `${itemLabel(chosen)} is priced per ${chosen.unit}, not by the hour, so time cannot be claimed against it`,
    });
  }

  const holidays = publicHolidaysBetween(location.state, entry.date, entry.date);
  const band = shiftBand(entry, holidays);
  const notices: string[] = [];
  let item = chosen;
  if (supportItemBand(chosen) !== null) {
    const forBand = familyItemForBand(input.catalogue, chosen, band, entry.date);
    if (!forBand) {
      return fail({
        field: 'date',
        message: `${supportItemFamilyName(chosen)} has no ${timeBandLabels[band]} item in the NDIS Support Catalogue in force on ${dayMonthYear(entry.date)}`,
      });
    }
    item = forBand;
    if (item.number !== chosen.number) {
      notices.push(`A ${timeBandLabels[band]} support: claimed as ${itemLabel(item)}`);
    }
  }

  const price = statePrice(input, chosen, item);
  if ('field' in price) return fail(price);
  if (price.notice) notices.push(price.notice);
  const located = locationPrice(location, item, price.priceCents);
  if ('field' in located) return fail(located);

  let billableMinutes = workedMinutes;
  if (entry.isTravel) {
    if (entry.cancellation) {
      return fail({ field: 'isTravel', message: timeEntryMessages.cancellationTravel });
    }
    if (!item.providerTravel) {
      return fail({
        field: 'isTravel',
        message: `${itemLabel(item)} does not allow provider travel to be claimed`,
      });
    }
    const cap = providerTravelCap(location.mmm);
    if (cap !== null && workedMinutes > cap) {
      billableMinutes = cap;
      notices.push(
        `Provider travel is claimable up to ${cap} minutes where the participant lives (MMM ${location.mmm}); ${workedMinutes} minutes recorded, ${cap} claimed`,
      );
    }
  }

  const isCancellation = !!entry.cancellation;
  if (entry.cancellation) {
    const issue = cancellationIssue(item, location.state, entry.cancellation.noticeGivenOn, entry.date);
    if (issue) return fail(issue);
    notices.push('A short-notice cancellation, claimed at 100% of the agreed price');
  }

  return {
    ok: true,
    supportItemNumber: item.number,
    supportItemName: item.name,
    band,
    unitPriceCents: located.unitPriceCents,
    priceLimitCents: located.priceLimitCents,
    billableMinutes,
    amountCents: mulDivRoundHalfUp(located.unitPriceCents, billableMinutes, 60),
    isCancellation,
    notices,
  };
}
