import type { GstCode } from './schemas';

/**
 * Line and invoice arithmetic in integer cents (issue 15 part 1). GST applies only to P1 (taxable)
 * lines at the invoice's rate; P2 (GST-free, the NDIS default) and P5 (out of scope) carry none.
 * Each line's GST is rounded to the cent, and the invoice's GST is the sum of its lines', so the
 * lines always add up to the totals printed beneath them.
 */
export function lineAmountCents(quantity: number, unitPriceCents: number): number {
  // Quantities have two decimals: work in hundredths so 0.29 × 100 is not 28.999….
  return Math.round((Math.round(quantity * 100) * unitPriceCents) / 100);
}

export function lineGstCents(amountCents: number, gstCode: GstCode, gstRate: number): number {
  return gstCode === 'P1' ? Math.round(amountCents * gstRate) : 0;
}

export interface PricedLine {
  amountCents: number;
  gstCents: number;
  totalCents: number;
}

/** A line's money: its amount (given, e.g. a time entry's own, or quantity × price), GST and total. */
export function priceLine(amountCents: number, gstCode: GstCode, gstRate: number): PricedLine {
  const gstCents = lineGstCents(amountCents, gstCode, gstRate);
  return { amountCents, gstCents, totalCents: amountCents + gstCents };
}

export function invoiceTotals(lines: readonly PricedLine[]): {
  subtotalCents: number;
  gstCents: number;
  totalCents: number;
} {
  let subtotalCents = 0;
  let gstCents = 0;
  for (const line of lines) {
    subtotalCents += line.amountCents;
    gstCents += line.gstCents;
  }
  return { subtotalCents, gstCents, totalCents: subtotalCents + gstCents };
}
