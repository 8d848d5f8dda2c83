/**
 * Code the shell needs only once someone reaches for it (the Radix menus and tooltips with their
 * positioning code, about 20 KB gzip) is left out of the JavaScript every page loads: it is fetched
 * when someone reaches for a control (the pointer or focus arriving on it, or a press), so a page that
 * is only read never downloads it. See `lazy-dropdown-menu.tsx` and `lazy-tooltip.tsx`.
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
