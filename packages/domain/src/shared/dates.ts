/**
 * A calendar date (yyyy-mm-dd) as Australians read it: dd/mm/yyyy. Used for the dates in messages
 * users see and in files Australian software reads the same way (the Xero import).
 */
export function dayMonthYear(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}
