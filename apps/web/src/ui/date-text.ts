import { format, isValid, parse } from 'date-fns';

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

/** A local Date as yyyy-mm-dd. */
export function dateToIso(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** dd/mm/yyyy for a yyyy-mm-dd day; any other text is returned as it is (so typing is never lost). */
export function isoToDateText(value: string): string {
  const date = isoToDate(value);
  return date ? format(date, 'dd/MM/yyyy') : value;
}

/**
 * The shapes a typed date may take, once separators are made '/' and spaces single, each with the
 * date-fns formats it is read with. The shape is checked first because date-fns reads 'yyyy' from
 * one to four digits ("1/2/26" would otherwise be the year 26).
 */
const dateShapes: ReadonlyArray<{ shape: RegExp; formats: readonly string[] }> = [
  { shape: /^\d{1,2}\/\d{1,2}\/\d{4}$/, formats: ['d/M/yyyy'] },
  { shape: /^\d{1,2}\/\d{1,2}\/\d{2}$/, formats: ['d/M/yy'] },
  { shape: /^\d{4}\/\d{1,2}\/\d{1,2}$/, formats: ['yyyy/M/d'] },
  { shape: /^\d{8}$/, formats: ['ddMMyyyy'] },
  { shape: /^\d{6}$/, formats: ['ddMMyy'] },
  { shape: /^\d{1,2} [a-z]{3,9} \d{4}$/i, formats: ['d MMM yyyy', 'd MMMM yyyy'] },
  { shape: /^\d{1,2} [a-z]{3,9} \d{2}$/i, formats: ['d MMM yy', 'd MMMM yy'] },
];

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
 * (date-fns: within 50 years of `reference`).
 */
export function parseDateText(text: string, reference: Date = new Date()): TextValue {
  const normal = normaliseDateText(text);
  if (normal === '') return { kind: 'empty' };
  for (const { shape, formats } of dateShapes) {
    if (!shape.test(normal)) continue;
    for (const pattern of formats) {
      const date = parse(normal, pattern, reference);
      if (isValid(date)) return { kind: 'valid', value: dateToIso(date) };
    }
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
