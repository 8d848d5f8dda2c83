import { monthNames } from '@wattle/domain/shared/dates';

/**
 * Dates and times as Australians type and read them (decision 0028): a date is shown dd/mm/yyyy and
 * a time 24-hour HH:mm, while forms and the API keep yyyy-mm-dd and HH:mm. Typing is tolerant:
 * 1/2/2026, 01-02-2026, 1.2.26, 01022026, 1 Feb 2026 and a pasted 2026-02-01 all mean 1 February 2026.
 */

/** What a typed date or time means: nothing, a value (yyyy-mm-dd or HH:mm), or text that is not one. */
export type TextValue = { kind: 'empty' } | { kind: 'valid'; value: string } | { kind: 'invalid' };

export const dateFormatMessage = 'Enter a date as dd/mm/yyyy';
export const timeFormatMessage = 'Enter a time as hh:mm (24-hour), for example 09:30 or 17:45';

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A yyyy-mm-dd day as a local Date (midnight), or undefined when it is not a real day. */
export function isoToDate(iso: string): Date | undefined {
  const match = isoDatePattern.exec(iso);
  if (!match) return undefined;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(2000, m - 1, d);
  date.setFullYear(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : undefined;
}

/** Whether the text is a real calendar date written yyyy-mm-dd. */
export function isIsoDate(text: string): boolean {
  return isoToDate(text) !== undefined;
}

/** A year as date-fns' 'yyyy' writes it: four digits at least, the year of the era (0 is 1 BC). */
function yearText(date: Date): string {
  const year = date.getFullYear();
  return String(year > 0 ? year : 1 - year).padStart(4, '0');
}

const two = (n: number) => String(n).padStart(2, '0');

/** A local Date as yyyy-mm-dd. */
export function dateToIso(date: Date): string {
  return `${yearText(date)}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** dd/mm/yyyy for a yyyy-mm-dd day; any other text is returned as it is (so typing is never lost). */
export function isoToDateText(value: string): string {
  const date = isoToDate(value);
  return date ? `${two(date.getDate())}/${two(date.getMonth() + 1)}/${yearText(date)}` : value;
}

/** 'h:mm', 1 to 12, and whether it is after noon. */
function twelveHour(date: Date): { clock: string; isPm: boolean } {
  const hours = date.getHours();
  return { clock: `${hours % 12 || 12}:${two(date.getMinutes())}`, isPm: hours >= 12 };
}

/** '5 Feb 2026, 3:07 PM' (date-fns 'd MMM yyyy, h:mm a'): when a signature or a change was made. */
export function formatDayMonthTime(date: Date): string {
  const { clock, isPm } = twelveHour(date);
  const month = monthNames[date.getMonth()]?.slice(0, 3);
  return `${date.getDate()} ${month} ${yearText(date)}, ${clock} ${isPm ? 'PM' : 'AM'}`;
}

/** '5 February 2026' (date-fns 'd MMMM yyyy'). */
export function formatLongDate(date: Date): string {
  return `${date.getDate()} ${monthNames[date.getMonth()]} ${yearText(date)}`;
}

/** '3:07:09 pm' (date-fns 'h:mm:ss aaa'): when a form was last saved. */
export function formatTimeWithSeconds(date: Date): string {
  const { clock, isPm } = twelveHour(date);
  return `${clock}:${two(date.getSeconds())} ${isPm ? 'pm' : 'am'}`;
}

/**
 * The shapes a typed date may take, once separators are made '/' and spaces single: where the day,
 * the month (digits, or an English name in full or its first three letters) and the year are.
 */
const dateShapes: ReadonlyArray<{ shape: RegExp; order: 'dmy' | 'ymd' }> = [
  { shape: /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/, order: 'dmy' },
  { shape: /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, order: 'ymd' },
  { shape: /^(\d{2})(\d{2})(\d{4}|\d{2})$/, order: 'dmy' },
  { shape: /^(\d{1,2}) ([a-z]{3,9}) (\d{4}|\d{2})$/i, order: 'dmy' },
];

/** 1 to 12 for a month's number or English name (in full or its first three letters), else undefined. */
function monthOf(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  const name = text.toLowerCase();
  const index = monthNames.findIndex(
    (month) => month.toLowerCase() === name || month.slice(0, 3).toLowerCase() === name,
  );
  return index < 0 ? undefined : index + 1;
}

/**
 * A two-digit year as the year within 50 years of the reference year: in 2026, 00-75 are
 * 2000-2075 and 76-99 are 1976-1999 (as date-fns reads 'yy').
 */
function fullYear(twoDigits: number, referenceYear: number): number {
  if (referenceYear <= 50) return twoDigits || 100;
  const rangeEnd = referenceYear + 50;
  const century = Math.trunc(rangeEnd / 100) * 100;
  return twoDigits + century - (twoDigits >= rangeEnd % 100 ? 100 : 0);
}

function normaliseDateText(text: string): string {
  return text
    .trim()
    .replace(/^(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+/i, '')
    .replace(/(\d)(st|nd|rd|th)\b/gi, '$1')
    .replace(/,/g, ' ')
    .replace(/\s*[/.-]\s*/g, '/')
    .replace(/\s+/g, ' ')
    .replace(/(\d)\/([a-z])/gi, '$1 $2')
    .replace(/([a-z])\/(\d)/gi, '$1 $2')
    .replace(/\bsept\b/i, 'Sep');
}

/**
 * Reads a typed date (day first) as yyyy-mm-dd. Two-digit years are read as the nearest century
 * (within 50 years of `reference`).
 */
export function parseDateText(text: string, reference: Date = new Date()): TextValue {
  const normal = normaliseDateText(text);
  if (normal === '') return { kind: 'empty' };
  for (const { shape, order } of dateShapes) {
    const match = shape.exec(normal);
    if (!match) continue;
    const [first = '', second = '', third = ''] = match.slice(1);
    const [dayDigits, yearDigits] = order === 'dmy' ? [first, third] : [third, first];
    const month = monthOf(second);
    const year =
      yearDigits.length === 2 ? fullYear(Number(yearDigits), reference.getFullYear()) : Number(yearDigits);
    if (month === undefined || year <= 0) return { kind: 'invalid' };
    const iso = `${String(year).padStart(4, '0')}-${two(month)}-${two(Number(dayDigits))}`;
    return isIsoDate(iso) ? { kind: 'valid', value: iso } : { kind: 'invalid' };
  }
  return { kind: 'invalid' };
}

const timePattern = /^(\d{1,2})(?:[:.h]?(\d{2}))?(?:\s*([ap])\.?m?\.?)?$/;

/** Reads a typed time (09:30, 9:30, 0930, 930, 9.30, 9, 9:30 pm, 9pm) as 24-hour HH:mm. */
export function parseTimeText(text: string): TextValue {
  const normal = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (normal === '') return { kind: 'empty' };
  const match = timePattern.exec(normal);
  if (!match) return { kind: 'invalid' };
  const [, h, m = '00', half] = match;
  let hours = Number(h);
  const minutes = Number(m);
  if (minutes > 59) return { kind: 'invalid' };
  if (half) {
    if (hours < 1 || hours > 12) return { kind: 'invalid' };
    hours = (hours % 12) + (half === 'p' ? 12 : 0);
  } else if (hours > 23) {
    return { kind: 'invalid' };
  }
  return { kind: 'valid', value: `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}` };
}

/**
 * What a date or time field hands its form for the text in the box: the value when it reads as one,
 * '' when empty, and otherwise the text itself, so the form and the server refuse it rather than
 * keep an earlier date or save none while the box shows something else.
 */
export function fieldValueOf(parsed: TextValue, text: string): string {
  if (parsed.kind === 'valid') return parsed.value;
  return parsed.kind === 'empty' ? '' : text;
}
