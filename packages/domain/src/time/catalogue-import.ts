import { formatCents, parseDollarsToCents, supportCategoryName } from '../participants/plans';
import {
  type AustralianState,
  australianStates,
  type PriceLimitKey,
  type PriceLimitsCents,
  parseSupportItemNumber,
  type SupportItem,
} from './catalogue';

/**
 * Reading the NDIA's published NDIS Support Catalogue (issue 14 part 1) once its file has been turned
 * into rows of cells (the server reads CSV and XLSX into them). The catalogue is read in its own
 * layout, by its own column names, matched tolerantly (case, spacing, hyphens and the trailing dot of
 * "Short Notice Cancellations."), wherever the columns stand. Every row is checked; one bad row
 * refuses the whole file, so an import is all of it or nothing.
 */

/** What a cell can hold once read from a CSV (text) or an XLSX sheet (text, number, date, boolean). */
export type CatalogueCell = string | number | boolean | Date | null | undefined;

type FlagKey =
  | 'nonFaceToFace'
  | 'providerTravel'
  | 'shortNoticeCancellations'
  | 'ndiaRequestedReports'
  | 'irregularSil';

type ColumnKey =
  | 'number'
  | 'name'
  | 'registrationGroupNumber'
  | 'registrationGroupName'
  | 'categoryName'
  | 'unit'
  | 'quote'
  | 'startDate'
  | 'endDate'
  | PriceLimitKey
  | FlagKey;

/**
 * The columns Wattle reads, by the NDIA's headings. Where two headings are given the first found is
 * used: the PACE support category name, or the older one in a file without it. Any other column is
 * left alone: "Type" says what the price and quote columns already say, and an item's support
 * category is the first part of its support item number, so it is taken from there rather than
 * from a second column that could disagree with it.
 */
export const catalogueColumns: readonly { key: ColumnKey; headings: readonly string[] }[] = [
  { key: 'number', headings: ['Support Item Number'] },
  { key: 'name', headings: ['Support Item Name'] },
  { key: 'registrationGroupNumber', headings: ['Registration Group Number'] },
  { key: 'registrationGroupName', headings: ['Registration Group Name'] },
  { key: 'categoryName', headings: ['Support Category Name (PACE)', 'Support Category Name'] },
  { key: 'unit', headings: ['Unit'] },
  { key: 'quote', headings: ['Quote'] },
  { key: 'startDate', headings: ['Start date'] },
  { key: 'endDate', headings: ['End Date'] },
  ...australianStates.map((state) => ({ key: state, headings: [state] })),
  { key: 'REMOTE', headings: ['Remote'] },
  { key: 'VERY_REMOTE', headings: ['Very Remote'] },
  { key: 'nonFaceToFace', headings: ['Non-Face-to-Face Support Provision'] },
  { key: 'providerTravel', headings: ['Provider Travel'] },
  { key: 'shortNoticeCancellations', headings: ['Short Notice Cancellations.'] },
  { key: 'ndiaRequestedReports', headings: ['NDIA Requested Reports'] },
  { key: 'irregularSil', headings: ['Irregular SIL Supports'] },
];

const priceColumnNames: Record<PriceLimitKey, string> = {
  ...(Object.fromEntries(australianStates.map((s) => [s, s])) as Record<AustralianState, string>),
  REMOTE: 'Remote',
  VERY_REMOTE: 'Very Remote',
};

export type ColumnIndexes = Record<ColumnKey, number>;

/** A heading as compared: lower case, letters and digits only ("Short Notice Cancellations." → "shortnoticecancellations"). */
export function normalizeHeading(value: unknown): string {
  return String(value ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const numberHeading = normalizeHeading('Support Item Number');

export const catalogueMessages = {
  unknownLayout:
    'This file has no "Support Item Number" column; is it the NDIA Support Catalogue? Export its "Current Support Items" sheet as it is published.',
  missingColumns: (names: readonly string[]) =>
    `This file has no ${names.map((n) => `"${n}"`).join(', ')} column${names.length > 1 ? 's' : ''}; the NDIA Support Catalogue has ${names.length > 1 ? 'them' : 'it'}. Import the catalogue as it is published.`,
  noItems: 'This file has no support items under its headings.',
  unreadable: 'This file could not be read as a CSV or XLSX spreadsheet.',
} as const;

/** How many of the rows' problems an error lists; the message names the first. */
export const reportedProblemLimit = 20;

/** Finds the heading row (the first of the first ten rows with "Support Item Number") and where each column is. */
export function locateColumns(
  rows: readonly (readonly CatalogueCell[])[],
): { headerRow: number; columns: ColumnIndexes } | { error: string } {
  const headerRow = rows
    .slice(0, 10)
    .findIndex((row) => row.some((cell) => normalizeHeading(cell) === numberHeading));
  if (headerRow < 0) return { error: catalogueMessages.unknownLayout };
  const headings = rows[headerRow]!.map(normalizeHeading);
  const columns: Partial<ColumnIndexes> = {};
  const missing: string[] = [];
  for (const column of catalogueColumns) {
    const index = column.headings
      .map((heading) => headings.indexOf(normalizeHeading(heading)))
      .find((i) => i >= 0);
    if (index === undefined) missing.push(column.headings[0]!);
    else columns[column.key] = index;
  }
  if (missing.length > 0) return { error: catalogueMessages.missingColumns(missing) };
  return { headerRow, columns: columns as ColumnIndexes };
}

/** A cell as trimmed text ('' when empty); numbers as written, dates as yyyy-mm-dd. */
function cellText(cell: CatalogueCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

/**
 * A price cell in cents: "$70.23", "70.23", "$1,234.50" or the number 70.23; empty (or "N/A") is no
 * limit (null). Anything else is not an amount.
 */
export function parsePriceCell(cell: CatalogueCell): { cents: number | null } | { error: string } {
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell) || cell < 0) return { error: 'is not an amount' };
    return { cents: Math.round(cell * 100) };
  }
  const text = cellText(cell);
  if (text === '' || /^n\/?a$/i.test(text)) return { cents: null };
  const cents = parseDollarsToCents(text);
  return cents === null ? { error: 'is not an amount' } : { cents };
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+Z?)?$/;
const compactDatePattern = /^(\d{4})(\d{2})(\d{2})$/;
const australianDatePattern = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
/** Day 0 of Excel's 1900 date system, whose serial numbers a date cell without a date format holds. */
const excelEpochMs = Date.UTC(1899, 11, 30);

