import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * True while a page is drawn on the server for its first paint, and while the browser hydrates that
 * drawing (docs/decisions/0041-server-first-paint.md); false in every other drawing in the browser.
 * A part that sizes itself from the browser (the window's height) uses the server's assumption while
 * this is true, so the browser's first drawing is the server's: otherwise React draws the part again.
 * React draws the part once more as soon as hydration is done, with this false.
 */
export function useDrawnAsOnServer(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => false,
    () => true,
  );
}
