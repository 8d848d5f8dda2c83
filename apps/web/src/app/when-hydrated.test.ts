import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasUnhydratedElement, whenHydrated } from './when-hydrated';

/** An element as React leaves it: hydrated ones carry its fiber and props under keys of their own. */
function element(hydrated: boolean, children: object[] = [], props: Record<string, unknown> = {}): Element {
  return {
    children,
    querySelectorAll: () => descendants(children as Element[]),
    ...(hydrated ? { __reactFiber$x1: {}, __reactProps$x1: props } : {}),
  } as unknown as Element;
}

function descendants(children: Element[]): Element[] {
  return children.flatMap((child) => [child, ...descendants([...child.children])]);
}

const everything = () => true;

afterEach(() => {
  vi.useRealTimers();
});

describe('hasUnhydratedElement', () => {
  it('finds an element React has not hydrated yet, however deep', () => {
    const root = element(true, [element(true, [element(true), element(true, [element(false)])])]);
    expect(hasUnhydratedElement(root, everything)).toBe(true);
    expect(hasUnhydratedElement(element(true, [element(true, [element(true)])]), everything)).toBe(false);
  });

  it('does not wait for markup React does not own: a rich text set as HTML', () => {
    const richText = element(true, [element(false, [element(false)])], {
      dangerouslySetInnerHTML: { __html: '<p>' },
    });
    expect(hasUnhydratedElement(element(true, [richText]), everything)).toBe(false);
  });

  it("does not wait for elements added after the markup was drawn: an editor's own DOM", () => {
    const editorsOwn = element(false);
    const root = element(true, [element(true, [editorsOwn])]);
    expect(hasUnhydratedElement(root, (each) => each !== editorsOwn)).toBe(false);
  });
});

describe('whenHydrated', () => {
  it('settles once the last element is hydrated', async () => {
    vi.useFakeTimers();
    const late = element(false);
    const root = element(true, [late]);
    let settled = false;
    void whenHydrated(root, { intervalMs: 50 }).promise.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(settled).toBe(false);
    Object.assign(late, { __reactFiber$x1: {} });
    await vi.advanceTimersByTimeAsync(50);
    expect(settled).toBe(true);
  });

  it('settles after the longest wait even if a part never hydrates, and not at all once cancelled', async () => {
    vi.useFakeTimers();
    const root = element(true, [element(false)]);
    let settled = false;
    void whenHydrated(root, { intervalMs: 50, maxWaitMs: 1000 }).promise.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(950);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(true);

    let cancelledSettled = false;
    const watch = whenHydrated(root, { intervalMs: 50, maxWaitMs: 1000 });
    void watch.promise.then(() => {
      cancelledSettled = true;
    });
    watch.cancel();
    await vi.advanceTimersByTimeAsync(2000);
    expect(cancelledSettled).toBe(false);
  });
});
