/**
 * '5 minutes ago', 'yesterday', '3 days ago'; a date ('12 Mar 2026') beyond a week, when 'ago' stops
 * being quicker to read than the date itself. Australian English, in the browser's time zone.
 */
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const relative = new Intl.RelativeTimeFormat('en-AU', { numeric: 'auto' });
const dateOnly = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });
const dateAndTime = new Intl.DateTimeFormat('en-AU', { dateStyle: 'full', timeStyle: 'short' });

export function formatRelativeTime(at: Date, now: Date): string {
  const elapsed = now.getTime() - at.getTime();
  if (elapsed < 45_000) return 'just now';
  if (elapsed >= 7 * 86_400_000) return dateOnly.format(at);
  for (const [unit, size] of units) {
    if (elapsed >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return relative.format(-1, 'minute');
}

/** The full date and time, for the tooltip and screen readers. */
export function formatFullTime(at: Date): string {
  return dateAndTime.format(at);
}
