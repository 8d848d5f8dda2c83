import type { InvoiceLine, InvoiceSummary } from '@wattle/domain/invoices/schemas';
import { describe, expect, it } from 'vitest';
import { groupMyInvoices, isSentBack, mayHaveClaimResults, rejectedClaimLines } from './my-invoices-groups';

const summary = (id: string, overrides: Partial<InvoiceSummary>) =>
  ({ id, status: 'draft', rejectionReason: null, ...overrides }) as InvoiceSummary;

describe('my invoices', () => {
  it('puts drafts sent back with a reason first, and keeps the order of the rest', () => {
    const invoices = [
      summary('a', { status: 'sent' }),
      summary('b', { rejectionReason: 'Wrong period' }),
      summary('c', {}),
      summary('d', { status: 'pending-approval', rejectionReason: 'Old reason' }),
    ];
    const groups = groupMyInvoices(invoices);
    expect(groups.sentBack.map((invoice) => invoice.id)).toEqual(['b']);
    expect(groups.others.map((invoice) => invoice.id)).toEqual(['a', 'c', 'd']);
    expect(isSentBack({ status: 'draft', rejectionReason: '' })).toBe(false);
  });
  it('looks for claim results only on issued invoices and finds rejected lines', () => {
    const ndia = { kind: 'ndia', name: 'NDIA', email: null } as InvoiceSummary['payer'];
    const planManager = { kind: 'plan-manager', name: 'PM', email: null } as InvoiceSummary['payer'];
    expect(mayHaveClaimResults({ status: 'sent', payer: ndia })).toBe(true);
    expect(mayHaveClaimResults({ status: 'draft', payer: ndia })).toBe(false);
    expect(mayHaveClaimResults({ status: 'sent', payer: planManager })).toBe(false);
    const lines = [
      { claimStatus: 'paid' },
      { claimStatus: 'rejected', claimError: 'Bad item' },
    ] as InvoiceLine[];
    expect(rejectedClaimLines(lines)).toEqual([lines[1]]);
  });
});
