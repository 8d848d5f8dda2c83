/** How the cards area writes dates and times for people (en-AU, the tenant's reader's clock). */

// Made on first use, not as the module loads: this module is in the code every page starts with
// (issue 19: made as it loaded, they held back the sign-in reads of a warm load). `prepareDateFormats`
// makes them when the browser is next idle, while the page waits for those reads. Their locale data
// is loaded in a worker as the app starts (lib/locale-data-warm-up.ts).
let formats:
  | { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }
  | undefined;
function cardFormats() {
  formats ??= {
    date: new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' }),
    time: new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit' }),
    dateTime: new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' }),
  };
  return formats;
}

/** Makes the formats now (while the browser is idle), so the first page to write a date finds them. */
export function prepareDateFormats(): void {
  cardFormats();
}

/** A yyyy-mm-dd calendar date as '2 Mar 2026' (read as that day, whatever the time zone). */
export function formatCalendarDate(date: string | null): string {
  if (!date) return '';
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return cardFormats().date.format(new Date(year, month - 1, day));
}

/** An instant as a time of day: '10:42 am'. */
export function formatTimeOfDay(instant: Date | string): string {
  return cardFormats().time.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** An instant as '2 Mar 2026, 10:42 am'. */
export function formatDateTime(instant: Date | string): string {
  return cardFormats().dateTime.format(typeof instant === 'string' ? new Date(instant) : instant);
}
