import { formatCents } from '@wattle/domain/participants/plans';

/** Words and formats the invoice screens share. Plain functions, unit-tested. */

export { formatCents };

/** A calendar date (yyyy-mm-dd) as dd/mm/yyyy (en-AU), or '' for none. */
export function formatInvoiceDate(day: string | null | undefined): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

/** An invoice's period: '01/11/2026 – 14/11/2026', or one date when it is a single day. */
export function formatPeriod(from: string, to: string): string {
  return from === to ? formatInvoiceDate(from) : `${formatInvoiceDate(from)} – ${formatInvoiceDate(to)}`;
}

const instantFormat = new Intl.DateTimeFormat('en-AU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A moment (ISO date-time) in the viewer's clock: '25/11/2026, 3:04 pm'. */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : instantFormat.format(date);
}

/** A quantity of hours or units with at most two decimals, without trailing zeros: 1.5, 2, 0.25. */
export function formatQuantity(quantity: number): string {
  return String(Math.round(quantity * 100) / 100);
}

/** What is still owed: total less what was paid, never below zero. */
export function balanceCents(invoice: { totalCents: number; paidCents: number }): number {
  return Math.max(0, invoice.totalCents - invoice.paidCents);
}
