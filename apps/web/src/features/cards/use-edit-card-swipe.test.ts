import { describe, expect, it } from 'vitest';
import { isSwipeToClose, swipeCloseThresholdPx } from './use-edit-card-swipe';

describe('isSwipeToClose', () => {
  it('needs 50 px sideways, either way', () => {
    expect(swipeCloseThresholdPx).toBe(50);
    expect(isSwipeToClose(50, 0)).toBe(true);
    expect(isSwipeToClose(-50, 0)).toBe(true);
    expect(isSwipeToClose(49, 0)).toBe(false);
    expect(isSwipeToClose(0, 0)).toBe(false);
  });

  it('must be mostly sideways', () => {
    expect(isSwipeToClose(120, 10)).toBe(true);
    expect(isSwipeToClose(120, 59)).toBe(true);
    expect(isSwipeToClose(120, 60)).toBe(false);
    expect(isSwipeToClose(40, 200)).toBe(false);
  });
});
