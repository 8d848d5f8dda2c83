import { describe, expect, it } from 'vitest';
import { countText, decideEach, keepListed } from './approval-decisions';

describe('deciding invoices one after another', () => {
  it('goes on past a refusal and names it', async () => {
    const tried: string[] = [];
    const outcome = await decideEach(
      [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      (item) => `INV-${item.id}`,
      async (item) => {
        tried.push(item.id);
        if (item.id === 'b') throw new Error('This invoice is above the amount team leads may approve');
      },
    );
    expect(tried).toEqual(['a', 'b', 'c']);
    expect(outcome).toEqual({
      done: ['a', 'c'],
      failed: [{ label: 'INV-b', message: 'This invoice is above the amount team leads may approve' }],
    });
  });
  it('words counts and keeps only listed selections', () => {
    expect(countText(1, 'approved')).toBe('1 invoice approved');
    expect(countText(3, 'rejected')).toBe('3 invoices rejected');
    expect([...keepListed(new Set(['a', 'b']), ['b', 'c'])]).toEqual(['b']);
  });
});
