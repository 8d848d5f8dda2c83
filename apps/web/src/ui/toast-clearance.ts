/**
 * Toasts never cover a bar at the foot of the screen (a QA pass found one sitting over a sticky Save
 * bar for its five seconds). The spec places toasts nowhere in particular (shell section 4: one at a
 * time, 5 s, swiped away to the right, F8), so they stay at the bottom right and rise above whatever
 * bar is there: each bottom bar (a form's sticky Save bar, the card panel's footer, the phones' bottom
 * bar) takes `ref={keepClearOfToasts}`, which counts it while it is mounted, and the Toaster
 * (`lazy-toaster.tsx`) adds the space the highest of them takes, from its top edge to the foot of the
 * viewport, to its bottom offset. One place decides; a new bar only registers itself.
 *
 * A plain store rather than a CSS variable on the root element: a sticky bar moves as the page
 * scrolls, and changing a variable the whole document inherits would restyle every element each frame.
 */

const spaces = new Map<object, number>();
let clearance = 0;
const listeners = new Set<() => void>();

function setSpace(bar: object, space: number): void {
  if (space > 0) spaces.set(bar, space);
  else spaces.delete(bar);
  const next = Math.max(0, ...spaces.values());
  if (next === clearance) return;
  clearance = next;
  for (const listener of listeners) listener();
}

/** The pixels toasts keep clear of at the foot of the viewport, for `useSyncExternalStore`. */
export const toastClearance = {
  get: (): number => clearance,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * The space a bar takes at the foot of a viewport `viewportHeight` tall: from its top edge down, while
 * it reaches into the lower half of the screen (a sticky bar not yet stuck sits higher, and takes
 * more); 0 when it is hidden, scrolled away or up in the top half, where a toast at the foot never
 * reaches it (and rising above it would take the toast off the screen).
 */
export function spaceBelow(rect: Pick<DOMRect, 'top' | 'bottom' | 'height'>, viewportHeight: number): number {
  if (rect.height === 0 || rect.bottom <= viewportHeight / 2 || rect.top >= viewportHeight) return 0;
  return Math.ceil(viewportHeight - Math.max(rect.top, 0));
}

/**
 * A callback ref that keeps toasts above the element while it is mounted (see above):
 * `ref={keepClearOfToasts}`. React calls the function it returns when the element goes.
 */
export function keepClearOfToasts(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  const bar = {};
  let frame = 0;
  const measure = () => {
    frame = 0;
    setSpace(bar, spaceBelow(element.getBoundingClientRect(), window.innerHeight));
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(measure);
  };
  schedule();
  // Measured again (once a frame at most) when its size changes (a breakpoint shows or hides it, its
  // buttons wrap), the window's does, a panel finishes sliding in, or any box scrolls (a sticky bar
  // moves until it sticks).
  const resizes = new ResizeObserver(schedule);
  resizes.observe(element);
  window.addEventListener('resize', schedule);
  document.addEventListener('animationend', schedule, true);
  document.addEventListener('scroll', schedule, { capture: true, passive: true });
  return () => {
    cancelAnimationFrame(frame);
    resizes.disconnect();
    window.removeEventListener('resize', schedule);
    document.removeEventListener('animationend', schedule, true);
    document.removeEventListener('scroll', schedule, { capture: true });
    setSpace(bar, 0);
  };
}
