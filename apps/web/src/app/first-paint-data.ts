import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';

/**
 * The answers the server drew the page's first paint from (docs/decisions/0041-server-first-paint.md):
 * its query cache, dehydrated into `<script type="application/json" id="first-paint-data">`. The app
 * starts with them, so its router finds every read answered and its first drawing is the server's,
 * which React hydrates rather than drawing and laying out the page again (issue 19). A JSON block
 * is data, not a script: the page's policy, which refuses inline scripts, does not apply to it.
 *
 * Returns whether the page came with them; the element is removed either way, so the data is read once.
 */
export function startFromFirstPaintData(queryClient: QueryClient): boolean {
  const element = document.getElementById('first-paint-data');
  if (!element) return false;
  element.remove();
  try {
    hydrate(queryClient, JSON.parse(element.textContent ?? '') as DehydratedState);
    return true;
  } catch {
    // Not what the server writes: the app reads and draws the page itself, as without a first paint.
    return false;
  }
}
