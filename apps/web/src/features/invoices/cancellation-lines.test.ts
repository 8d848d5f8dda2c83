import type { Invoice, InvoiceLine } from '@wattle/domain/invoices/schemas';
import { describe, expect, it } from 'vitest';
import { cancellationLinesToClaim, completeReasons } from './cancellation-lines';

type TestInvoice = Pick<Invoice, 'invoiceNumber' | 'payer' | 'lineItems'>;

function line(id: string, lineNumber: number, overrides: Partial<InvoiceLine> = {}): InvoiceLine {
  return {
    id,
    lineNumber,
    claimType: 'CANC',
    claimStatus: 'unclaimed',
    ...overrides,
  } as InvoiceLine;
}

function invoice(invoiceNumber: string, lineItems: InvoiceLine[], kind = 'ndia'): TestInvoice {
  return { invoiceNumber, payer: { kind } as Invoice['payer'], lineItems };
}

describe('cancellation lines to claim', () => {
  it('lists the CANC lines never claimed or rejected, in invoice then line order', () => {
    const lines = cancellationLinesToClaim([
      invoice('INV-00010', [
        line('b', 3),
        line('a', 1),
        line('plain', 2, { claimType: '' }),
        line('claimed', 4, { claimStatus: 'claimed' }),
        line('paid', 5, { claimStatus: 'paid' }),
      ]),
      invoice('INV-00009', [line('c', 2, { claimStatus: 'rejected' })]),
    ]);
    expect(lines.map((l) => [l.invoiceNumber, l.line.id])).toEqual([
      ['INV-00009', 'c'],
      ['INV-00010', 'a'],
      ['INV-00010', 'b'],
    ]);
  });

  it('leaves out invoices the NDIA does not pay, and finds nothing when there is no cancellation', () => {
    expect(cancellationLinesToClaim([invoice('INV-1', [line('a', 1)], 'plan-manager')])).toEqual([]);
    expect(cancellationLinesToClaim([invoice('INV-1', [line('a', 1, { claimType: 'TRAN' })])])).toEqual([]);
  });
});

describe('complete reasons', () => {
  const lines = cancellationLinesToClaim([invoice('INV-1', [line('a', 1), line('b', 2)])]);

  it('keys every chosen reason by line id once each line has one', () => {
    expect(completeReasons(lines, { a: 'NSDH', b: 'NSDO', stale: 'NSDF' })).toEqual({
      reasons: { a: 'NSDH', b: 'NSDO' },
    });
  });

  it('names the lines still without a reason', () => {
    expect(completeReasons(lines, { b: 'NSDT' })).toEqual({ missing: ['a'] });
    expect(completeReasons(lines, {})).toEqual({ missing: ['a', 'b'] });
  });
});