function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return date.toISOString().slice(0, 10);
}

/**
 * A date cell as yyyy-mm-dd: the catalogue's own 20250701 (text or number), 2025-07-01, the
 * Australian 1/07/2025, an XLSX date, or an XLSX date serial (45839). Empty is null.
 */
export function parseDateCell(cell: CatalogueCell): { date: string | null } | { error: string } {
  if (cell instanceof Date) {
    return Number.isNaN(cell.getTime())
      ? { error: 'is not a date' }
      : { date: cell.toISOString().slice(0, 10) };
  }
  if (typeof cell === 'number' && Number.isInteger(cell) && cell > 0 && cell < 100_000) {
    return { date: new Date(excelEpochMs + cell * 86_400_000).toISOString().slice(0, 10) };
  }
  const text = cellText(cell);
  if (text === '') return { date: null };
  const iso = isoDatePattern.exec(text) ?? compactDatePattern.exec(text);
  if (iso) {
    const date = isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    return date ? { date } : { error: 'is not a date' };
  }
  const australian = australianDatePattern.exec(text);
  if (australian) {
    const date = isoOf(Number(australian[3]), Number(australian[2]), Number(australian[1]));
    return date ? { date } : { error: 'is not a date' };
  }
  return { error: 'is not a date' };
}

/** The catalogue's "no end" date: an item current until further notice. */
const openEndDate = '9999-12-31';

/** A Y/N cell (also Yes/No, True/False, 1/0); empty is no. */
export function parseFlagCell(cell: CatalogueCell): { value: boolean } | { error: string } {
  if (typeof cell === 'boolean') return { value: cell };
  const text = cellText(cell).toLowerCase();
  if (['y', 'yes', 'true', '1'].includes(text)) return { value: true };
  if (['', 'n', 'no', 'false', '0'].includes(text)) return { value: false };
  return { error: 'must be Y or N' };
}

/** A digits-only code padded to its width (a spreadsheet turns "0107" into 107), or null. */
function paddedDigits(cell: CatalogueCell, width: number): string | null {
  const text = cellText(cell);
  if (!/^\d+$/.test(text) || text.length > width) return null;
  return text.padStart(width, '0');
}

/**
 * The price-guide year of a catalogue, from its items' start dates: the NDIA's years run July to
 * June, and the latest start date falls in the year the file was published for (items that did not
 * change keep an earlier start date).
 */
export function priceGuideYear(startDates: readonly string[]): { label: string; effectiveFrom: string } {
  const latest = startDates.reduce((a, b) => (b > a ? b : a));
  const year = Number(latest.slice(0, 4));
  const firstYear = Number(latest.slice(5, 7)) >= 7 ? year : year - 1;
  return {
    label: `${firstYear}-${String((firstYear + 1) % 100).padStart(2, '0')}`,
    effectiveFrom: `${firstYear}-07-01`,
  };
}

export interface ParsedCatalogue {
  yearLabel: string;
  effectiveFrom: string;
  items: SupportItem[];
}

export type CatalogueParseResult =
  | { ok: true; catalogue: ParsedCatalogue }
  | { ok: false; message: string; problems: string[] };

function failure(problems: string[], more = 0): CatalogueParseResult {
  const extra = problems.length - 1 + more;
  const message =
    extra > 0 ? `${problems[0]} (and ${extra} more problem${extra > 1 ? 's' : ''})` : problems[0]!;
  return { ok: false, message, problems };
}

