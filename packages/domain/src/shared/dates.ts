/**
 * A calendar date (yyyy-mm-dd) as Australians read it: dd/mm/yyyy. Used for the dates in messages
 * users see and in files Australian software reads the same way (the Xero import).
 */
export function dayMonthYear(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** Whole days from `today` to `endDate` (both yyyy-mm-dd), negative when it has passed. */
export function daysBetween(today: string, endDate: string): number {
  const ms = Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** The months' names in full, January first: how PDFs, search text and the web's dates write them. */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
