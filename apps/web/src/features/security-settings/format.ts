const dateTime = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium' });

/** "26 Nov 2026, 9:30 am" in the browser's zone: when something happened to this person's account. */
export function formatWhen(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDay(iso: string): string {
  return dateOnly.format(new Date(iso));
}
