import type { EntryTimes } from '@wattle/domain/time/clock';

const dayFormat = new Intl.DateTimeFormat('en-AU', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** '2026-11-14' → 'Sat 14 Nov'. */
export function formatEntryDay(date: string): string {
  const parts = Object.fromEntries(
    dayFormat.formatToParts(new Date(`${date}T00:00:00Z`)).map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

/**
 * An entry's span as people say it: 'Sat 14 Nov 09:00–11:00', or across midnight
 * 'Sat 14 Nov 22:00–Sun 15 Nov 06:00'.
 */
export function formatEntrySpan(entry: EntryTimes): string {
  const endDate = entry.endDate ?? entry.date;
  const end = endDate === entry.date ? entry.endTime : `${formatEntryDay(endDate)} ${entry.endTime}`;
  return `${formatEntryDay(entry.date)} ${entry.startTime}–${end}`;
}
