import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitBriefly } from './wait-briefly';

describe('waitBriefly', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('settles as soon as the work does', async () => {
    let settled = false;
    void waitBriefly(Promise.resolve('done'), 300).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it('settles after the time given when the work takes longer, and leaves the work running', async () => {
    let settled = false;
    let finish: (value: string) => void = () => undefined;
    const work = new Promise<string>((resolve) => {
      finish = resolve;
    });
    void waitBriefly(work, 300).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(299);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    finish('later');
    await expect(work).resolves.toBe('later');
  });

  it('does not reject when the work fails', async () => {
    await expect(waitBriefly(Promise.reject(new Error('read failed')), 300)).resolves.toBeUndefined();
  });
});
