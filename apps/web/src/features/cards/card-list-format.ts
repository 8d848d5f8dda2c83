/** How the cards area writes dates and times for people (en-AU, the tenant's reader's clock). */

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** A yyyy-mm-dd calendar date as '2 Mar 2026' (read as that day, whatever the time zone). */
export function formatCalendarDate(date: string | null): string {
  if (!date) return '';
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return dateFormat.format(new Date(year, month - 1, day));
}

/** An instant as a time of day: '10:42 am'. */
export function formatTimeOfDay(instant: Date | string): string {
  return timeFormat.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** An instant as '2 Mar 2026, 10:42 am'. */
export function formatDateTime(instant: Date | string): string {
  return dateTimeFormat.format(typeof instant === 'string' ? new Date(instant) : instant);
}
