import { describe, expect, it } from 'vitest';
import { formDraftKey, readFormDraft, removeFormDraft, writeFormDraft } from './form-draft';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

const tenant = '0190a0a0-0000-7000-8000-000000000001';
const card = '0190a0a0-0000-7000-8000-0000000000c1';

describe('form drafts in localStorage', () => {
  it('uses one key per tenant and card', () => {
    expect(formDraftKey(tenant, card)).toBe(`wattle.formDraft.${tenant}.${card}`);
    expect(formDraftKey(tenant, 'other')).not.toBe(formDraftKey(tenant, card));
  });

  it('writes the unsaved values and reads them back', () => {
    const storage = memoryStorage();
    const signature = {
      kind: 'typed',
      typed: 'Priya',
      signerName: 'Priya P',
      signedAt: '2026-03-01T01:02:03.000Z',
    } as const;
    const values = {
      'participant-name': '<p>Jordan</p>',
      'uses-restrictive-practice': false,
      'rp-type': ['Seclusion'],
      'practitioner-signature': signature,
      'guardian-consent': null,
    };
    // Each field keeps the version its change started from; fields without one take the current version.
    writeFormDraft(
      tenant,
      card,
      values,
      { 'participant-name': 2, 'rp-type': 3, 'not-in-values': 1 },
      4,
      storage,
      new Date('2026-03-01T00:00:00Z'),
    );
    expect(readFormDraft(tenant, card, storage)).toEqual({
      values,
      bases: {
        'participant-name': 2,
        'uses-restrictive-practice': 4,
        'rp-type': 3,
        'practitioner-signature': 4,
        'guardian-consent': 4,
      },
      baseVersion: 2,
      savedAt: '2026-03-01T00:00:00.000Z',
    });
    expect(readFormDraft(tenant, 'another-card', storage)).toBeNull();
  });

  it('removes the draft when nothing is left unsaved, and on request', () => {
    const storage = memoryStorage();
    writeFormDraft(tenant, card, { a: 'x' }, {}, 1, storage);
    expect(storage.map.size).toBe(1);
    writeFormDraft(tenant, card, {}, {}, 2, storage);
    expect(storage.map.size).toBe(0);
    writeFormDraft(tenant, card, { a: 'x' }, {}, 1, storage);
    removeFormDraft(tenant, card, storage);
    expect(readFormDraft(tenant, card, storage)).toBeNull();
  });

  it('ignores unreadable entries and drops values of the wrong shape', () => {
    const storage = memoryStorage();
    storage.setItem(formDraftKey(tenant, card), '{not json');
    expect(readFormDraft(tenant, card, storage)).toBeNull();
    storage.setItem(formDraftKey(tenant, card), JSON.stringify({ values: [1, 2] }));
    expect(readFormDraft(tenant, card, storage)).toBeNull();
    storage.setItem(
      formDraftKey(tenant, card),
      JSON.stringify({
        values: { good: 'text', list: ['a', 3], sig: { kind: 'scribble' }, n: 5 },
        bases: { good: 'x', list: 3 },
        baseVersion: 'x',
      }),
    );
    expect(readFormDraft(tenant, card, storage)).toEqual({
      values: { good: 'text' },
      bases: {},
      baseVersion: 0,
      savedAt: new Date(0).toISOString(),
    });
  });

  it('survives storage that throws (blocked or full)', () => {
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readFormDraft(tenant, card, throwing)).toBeNull();
    expect(() => writeFormDraft(tenant, card, { a: 'x' }, {}, 1, throwing)).not.toThrow();
    expect(() => removeFormDraft(tenant, card, throwing)).not.toThrow();
    expect(readFormDraft(tenant, card, null)).toBeNull();
  });
});
