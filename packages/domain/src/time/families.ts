import { type TimeBand, timeBandLabels, timeBands } from './bands';
import type { SupportItem } from './catalogue';

/**
 * Families of support items: the items of one support that differ only by their time-of-day band,
 * e.g. "Assistance With Self-Care Activities - Standard - Weekday Daytime" (01_011_0107_1_1),
 * "... - Weekday Evening" (01_015_0107_1_1), "... - Weekday Night" (01_002_0107_1_1),
 * "... - Saturday" (01_013_0107_1_1), "... - Sunday" (01_014_0107_1_1) and
 * "... - Public Holiday" (01_012_0107_1_1), all in registration group 0107 and category 01.
 *
 * The catalogue writes the band as one " - "-separated part of the name, usually the last but not
 * always (a TTP variant adds " - TTP" after it). A family is the items of one category and
 * registration group whose names, with that band part taken out, are the same — compared ignoring
 * case and runs of spaces. An item with no band part is a family of its own.
 */

const namePartSeparator = /\s+[-–]\s+/;

function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

const bandByLabel = new Map<string, TimeBand>(
  timeBands.map((band) => [normalise(timeBandLabels[band]), band]),
);

function splitName(name: string): { band: TimeBand | null; rest: string[] } {
  const parts = name.split(namePartSeparator);
  const index = parts.findIndex((part) => bandByLabel.has(normalise(part)));
  if (index < 0) return { band: null, rest: parts };
  return { band: bandByLabel.get(normalise(parts[index]!))!, rest: parts.filter((_, i) => i !== index) };
}

/** The band an item's name is for, or null for an item without band variants. */
export function supportItemBand(item: Pick<SupportItem, 'name'>): TimeBand | null {
  return splitName(item.name).band;
}

/** The item's name without its band part: "Assistance With Self-Care Activities - Standard". */
export function supportItemFamilyName(item: Pick<SupportItem, 'name'>): string {
  return splitName(item.name).rest.join(' - ');
}

/**
 * A key equal for the items of one family: category, registration group and the name without its
 * band part. The server may store it beside each item to find a family with one indexed query.
 */
export function supportItemFamilyKey(
  item: Pick<SupportItem, 'name' | 'categoryNumber' | 'registrationGroupNumber'>,
): string {
  const rest = splitName(item.name).rest.map(normalise).join(' - ');
  return `${item.categoryNumber}|${item.registrationGroupNumber}|${rest}`;
}

/** The item may be claimed for a support delivered on `date` (YYYY-MM-DD). */
export function isSupportItemInForce(
  item: Pick<SupportItem, 'startDate' | 'endDate'>,
  date: string,
): boolean {
  return item.startDate <= date && (item.endDate === null || date <= item.endDate);
}

/** The item of `item`'s family for a band, in force on `date`; null when the family has none. */
export function familyItemForBand(
  items: readonly SupportItem[],
  item: SupportItem,
  band: TimeBand,
  date: string,
): SupportItem | null {
  const key = supportItemFamilyKey(item);
  return (
    items.find(
      (candidate) =>
        supportItemBand(candidate) === band &&
        isSupportItemInForce(candidate, date) &&
        supportItemFamilyKey(candidate) === key,
    ) ?? null
  );
}
