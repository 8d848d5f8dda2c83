import { describe, expect, it } from 'vitest';
import { assignRowSlots } from './row-slots';

const slotsOf = (slots: Map<string, number>, ids: string[]) => ids.map((id) => slots.get(id));

describe('assignRowSlots', () => {
  it('numbers the first rows drawn from 0', () => {
    const slots = assignRowSlots(new Map(), ['a', 'b', 'c']);
    expect(slotsOf(slots, ['a', 'b', 'c'])).toEqual([0, 1, 2]);
  });

  it('keeps the slot of a row that stays drawn', () => {
    const first = assignRowSlots(new Map(), ['a', 'b', 'c']);
    const next = assignRowSlots(first, ['b', 'c', 'd']);
    expect(slotsOf(next, ['b', 'c'])).toEqual([1, 2]);
  });

  it('gives a row coming into sight the slot of one that left', () => {
    const first = assignRowSlots(new Map(), ['a', 'b', 'c']);
    expect(assignRowSlots(first, ['b', 'c', 'd']).get('d')).toBe(0);
    // A jump far down the list: every row is new, and takes the slots the old ones had.
    const jumped = assignRowSlots(first, ['x', 'y', 'z']);
    expect(slotsOf(jumped, ['x', 'y', 'z'])).toEqual([0, 1, 2]);
  });

  it('never gives two drawn rows one slot, nor more slots than the most rows drawn at once', () => {
    let slots = new Map<string, number>();
    for (let top = 0; top < 200; top += 7) {
      const count = 10 + (top % 5);
      const ids = Array.from({ length: count }, (_, i) => `row-${top + i}`);
      slots = assignRowSlots(slots, ids);
      const used = ids.map((id) => slots.get(id) as number);
      expect(new Set(used).size).toBe(count);
      expect(Math.max(...used)).toBeLessThan(14);
    }
  });

  it('gives a row listed twice one slot', () => {
    const slots = assignRowSlots(new Map(), ['a', 'a', 'b']);
    expect(slotsOf(slots, ['a', 'b'])).toEqual([0, 1]);
  });
});
