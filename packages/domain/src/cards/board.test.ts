import { describe, expect, it } from 'vitest';
import { byBoardPosition, crowdedGap, isCrowded, positionAt, positionBetween, positionGap } from './board';

describe('board positions', () => {
  it('places a card between, before or after its neighbours', () => {
    expect(positionBetween(null, null)).toBe(positionGap);
    expect(positionBetween(null, 10)).toBe(10 - positionGap);
    expect(positionBetween(10, null)).toBe(10 + positionGap);
    expect(positionBetween(10, 20)).toBe(15);
  });

  it('gives the position for an index of a column', () => {
    const column = [100, 200, 300];
    expect(positionAt(column, 0)).toBeLessThan(100);
    expect(positionAt(column, 1)).toBe(150);
    expect(positionAt(column, 3)).toBeGreaterThan(300);
    expect(positionAt(column, 99)).toBeGreaterThan(300);
    expect(positionAt([], 0)).toBe(positionGap);
  });

  it('calls a gap crowded well before repeated halving can no longer split it', () => {
    let after = positionGap * 2;
    let moves = 0;
    while (!isCrowded(positionGap, positionBetween(positionGap, after), after)) {
      after = positionBetween(positionGap, after);
      moves += 1;
    }
    expect(moves).toBe(20);
    const position = positionBetween(positionGap, after);
    expect(position).toBeGreaterThan(positionGap);
    expect(position).toBeLessThan(after);
    expect(isCrowded(null, 0, null)).toBe(false);
    expect(isCrowded(0, crowdedGap, null)).toBe(false);
    expect(isCrowded(null, 5, 5)).toBe(true);
  });

  it('orders by position, then work item id', () => {
    const cards = [
      { boardPosition: 2, workItemId: 'SUN-00002' },
      { boardPosition: 1, workItemId: 'SUN-00003' },
      { boardPosition: 1, workItemId: 'SUN-00001' },
    ];
    expect(cards.sort(byBoardPosition).map((c) => c.workItemId)).toEqual([
      'SUN-00001',
      'SUN-00003',
      'SUN-00002',
    ]);
  });
});
