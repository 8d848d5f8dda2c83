import { dayMonthYear } from '@wattle/domain/shared/dates';

/**
 * How the app writes when something happened (a record's "Created", "Updated", its history): the day
 * dd/mm/yyyy and the time of day as Australian English writes it, both on the organisation's clock
 * (DESIGN.md section 3), so a card created at 8 pm in Sydney says the same day in its panel, in
 * search and in its audit trail, whichever computer reads it. Until the organisation's time zone is
 * known the browser's is used.
 */

const momentFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', { ...options, ...(timeZone ? { timeZone } : {}) });
    cache.set(key, format);
  }
  return format;
}

function toDate(at: string | Date): Date | undefined {
  const date = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A calendar day (yyyy-mm-dd) as dd/mm/yyyy; '' for none or for text that is not one. */
export function formatDay(day: string | null | undefined): string {
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? dayMonthYear(day) : '';
}

/** The day an instant falls on in the organisation's time zone: '26/11/2026'. */
export function formatMomentDay(at: string | Date, timeZone: string | undefined): string {
  const date = toDate(at);
  if (!date) return '';
  return cached(dayFormats, timeZone, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/** An instant on the organisation's clock: '26/11/2026, 3:42 pm'. */
export function formatMoment(at: string | Date, timeZone: string | undefined): string {
  const date = toDate(at);
  if (!date) return '';
  return cached(momentFormats, timeZone, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