/**
 * Reads a catalogue's rows into its support items. Row numbers in problems are the spreadsheet's (the
 * heading row counted), so they match what the person sees when they open the file. Empty rows are
 * skipped.
 */
export function parseCatalogueRows(rows: readonly (readonly CatalogueCell[])[]): CatalogueParseResult {
  const located = locateColumns(rows);
  if ('error' in located) return failure([located.error]);
  const { headerRow, columns } = located;
  const items: SupportItem[] = [];
  const problems: string[] = [];
  let unreported = 0;
  const seen = new Map<string, number>();
  const report = (problem: string) => {
    if (problems.length < reportedProblemLimit) problems.push(problem);
    else unreported += 1;
  };

  for (let r = headerRow + 1; r < rows.length; r++) {
    const row = rows[r]!;
    if (row.every((cell) => cellText(cell) === '')) continue;
    const rowLabel = `Row ${r + 1}`;
    const cell = (key: ColumnKey) => row[columns[key]];
    const before = problems.length + unreported;

    const number = cellText(cell('number'));
    const parts = parseSupportItemNumber(number);
    if (!number) report(`${rowLabel}: the support item number is missing`);
    else if (!parts) report(`${rowLabel}: "${number}" is not a support item number`);
    const name = cellText(cell('name'));
    if (!name) report(`${rowLabel}: the support item name is missing`);
    const registrationGroupNumber = paddedDigits(cell('registrationGroupNumber'), 4);
    if (!registrationGroupNumber) {
      report(
        `${rowLabel}: Registration Group Number "${cellText(cell('registrationGroupNumber'))}" is not a 4-digit number`,
      );
    }
    const unit = cellText(cell('unit')).toUpperCase();
    if (!unit) report(`${rowLabel}: the unit is missing`);

    const flag = (key: 'quote' | FlagKey, heading: string): boolean => {
      const parsed = parseFlagCell(cell(key));
      if ('error' in parsed) {
        report(`${rowLabel}: ${heading} "${cellText(cell(key))}" ${parsed.error}`);
        return false;
      }
      return parsed.value;
    };
    const quoteRequired = flag('quote', 'Quote');

    const start = parseDateCell(cell('startDate'));
    const end = parseDateCell(cell('endDate'));
    let startDate: string | null = null;
    let endDate: string | null = null;
    if ('error' in start) report(`${rowLabel}: Start date "${cellText(cell('startDate'))}" ${start.error}`);
    else if (start.date === null) report(`${rowLabel}: the start date is missing`);
    else startDate = start.date;
    if ('error' in end) report(`${rowLabel}: End Date "${cellText(cell('endDate'))}" ${end.error}`);
    else endDate = end.date === openEndDate ? null : end.date;
    if (startDate && endDate && endDate < startDate) {
      report(`${rowLabel}: the end date ${endDate} is before the start date ${startDate}`);
    }

    const priceLimitsCents = {} as PriceLimitsCents;
    for (const key of Object.keys(priceColumnNames) as PriceLimitKey[]) {
      const parsed = parsePriceCell(cell(key));
      if ('error' in parsed) {
        report(`${rowLabel}: ${priceColumnNames[key]} price "${cellText(cell(key))}" ${parsed.error}`);
        priceLimitsCents[key] = null;
      } else priceLimitsCents[key] = parsed.cents;
    }

    const item: SupportItem = {
      number,
      name,
      registrationGroupNumber: registrationGroupNumber ?? '',
      registrationGroupName: cellText(cell('registrationGroupName')),
      categoryNumber: parts?.category ?? '01',
      categoryName: cellText(cell('categoryName')) || supportCategoryName(parts?.category ?? ''),
      unit,
      quoteRequired,
      startDate: startDate ?? '',
      endDate,
      priceLimitsCents,
      nonFaceToFace: flag('nonFaceToFace', 'Non-Face-to-Face Support Provision'),
      providerTravel: flag('providerTravel', 'Provider Travel'),
      shortNoticeCancellations: flag('shortNoticeCancellations', 'Short Notice Cancellations'),
      ndiaRequestedReports: flag('ndiaRequestedReports', 'NDIA Requested Reports'),
      irregularSil: flag('irregularSil', 'Irregular SIL Supports'),
    };
    if (problems.length + unreported > before) continue;

    const key = `${item.number} ${item.startDate}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      report(`${rowLabel}: ${item.number} starting ${item.startDate} is listed twice (also row ${earlier})`);
      continue;
    }
    seen.set(key, r + 1);
    items.push(item);
  }

  if (problems.length > 0) return failure(problems, unreported);
  if (items.length === 0) return failure([catalogueMessages.noItems]);
  const year = priceGuideYear(items.map((item) => item.startDate));
  return { ok: true, catalogue: { yearLabel: year.label, effectiveFrom: year.effectiveFrom, items } };
}

/** "$70.23" for a limit, "no limit" for none: how messages and screens show a price limit. */
export function formatPriceLimit(cents: number | null): string {
  return cents === null ? 'no limit' : formatCents(cents);
}
