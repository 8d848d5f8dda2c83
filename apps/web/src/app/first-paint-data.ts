import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';

/**
 * What the server sends beside its first paint of a page (docs/decisions/0041-server-first-paint.md),
 * in `<script type="application/json" id="first-paint-data">`: the answers it drew the page from (its
 * query cache, dehydrated), and the time zone it drew in. A JSON block is data, not a script: the
 * page's policy, which refuses inline scripts, does not apply to it.
 */
export interface FirstPaintData {
  /** The time zone the server formatted dates and times in where the app uses the browser's. */
  timeZone: string;
  answers: DehydratedState;
}

/** How the app starts over the server's first paint. */
export type FirstPaintStart =
  /** No first paint came with the page, or no answers with it: the app reads and draws it itself. */
  | 'none'
  /** The answers are in the cache; the app draws the page anew (the browser's time zone is another). */
  | 'answers'
  /** The answers are in the cache and the app hydrates the server's markup. */
  | 'hydrate';

/**
 * Starts the app's cache with the answers the server drew the page from, so its router finds every
 * read answered (issue 19). Where the browser's time zone is the server's, the app's first drawing is
 * the server's and React hydrates the markup; in another zone, dates the app shows in the browser's
 * zone would differ (React keeps the server's attributes, a date in a tooltip among them), so the app
 * draws the page anew, with the answers still at hand. The element is removed, so it is read once.
 */
export function startFromFirstPaintData(queryClient: QueryClient, browserTimeZone: string): FirstPaintStart {
  const element = document.getElementById('first-paint-data');
  if (!element) return 'none';
  element.remove();
  let data: FirstPaintData;
  try {
    data = JSON.parse(element.textContent ?? '') as FirstPaintData;
    hydrate(queryClient, data.answers);
  } catch {
    // Not what the server writes: the app reads and draws the page itself, as without a first paint.
    return 'none';
  }
  return data.timeZone === browserTimeZone ? 'hydrate' : 'answers';
}

/** The time zone this runtime formats in (the browser's, or the server's while it draws). */
export function runtimeTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
