import { addDays, dayOfWeek } from '@wattle/domain/time/clock';
import type { TimeEntry, TimeEntryStatus } from '@wattle/domain/time/entries';
import { weekStartOf } from './timesheet-search';

/**
 * Week arithmetic of the timesheet (issue 14 part 6): a week starts on Monday, in the tenant's time
 * zone. Dates are the API's 'YYYY-MM-DD' strings, worked through the domain's calendar helpers, so the
 * browser's own time zone never shifts a day.
 */

export const daysPerWeek = 7;

/** The seven dates of the week starting on `weekStart`, Monday first. */
export function weekDays(weekStart: string): string[] {
  return Array.from({ length: daysPerWeek }, (_, index) => addDays(weekStart, index));
}

/** The Sunday that ends the week. */
export function weekEndOf(weekStart: string): string {
  return addDays(weekStart, daysPerWeek - 1);
}

export function addWeeks(weekStart: string, weeks: number): string {
  return addDays(weekStart, weeks * daysPerWeek);
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekdayLongNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function parts(date: string): { year: number; month: string; day: number } {
  const [year, month, day] = date.split('-').map(Number);
  return { year: year ?? 0, month: monthNames[(month ?? 1) - 1] ?? '', day: day ?? 0 };
}

/** 'Mon 9 Nov'. */
export function shortDayLabel(date: string): string {
  const { month, day } = parts(date);
  return `${weekdayNames[dayOfWeek(date)]} ${day} ${month}`;
}

/** The day in full for screen readers: 'Monday 9 Nov 2026'. */
export function longDayLabel(date: string): string {
  const { year, month, day } = parts(date);
  return `${weekdayLongNames[dayOfWeek(date)]} ${day} ${month} ${year}`;
}

/** '9 – 15 Nov 2026', '30 Nov – 6 Dec 2026', '28 Dec 2026 – 3 Jan 2027'. */
export function formatWeekRange(weekStart: string): string {
  const start = parts(weekStart);
  const end = parts(weekEndOf(weekStart));
  if (start.year !== end.year) {
    return `${start.day} ${start.month} ${start.year} – ${end.day} ${end.month} ${end.year}`;
  }
  if (start.month !== end.month) return `${start.day} ${start.month} – ${end.day} ${end.month} ${end.year}`;
  return `${start.day} – ${end.day} ${end.month} ${end.year}`;
}

/** Hours as the timesheet totals say them: 450 → '7.5 h', 0 → '0 h', 20 → '0.33 h'. */
export function formatTotalHours(minutes: number): string {
  return `${Math.round((minutes / 60) * 100) / 100} h`;
}

export interface Totals {
  minutes: number;
  amountCents: number;
}

/** Minutes worked and the amount the pricing rules claimed, summed. */
export function totalsOf(entries: readonly Pick<TimeEntry, 'duration' | 'amountCents'>[]): Totals {
  let minutes = 0;
  let amountCents = 0;
  for (const entry of entries) {
    minutes += entry.duration;
    amountCents += entry.amountCents;
  }
  return { minutes, amountCents };
}

/** Each day of the week with its entries (by start time) and totals; an entry counts on the day it starts. */
export function weekByDay<T extends Pick<TimeEntry, 'date' | 'startTime' | 'duration' | 'amountCents'>>(
  entries: readonly T[],
  weekStart: string,
): { date: string; entries: T[]; totals: Totals }[] {
  return weekDays(weekStart).map((date) => {
    const ofDay = entries
      .filter((entry) => entry.date === date)
      .sort((a, b) => a.startTime.localeCompare(b.startTime));
    return { date, entries: ofDay, totals: totalsOf(ofDay) };
  });
}

/** Draft and rejected entries are the worker's to change, delete and submit; the others are locked. */
export function isEditableStatus(status: TimeEntryStatus): boolean {
  return status === 'draft' || status === 'rejected';
}

/** How many of the week's entries Submit Week would send (drafts and rejected ones). */
export function submittableCount(entries: readonly Pick<TimeEntry, 'status'>[]): number {
  return entries.filter((entry) => isEditableStatus(entry.status)).length;
}

export interface PersonWeek<T> {
  weekStart: string;
  entries: T[];
  totals: Totals;
}

export interface PersonGroup<T> {
  userId: string;
  userName: string;
  weeks: PersonWeek<T>[];
}

/**
 * The approvals view: entries by person (by name), then by week (earliest first), each week's
 * entries by date and start time.
 */
export function groupByPersonAndWeek<
  T extends Pick<TimeEntry, 'userId' | 'userName' | 'date' | 'startTime' | 'duration' | 'amountCents'>,
>(entries: readonly T[]): PersonGroup<T>[] {
  const people = new Map<string, { userName: string; weeks: Map<string, T[]> }>();
  for (const entry of entries) {
    let person = people.get(entry.userId);
    if (!person) {
      person = { userName: entry.userName, weeks: new Map() };
      people.set(entry.userId, person);
    }
    const weekStart = weekStartOf(entry.date);
    const week = person.weeks.get(weekStart) ?? [];
    week.push(entry);
    person.weeks.set(weekStart, week);
  }
  return [...people.entries()]
    .map(([userId, person]) => ({
      userId,
      userName: person.userName,
      weeks: [...person.weeks.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([weekStart, weekEntries]) => {
          const sorted = [...weekEntries].sort(
            (a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime),
          );
          return { weekStart, entries: sorted, totals: totalsOf(sorted) };
        }),
    }))
    .sort((a, b) => a.userName.localeCompare(b.userName) || a.userId.localeCompare(b.userId));
}
