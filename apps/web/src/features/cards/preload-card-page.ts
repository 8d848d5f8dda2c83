import { useEffect } from 'react';
import { whenIdle } from '@/lib/when-idle';

/**
 * Fetches and runs the card page's code (and, through it, the template form's) once the browser is
 * idle on a page whose next step is most often opening a card: a team's board and list, My Work, the
 * inbox. Issue 19: the first card opened from the board waited for that code after the click, at 4×
 * CPU slowdown about half of its 550 ms from click to content; the second, with the code at hand, took
 * 100 ms. A hover of a card link preloads it too (the router's 'intent'), but a tap on a phone has no
 * hover. Once per page load; a failed fetch (offline) is tried again by the next page that asks.
 */
let requested = false;

/**
 * A User Timing mark set as the preload starts: DevTools' Performance panel shows it, and
 * `scripts/bundle-size.mjs` (which names it too) counts the scripts asked for from then on as fetched
 * ahead, not as the page's own.
 */
const cardPagePreloadMark = 'wattle:card-page-preload';

export function preloadCardPage(): void {
  if (requested) return;
  requested = true;
  whenIdle(() => {
    performance.mark(cardPagePreloadMark);
    import('./card-detail-page').catch(() => {
      requested = false;
    });
  }, 3000);
}

/**
 * Preloads the card page's code once the calling page has drawn its content (`drawn`: its list has
 * arrived) and the browser is idle after that. Not sooner: the browser is idle while the page waits
 * for its list too, and the code's compiling then would delay drawing the list.
 */
export function usePreloadCardPage(drawn: boolean): void {
  useEffect(() => {
    if (drawn) preloadCardPage();
  }, [drawn]);
}
