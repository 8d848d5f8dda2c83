/**
 * Behaviour analytics' period limits, free of zod so the web's router (loaded on every page) can
 * check an address's period without pulling in the schemas.
 */

/** The longest period one answer covers (about five years). */
export const maxAnalyticsDays = 1_830;

/** Calendar days from one yyyy-mm-dd day to another (negative when `to` is earlier). */
export function daysFromTo(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** One yyyy-mm-dd day moved by `days` calendar days. */
export function shiftDay(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
