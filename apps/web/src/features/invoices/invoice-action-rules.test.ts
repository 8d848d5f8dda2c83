import type { Invoice, InvoiceSummary } from '@wattle/domain/invoices/schemas';
import { describe, expect, it } from 'vitest';
import { bulkAllows, hasLinesToClaim } from './invoice-action-rules';

const summary = (
  status: InvoiceSummary['status'],
  payer: InvoiceSummary['payer']['kind'] = 'ndia',
  paidCents = 0,
  lines: Pick<InvoiceSummary, 'lineCount' | 'hasErrors'> = { lineCount: 1, hasErrors: false },
) => ({ status, paidCents, ...lines, payer: { kind: payer, name: 'x', email: null } }) as InvoiceSummary;

describe('bulk actions', () => {
  it('are offered only when every selected invoice allows them', () => {
    expect(bulkAllows([], 'submit')).toBe(false);
    expect(bulkAllows([summary('draft'), summary('draft')], 'submit')).toBe(true);
    expect(bulkAllows([summary('draft'), summary('approved')], 'submit')).toBe(false);
    expect(bulkAllows([summary('approved'), summary('approved')], 'send')).toBe(true);
    expect(bulkAllows([summary('approved'), summary('sent')], 'send')).toBe(false);
  });

  it('submit only drafts the server would take: with lines and none in error', () => {
    const withErrors = summary('draft', 'ndia', 0, { lineCount: 2, hasErrors: true });
    const empty = summary('draft', 'ndia', 0, { lineCount: 0, hasErrors: false });
    expect(bulkAllows([summary('draft'), withErrors], 'submit')).toBe(false);
    expect(bulkAllows([summary('draft'), empty], 'submit')).toBe(false);
  });

  it('claims only NDIA invoices the workflow lets be claimed', () => {
    expect(bulkAllows([summary('approved'), summary('part-paid')], 'claim')).toBe(true);
    expect(bulkAllows([summary('approved'), summary('approved', 'plan-manager')], 'claim')).toBe(false);
    expect(bulkAllows([summary('draft')], 'claim')).toBe(false);
    expect(bulkAllows([summary('paid')], 'claim')).toBe(false);
  });
});

describe('lines to claim', () => {
  const invoice = (
    payer: InvoiceSummary['payer']['kind'],
    statuses: Invoice['lineItems'][number]['claimStatus'][],
  ) =>
    ({
      payer: { kind: payer, name: 'x', email: null },
      lineItems: statuses.map((claimStatus) => ({ claimStatus })),
    }) as Pick<Invoice, 'payer' | 'lineItems'>;

  it('are never-claimed or rejected lines of an NDIA invoice', () => {
    expect(hasLinesToClaim(invoice('ndia', ['paid', 'rejected']))).toBe(true);
    expect(hasLinesToClaim(invoice('ndia', ['unclaimed']))).toBe(true);
    expect(hasLinesToClaim(invoice('ndia', ['paid', 'claimed']))).toBe(false);
    expect(hasLinesToClaim(invoice('plan-manager', ['unclaimed']))).toBe(false);
  });
});
