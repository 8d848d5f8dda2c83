import { z } from 'zod';
import { dayOfWeek, type EntryTimes, entrySpanMinutes, minutesOfDay, minutesPerDay } from './clock';

/**
 * The time-of-day band of a shift, which picks the support item of a family (issue 14 part 3).
 *
 * The NDIS Pricing Arrangements and Price Limits (PAPL) define, for supports delivered by a
 * disability support worker:
 * - Weekday Daytime: starts at or after 6:00 am and finishes at or before 8:00 pm on a single
 *   weekday (Monday to Friday).
 * - Weekday Evening: starts after 8:00 pm and finishes at or before midnight on a single weekday.
 *   A shift that starts in the daytime and finishes after 8:00 pm (a "boundary shift") is claimed
 *   whole at the evening rate, so on a weekday anything finishing after 8:00 pm, up to midnight,
 *   is an evening support.
 * - Weekday Night: starts on or before midnight on a weekday and finishes after midnight, or
 *   starts before 6:00 am on a weekday and finishes on that same day.
 * - Saturday / Sunday: starts at or after midnight on the night before the Saturday (Sunday) and
 *   finishes on or before midnight of that day.
 * - Public Holiday: starts at or after midnight on the night before a public holiday of the state
 *   where the support is given and finishes on or before midnight of that day. A public holiday
 *   takes the place of Saturday, Sunday and the weekday bands.
 *
 * Wattle claims one entry as one support item, so a shift is banded by the day it starts on:
 * 1. It starts within a public holiday of the state (a part-day holiday — Christmas Eve from
 *    6 pm in QLD — counts from its start time): Public Holiday.
 * 2. It starts on a Saturday: Saturday; on a Sunday: Sunday (even when it runs past midnight into
 *    the next day, which the PAPL leaves to no band of its own).
 * 3. It starts on a weekday before 6:00 am, or runs past midnight: Weekday Night — so a Friday
 *    shift running into Saturday, or a weekday shift running into a public holiday, is a Weekday
 *    Night support, as the PAPL's night definition reads.
 * 4. It finishes after 8:00 pm (up to and including midnight, e.g. 22:00 to 00:00 the next day):
 *    Weekday Evening.
 * 5. Otherwise (starts at or after 6:00 am, finishes at or before 8:00 pm): Weekday Daytime.
 * Night-time sleepover and the shared-living items have rules of their own and are not banded here.
 */

export const timeBands = [
  'weekday-daytime',
  'weekday-evening',
  'weekday-night',
  'saturday',
  'sunday',
  'public-holiday',
] as const;
export const TimeBandSchema = z.enum(timeBands);
export type TimeBand = z.infer<typeof TimeBandSchema>;

/** Each band's name, as the NDIA's Support Catalogue writes it at the end of an item's name. */
export const timeBandLabels = {
  'weekday-daytime': 'Weekday Daytime',
  'weekday-evening': 'Weekday Evening',
  'weekday-night': 'Weekday Night',
  saturday: 'Saturday',
  sunday: 'Sunday',
  'public-holiday': 'Public Holiday',
} as const satisfies Record<TimeBand, string>;

/** The day of a public holiday and the local time it begins ('00:00' for a whole day). */
export interface HolidayStart {
  date: string;
  startTime: string;
}

const daytimeStarts = minutesOfDay('06:00');
const eveningStarts = minutesOfDay('20:00');

/**
 * The band of a shift whose end is after its start (see `entrySpanMinutes`), given the public
 * holidays of the state where it was delivered (any list that includes the start date's).
 */
export function shiftBand(shift: EntryTimes, publicHolidays: readonly HolidayStart[]): TimeBand {
  const start = minutesOfDay(shift.startTime);
  const startsInHoliday = publicHolidays.some(
    (holiday) => holiday.date === shift.date && start >= minutesOfDay(holiday.startTime),
  );
  if (startsInHoliday) return 'public-holiday';
  const weekday = dayOfWeek(shift.date);
  if (weekday === 6) return 'saturday';
  if (weekday === 0) return 'sunday';
  // Where the end falls, in minutes from the start day's midnight: 1440 is midnight that night.
  const end = start + entrySpanMinutes(shift);
  if (start < daytimeStarts || end > minutesPerDay) return 'weekday-night';
  if (end > eveningStarts) return 'weekday-evening';
  return 'weekday-daytime';
}
