import { addDays, differenceInCalendarDays, format } from 'date-fns';

/**
 * Calendar dates (yyyy-mm-dd) as the team views handle them. A card's start and due dates are days
 * in the tenant's time zone, not instants: they are only ever turned into a local-midnight Date to
 * do calendar arithmetic with date-fns (which counts calendar days, so a daylight-saving change in
 * between moves nothing), and back with `format`. Never through toISOString, which is UTC and would
 * shift a day east of Greenwich.
 */
export type DateOnly = string;

const dateOnlyPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local-midnight Date of a yyyy-mm-dd day. */
export function dateOfDay(day: DateOnly): Date {
  const match = dateOnlyPattern.exec(day);
  if (!match) throw new Error(`Not a yyyy-mm-dd date: ${day}`);
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The yyyy-mm-dd day a local Date falls on. */
export function dayOf(date: Date): DateOnly {
  return format(date, 'yyyy-MM-dd');
}

/** The day `days` after (or before, when negative) `day`. */
export function addDaysTo(day: DateOnly, days: number): DateOnly {
  return dayOf(addDays(dateOfDay(day), days));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysFrom(from: DateOnly, to: DateOnly): number {
  return differenceInCalendarDays(dateOfDay(to), dateOfDay(from));
}

/** A day written for people with a date-fns pattern ('d MMM yyyy' by default: '3 Dec 2026'). */
export function formatDay(day: DateOnly, pattern = 'd MMM yyyy'): string {
  return format(dateOfDay(day), pattern);
}

/**
 * Today's date in a time zone (the tenant's), as yyyy-mm-dd: the 'en-CA' locale writes dates in
 * exactly that shape. An unknown zone falls back to the browser's own.
 */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): DateOnly {
  try {
    return dayFormatIn(timeZone).format(now);
  } catch {
    return dayOf(now);
  }
}

/**
 * One formatter per time zone: making an Intl.DateTimeFormat costs a few milliseconds, and the list
 * asks for today on every scroll frame (issue 19). An unknown zone throws here each time, as before.
 */
const dayFormats = new Map<string | undefined, Intl.DateTimeFormat>();
function dayFormatIn(timeZone: string | undefined): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}
