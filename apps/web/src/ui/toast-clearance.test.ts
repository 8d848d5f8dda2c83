import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepClearOfToasts, spaceBelow, toastClearance } from './toast-clearance';

const viewport = 800;
const rect = (top: number, height: number) => ({ top, bottom: top + height, height });

describe('spaceBelow', () => {
  it('is the bar’s height and distance from the foot while it is stuck at the bottom', () => {
    expect(spaceBelow(rect(736, 64), viewport)).toBe(64);
    // The participant form's bar sits above the phones' 4 rem bar.
    expect(spaceBelow(rect(672, 64), viewport)).toBe(128);
    expect(spaceBelow(rect(735.4, 64), viewport)).toBe(65);
  });

  it('takes the space under a bar not yet stuck, which sits higher up', () => {
    expect(spaceBelow(rect(650, 60), viewport)).toBe(150);
  });

  it('is nothing for a hidden bar, one scrolled away, or one in the top half', () => {
    expect(spaceBelow(rect(0, 0), viewport)).toBe(0);
    expect(spaceBelow(rect(800, 60), viewport)).toBe(0);
    expect(spaceBelow(rect(-100, 60), viewport)).toBe(0);
    expect(spaceBelow(rect(200, 60), viewport)).toBe(0);
  });
});

describe('keepClearOfToasts', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubBrowser() {
    const frames: (() => void)[] = [];
    vi.stubGlobal('window', { innerHeight: viewport, addEventListener() {}, removeEventListener() {} });
    vi.stubGlobal('document', { addEventListener() {}, removeEventListener() {} });
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    return {
      runFrames: () => {
        for (const frame of frames.splice(0)) frame();
      },
    };
  }

  const bar = (top: number, height: number) =>
    ({ getBoundingClientRect: () => rect(top, height) }) as unknown as HTMLElement;

  it('keeps toasts above the highest bar while mounted, and lets them down when it goes', () => {
    const { runFrames } = stubBrowser();
    const seen: number[] = [];
    const unsubscribe = toastClearance.subscribe(() => seen.push(toastClearance.get()));

    const removeMobileBar = keepClearOfToasts(bar(736, 64));
    const removeSaveBar = keepClearOfToasts(bar(672, 64));
    runFrames();
    expect(toastClearance.get()).toBe(128);

    removeSaveBar?.();
    expect(toastClearance.get()).toBe(64);
    removeMobileBar?.();
    expect(toastClearance.get()).toBe(0);
    expect(seen).toEqual([64, 128, 64, 0]);
    unsubscribe();
  });

  it('ignores the element going (React 19 calls the returned cleanup instead)', () => {
    expect(keepClearOfToasts(null)).toBeUndefined();
  });
});
