import Holidays from 'date-holidays';
import type { AustralianState } from './catalogue';
import { addDays, isWeekendDay } from './clock';

/**
 * Public holidays of an Australian state or territory, from the maintained `date-holidays` library
 * (DESIGN.md section 7: never a hand-kept list). Only holidays of type 'public' count: the NDIS
 * public holiday rates follow the holidays the state declares, not observances such as Mother's Day.
 *
 * The library gives each holiday's local date and, for the part-day holidays (Christmas Eve and
 * New Year's Eve from 6 or 7 pm in QLD, SA and NT), the local time it begins; `startTime` carries
 * that, '00:00' for a whole day. Answers depend on the year only, so they are kept per state and
 * year once worked out.
 */

export interface PublicHoliday {
  /** YYYY-MM-DD, local to the state. */
  date: string;
  name: string;
  /** HH:mm the holiday begins on `date`: '00:00' for a whole-day holiday. */
  startTime: string;
}

const calendars = new Map<AustralianState, Holidays>();
const holidaysByYear = new Map<string, readonly PublicHoliday[]>();

function calendarOf(state: AustralianState): Holidays {
  let calendar = calendars.get(state);
  if (!calendar) {
    calendar = new Holidays('AU', state, { types: ['public'] });
    calendars.set(state, calendar);
  }
  return calendar;
}

/** The state's public holidays in a calendar year, in date order. */
export function publicHolidaysOf(state: AustralianState, year: number): readonly PublicHoliday[] {
  const key = `${state}:${year}`;
  const cached = holidaysByYear.get(key);
  if (cached) return cached;
  const holidays = calendarOf(state)
    .getHolidays(year)
    // `types` above already asks for public holidays; the filter keeps that true if the library's
    // defaults change.
    .filter((holiday) => holiday.type === 'public')
    .map((holiday) => ({
      // The library's `date` is local to the state: 'YYYY-MM-DD hh:mm:ss'.
      date: holiday.date.slice(0, 10),
      name: holiday.name,
      startTime: holiday.date.slice(11, 16) || '00:00',
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime));
  holidaysByYear.set(key, holidays);
  return holidays;
}

/** The public holiday on a date, the whole-day one first when two fall together; null if none. */
export function publicHolidayOn(state: AustralianState, date: string): PublicHoliday | null {
  const year = Number(date.slice(0, 4));
  return publicHolidaysOf(state, year).find((holiday) => holiday.date === date) ?? null;
}

/** The public holidays touching a span of dates (both inclusive), for the time-of-day bands. */
export function publicHolidaysBetween(state: AustralianState, from: string, to: string): PublicHoliday[] {
  const years = new Set([Number(from.slice(0, 4)), Number(to.slice(0, 4))]);
  return [...years]
    .flatMap((year) => publicHolidaysOf(state, year))
    .filter((holiday) => holiday.date >= from && holiday.date <= to);
}

/**
 * A business day: Monday to Friday and not a whole-day public holiday of the state. A day whose
 * holiday starts in the evening (Christmas Eve in QLD, SA and NT) is still a business day: offices
 * are open through the working hours.
 */
export function isBusinessDay(state: AustralianState, date: string): boolean {
  if (isWeekendDay(date)) return false;
  const holiday = publicHolidayOn(state, date);
  return holiday?.startTime !== '00:00';
}

/**
 * Clear business days between two dates: business days strictly after `from` and strictly before
 * `to` (the day notice is given and the day of the support do not count). Zero when `to` is not
 * after `from`.
 */
export function clearBusinessDaysBetween(state: AustralianState, from: string, to: string): number {
  let count = 0;
  for (let day = addDays(from, 1); day < to; day = addDays(day, 1)) {
    if (isBusinessDay(state, day)) count += 1;
  }
  return count;
}
