import { describe, expect, it } from 'vitest';
import { isValidAbn } from './tax-invoice-settings';
import { invoiceTotals, lineAmountCents, priceLine } from './totals';
import { dueDateFor, formatInvoiceNumber, invoiceAllows, settledStatus } from './workflow';

describe('invoice arithmetic', () => {
  it('multiplies two-decimal quantities without floating-point drift', () => {
    expect(lineAmountCents(0.29, 100)).toBe(29);
    expect(lineAmountCents(1.5, 6747)).toBe(10121);
    expect(lineAmountCents(2, 6747)).toBe(13494);
  });

  it('charges GST only on P1 lines, at the invoice rate', () => {
    expect(priceLine(10000, 'P1', 0.1)).toEqual({ amountCents: 10000, gstCents: 1000, totalCents: 11000 });
    expect(priceLine(10000, 'P2', 0.1)).toEqual({ amountCents: 10000, gstCents: 0, totalCents: 10000 });
    expect(priceLine(10000, 'P5', 0.1).gstCents).toBe(0);
    expect(priceLine(10000, 'P1', 0).gstCents).toBe(0);
  });

  it('totals are the sums of the lines', () => {
    const lines = [priceLine(333, 'P1', 0.1), priceLine(333, 'P1', 0.1), priceLine(1000, 'P2', 0.1)];
    expect(invoiceTotals(lines)).toEqual({ subtotalCents: 1666, gstCents: 66, totalCents: 1732 });
  });
});

describe('invoice workflow', () => {
  it('offers only the actions of the status', () => {
    expect(invoiceAllows('draft', 'submit')).toBe(true);
    expect(invoiceAllows('sent', 'edit')).toBe(false);
    expect(invoiceAllows('pending-approval', 'approve')).toBe(true);
    expect(invoiceAllows('paid', 'void')).toBe(false);
    expect(invoiceAllows('sent', 'void', 500)).toBe(false);
  });

  it('settles by payments and the due date', () => {
    const base = { totalCents: 1000, dueDate: '2026-12-01', today: '2026-11-25' };
    expect(settledStatus({ ...base, paidCents: 0 })).toBe('sent');
    expect(settledStatus({ ...base, paidCents: 400 })).toBe('part-paid');
    expect(settledStatus({ ...base, paidCents: 1000 })).toBe('paid');
    expect(settledStatus({ ...base, paidCents: 400, today: '2026-12-02' })).toBe('overdue');
  });

  it('dates and numbers', () => {
    expect(dueDateFor('2026-11-25', 30)).toBe('2026-12-25');
    expect(dueDateFor('2028-02-15', 30)).toBe('2028-03-16');
    expect(formatInvoiceNumber('INV', 42)).toBe('INV-00042');
    expect(formatInvoiceNumber('INV', 123456)).toBe('INV-123456');
  });
});

describe('ABN check', () => {
  it('accepts real ABNs and refuses a changed digit', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('53004085616')).toBe(true);
    expect(isValidAbn('51824753557')).toBe(false);
    expect(isValidAbn('1234')).toBe(false);
  });
});
