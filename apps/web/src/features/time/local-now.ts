import { localDateTime } from '@wattle/domain/time/clock';

/** The wall-clock date and minute now in the tenant's time zone (the browser's when it is unknown). */
export function localNow(
  timeZone: string | undefined,
  at: Date = new Date(),
): { date: string; time: string } {
  try {
    if (timeZone) return localDateTime(at, timeZone);
  } catch {
    // An unknown zone: the browser's own clock below.
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}
