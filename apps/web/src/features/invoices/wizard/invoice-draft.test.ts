import { describe, expect, it } from 'vitest';
import { invoiceDraftKey, readInvoiceDraft, removeInvoiceDraft, writeInvoiceDraft } from './invoice-draft';
import { newLineDraft } from './wizard-lines';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const target = { userId: 'u1', tenantId: 't1', invoiceId: 'i1' };

describe('invoice drafts', () => {
  it('keeps the edits under the person, tenant and invoice until removed', () => {
    const storage = memoryStorage();
    const line = newLineDraft({
      supportItemNumber: '01_011_0107_1_1',
      supportItemName: 'Self-care',
      unit: 'H',
      unitPriceCents: 7023,
      date: '2026-11-09',
    });
    writeInvoiceDraft(target, { values: { lines: [line], notes: 'n' }, baseVersion: 3 }, storage);
    expect([...storage.items.keys()]).toEqual(['wattle.invoiceDraft.u1.t1.i1']);
    expect(invoiceDraftKey(target)).toBe('wattle.invoiceDraft.u1.t1.i1');
    expect(readInvoiceDraft(target, storage)).toMatchObject({
      values: { lines: [line], notes: 'n' },
      baseVersion: 3,
    });
    expect(readInvoiceDraft({ ...target, userId: 'u2' }, storage)).toBeNull();
    removeInvoiceDraft(target, storage);
    expect(readInvoiceDraft(target, storage)).toBeNull();
  });
  it('ignores what it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem(invoiceDraftKey(target), '{not json');
    expect(readInvoiceDraft(target, storage)).toBeNull();
    storage.setItem(invoiceDraftKey(target), JSON.stringify({ v: 2, values: {} }));
    expect(readInvoiceDraft(target, storage)).toBeNull();
  });
});
