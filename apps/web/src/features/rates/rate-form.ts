import { formatCents, parseDollarsToCents } from '@wattle/domain/participants/plans';
import type { AustralianState, SupportItem } from '@wattle/domain/time/catalogue';
import {
  hourlyUnit,
  maxHourlyRateCents,
  timeCodeCategoryOf,
  timeCodeMessages,
} from '@wattle/domain/time/time-codes';

/**
 * The rules the time code dialog checks as the admin types, the server's own (domain
 * time/time-codes.ts) so the dialog says what the server would: a rate in dollars and cents above
 * zero and at most the item's price limit for the tenant's state, and an item billable by the hour.
 */

export const rateFormatMessage = 'Enter the rate in dollars and cents, e.g. 68.45';

/** The hourly rate typed ("68.45", "$68", "1,020.50") in cents, or the message saying what is wrong. */
export function readRate(
  text: string,
  limit: { code: string; cents: number | null; state: AustralianState } | null,
): { cents: number } | { error: string } {
  if (!text.trim()) return { error: timeCodeMessages.rate };
  const cents = parseDollarsToCents(text);
  if (cents === null) return { error: rateFormatMessage };
  if (cents <= 0) return { error: timeCodeMessages.rate };
  if (cents > maxHourlyRateCents) return { error: timeCodeMessages.rateTooHigh };
  if (limit && limit.cents !== null && cents > limit.cents) {
    return { error: timeCodeMessages.overLimit(limit.code, cents, limit.cents, limit.state) };
  }
  return { cents };
}

/** Why an item cannot be a time code (capital, or not priced by the hour), or null when it can. */
export function notBillableReason(item: SupportItem): string | null {
  if (!timeCodeCategoryOf(item.categoryNumber))
    return timeCodeMessages.capital(item.number, item.categoryName);
  if (item.unit !== hourlyUnit) return timeCodeMessages.notHourly(item.number, item.unit);
  return null;
}

/** "$70.23 in NSW", or "No price limit in NSW". */
export function limitText(cents: number | null, state: AustralianState): string {
  return cents === null ? `No price limit in ${state}` : `${formatCents(cents)} in ${state}`;
}

/** Cents as the rate field shows them: 6845 → "68.45". */
export function rateText(cents: number): string {
  return (cents / 100).toFixed(2);
}
