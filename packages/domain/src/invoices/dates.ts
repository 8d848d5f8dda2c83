/**
 * A calendar date (yyyy-mm-dd) as Australians read it: dd/mm/yyyy. Used for the dates in invoice
 * messages users see and in the Xero import, which an Australian Xero organisation reads the same way.
 */
export function dayMonthYear(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}
