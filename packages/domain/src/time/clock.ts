import { daysBetween } from '../shared/dates';

/**
 * Local calendar arithmetic for time entries. An entry is wall-clock time where the support was
 * given (the tenant's time zone): a YYYY-MM-DD date and HH:mm times, never an instant. These
 * helpers work on those strings through UTC dates, so the machine's own time zone never matters.
 */

/** 'HH:mm', 00:00 to 23:59. */
export const timeOfDayPattern = /^([01]\d|2[0-3]):[0-5]\d$/;

export const minutesPerDay = 24 * 60;

/** '09:30' → 570. */
export function minutesOfDay(time: string): number {
  const [hours, minutes] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** 570 → '09:30' (wraps past midnight: 1440 → '00:00'). */
export function timeOfDay(minutes: number): string {
  const inDay = ((minutes % minutesPerDay) + minutesPerDay) % minutesPerDay;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
export function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isWeekendDay(date: string): boolean {
  const day = dayOfWeek(date);
  return day === 0 || day === 6;
}

/** Calendar days strictly between two dates (the day notice was given and the support day excluded). */
export function clearDaysBetween(from: string, to: string): number {
  return Math.max(0, daysBetween(from, to) - 1);
}

/** The local start and end of an entry; `endDate` left out (or null) means the start date. */
export interface EntryTimes {
  date: string;
  startTime: string;
  endTime: string;
  endDate?: string | null;
}

/** Minutes from start to end; negative or zero when the end is not after the start. */
export function entrySpanMinutes(entry: EntryTimes): number {
  const endDate = entry.endDate ?? entry.date;
  return (
    daysBetween(entry.date, endDate) * minutesPerDay +
    minutesOfDay(entry.endTime) -
    minutesOfDay(entry.startTime)
  );
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date and time of an instant in a time zone (IANA name, e.g. Australia/Perth). */
export function localDateTime(at: Date, timeZone: string): { date: string; time: string } {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
