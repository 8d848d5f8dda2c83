/**
 * The instant a wall-clock date and time names in a time zone: an incident report records the
 * incident's date and 24-hour time as the people there read their clocks, and the register keeps
 * the instant. Across a daylight-saving change an hour that does not exist reads as the hour after;
 * an hour that happens twice reads as its first occurrence.
 */
export function instantAt(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offsets a day either side: equal except near a daylight-saving change.
  const before = wall - offsetMs(new Date(wall - dayMs), timeZone);
  const after = wall - offsetMs(new Date(wall + dayMs), timeZone);
  const readings = [before, after].sort((a, b) => a - b);
  const match = readings.find((instant) => wallClockMs(new Date(instant), timeZone) === wall);
  // No reading shows this wall time: it fell in the skipped hour, read with the offset before the change.
  return new Date(match ?? before);
}

const dayMs = 24 * 60 * 60 * 1000;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall clock of `at` in the zone, as if it were UTC (milliseconds, whole minutes). */
function wallClockMs(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
}

function offsetMs(at: Date, timeZone: string): number {
  return wallClockMs(at, timeZone) - Math.floor(at.getTime() / 60_000) * 60_000;
}

/**
 * When the incident happened, from its report's fields: the incident date and time (24-hour) in
 * the tenant's zone; the date alone reads as midnight; without a valid date, `fallback` (now).
 */
export function occurredAtFromFields(
  fieldValues: Record<string, unknown>,
  timeZone: string,
  fallback: Date,
): Date {
  const date = fieldValues['incident-date'];
  const time = fieldValues['incident-time'];
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return fallback;
  const clock = typeof time === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(time) ? time : '00:00';
  const instant = instantAt(date, clock, timeZone);
  return Number.isNaN(instant.getTime()) ? fallback : instant;
}
