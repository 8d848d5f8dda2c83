import type { AustralianState } from '../time/catalogue';
import { addDays } from '../time/clock';
import { isBusinessDay } from '../time/holidays';

/**
 * Calendar arithmetic for the Commission deadlines: calendar months, business days of a state and
 * the instant a local day ends in a time zone. Dates are 'YYYY-MM-DD' strings of the tenant's
 * calendar, worked through UTC so the machine's own time zone never matters.
 */

/** 'YYYY-MM-DD' plus whole calendar months, clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addCalendarMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * The `count`-th business day of `state` after `date` (`date` itself never counts: a period reckoned
 * from a day excludes that day, Acts Interpretation Act 1901 s 36). Weekends and the state's
 * whole-day public holidays (date-holidays, via time/holidays.ts) are skipped.
 */
export function addBusinessDays(state: AustralianState, date: string, count: number): string {
  let day = date;
  for (let left = count; left > 0; ) {
    day = addDays(day, 1);
    if (isBusinessDay(state, day)) left -= 1;
  }
  return day;
}

/** The first business day of `state` on or after `date`. */
export function businessDayOnOrAfter(state: AustralianState, date: string): string {
  let day = date;
  while (!isBusinessDay(state, day)) day = addDays(day, 1);
  return day;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds the zone's wall clock is ahead of UTC at an instant (+10 h in Sydney in winter). */
function zoneOffsetMs(at: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    offsetFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wallClock = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wallClock - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a local wall-clock time occurs in a zone. Two passes settle it across a daylight-saving
 * change: the offset at a first guess, then the offset at the instant that gives.
 */
export function zonedInstant(date: string, timeMs: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wallClock = Date.UTC(year, month - 1, day) + timeMs;
  const first = wallClock - zoneOffsetMs(wallClock, timeZone);
  const settled = wallClock - zoneOffsetMs(first, timeZone);
  return new Date(settled);
}

const lastMsOfDay = 24 * 60 * 60 * 1000 - 1;

/** A due date becomes the end of that local day: 23:59:59.999 in the tenant's zone, as an instant. */
export function endOfLocalDay(date: string, timeZone: string): Date {
  return zonedInstant(date, lastMsOfDay, timeZone);
}
