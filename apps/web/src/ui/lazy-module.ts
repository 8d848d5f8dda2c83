import { useEffect } from 'react';

/**
 * Code the shell needs only once someone reaches for it (the Radix menus and tooltips with their
 * positioning code, about 20 KB gzip) is left out of the JavaScript every page loads: it is fetched
 * while the browser is idle after the first render, or at once when someone reaches for a control
 * first, whichever comes sooner. See `lazy-dropdown-menu.tsx` and `lazy-tooltip.tsx`.
 */

export interface LazyModule<T> {
  /** The module, once it has loaded (so a control can render it without waiting a render). */
  current: () => T | undefined;
  /** Starts loading, once; a failed load is tried again on the next call. */
  load: () => Promise<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    current: () => loaded,
    load: () => {
      pending ??= importer().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

/**
 * Marked when an idle preload starts, so `scripts/bundle-size.mjs` can tell the scripts the page
 * needed to render from the ones fetched ahead afterwards.
 */
export const idlePreloadMark = 'wattle:idle-preload';

const scheduled = new WeakSet<LazyModule<unknown>>();

function whenIdle(callback: () => void): void {
  // Safari has no requestIdleCallback; a short timeout lets the first render's work finish first.
  if (typeof requestIdleCallback === 'function') requestIdleCallback(callback, { timeout: 3000 });
  else setTimeout(callback, 300);
}

/** Loads `module` at the first idle moment after the calling component's first render (once per module). */
export function usePreloadOnIdle(module: LazyModule<unknown>): void {
  useEffect(() => {
    if (scheduled.has(module)) return;
    scheduled.add(module);
    whenIdle(() => {
      if (module.current()) return;
      performance.mark(idlePreloadMark);
      // A failed preload is not an error yet: the control tries again, and says so, when used.
      module.load().catch(() => undefined);
    });
  }, [module]);
}
