import { describe, expect, it } from 'vitest';
import { balanceCents, formatInvoiceDate, formatPeriod, formatQuantity } from './invoice-format';
import {
  invoiceListRequestOf,
  invoicePageSize,
  isInvoiceListFiltered,
  validateInvoiceListSearch,
} from './invoice-list-search';

const participant = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

describe('invoice list search', () => {
  it('keeps the known view, statuses, filters, sort and page and drops the rest', () => {
    expect(
      validateInvoiceListSearch({
        view: 'list',
        status: ['sent', 'bogus', 'sent', 'overdue'],
        participant,
        participantName: 'Jordan Lee',
        payer: 'ndia',
        from: '2026-11-01',
        to: 'not a date',
        overdue: 'true',
        sort: 'total',
        order: 'asc',
        page: 3,
        extra: 'x',
      }),
    ).toEqual({
      view: 'list',
      status: ['sent', 'overdue'],
      participant,
      participantName: 'Jordan Lee',
      payer: 'ndia',
      from: '2026-11-01',
      overdue: true,
      sort: 'total',
      order: 'asc',
      page: 3,
    });
  });

  it('takes a single status, ignores a board view, a bad page and a name without a participant', () => {
    expect(
      validateInvoiceListSearch({
        view: 'board',
        status: 'draft',
        page: '0',
        participantName: 'X',
        sort: 'x',
      }),
    ).toEqual({ status: ['draft'] });
  });

  it('asks for the newest numbers first, a page at a time', () => {
    expect(invoiceListRequestOf({})).toEqual({
      status: undefined,
      participantId: undefined,
      payerKind: undefined,
      from: undefined,
      to: undefined,
      overdue: undefined,
      sort: 'number',
      order: 'desc',
      limit: invoicePageSize,
      offset: 0,
    });
    expect(invoiceListRequestOf({ page: 3, sort: 'dueDate', order: 'asc', overdue: true })).toMatchObject({
      sort: 'dueDate',
      order: 'asc',
      overdue: true,
      offset: 2 * invoicePageSize,
    });
  });

  it('says when a filter narrows the list', () => {
    expect(isInvoiceListFiltered({ view: 'list', sort: 'total', page: 2 })).toBe(false);
    expect(isInvoiceListFiltered({ status: ['paid'] })).toBe(true);
    expect(isInvoiceListFiltered({ overdue: true })).toBe(true);
  });
});

describe('invoice formats', () => {
  it('shows dates dd/mm/yyyy and a period', () => {
    expect(formatInvoiceDate('2026-11-05')).toBe('05/11/2026');
    expect(formatInvoiceDate(null)).toBe('');
    expect(formatPeriod('2026-11-01', '2026-11-14')).toBe('01/11/2026 – 14/11/2026');
    expect(formatPeriod('2026-11-01', '2026-11-01')).toBe('01/11/2026');
  });

  it('shows quantities without trailing zeros and never a negative balance', () => {
    expect(formatQuantity(1.5)).toBe('1.5');
    expect(formatQuantity(2)).toBe('2');
    expect(formatQuantity(0.255)).toBe('0.26');
    expect(balanceCents({ totalCents: 10_000, paidCents: 2_500 })).toBe(7_500);
    expect(balanceCents({ totalCents: 10_000, paidCents: 12_000 })).toBe(0);
  });
});
