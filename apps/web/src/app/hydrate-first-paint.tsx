import type { AnyRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { whenHydrated } from './when-hydrated';

/**
 * Takes over the server's first paint of the page (docs/decisions/0041-server-first-paint.md) by
 * hydrating it: React attaches the app to the markup the browser has already laid out and painted,
 * instead of drawing the page anew and replacing it. Issue 19: drawing over it cost a commit of the
 * whole page and its layout, 100–200 ms on the card page at 4x CPU slowdown, 170–375 ms on a board.
 *
 * The app's query cache starts with the answers the server drew from (first-paint-data.ts), so the
 * first drawing is the server's. Where it is not (a clock that moved on, a local draft), React draws
 * that part afresh and reports why (`onRecoverableError`); nothing is lost, the page only takes a
 * moment longer.
 *
 * The markup stays inert until React has hydrated all of it (when-hydrated.ts), so nothing is clicked
 * or typed into before the app holds it: React hydrates the parts inside Suspense boundaries (every
 * page is in one, the router's) after its first commit, in slices, and a click on a part it cannot
 * hydrate at once (its code still loading) is dropped.
 */
export function hydrateFirstPaint(router: AnyRouter, element: HTMLElement, app: ReactNode): void {
  // TanStack Router leaves out its own Suspense boundary around the page when it draws on a server or
  // knows the page was; without this the browser's tree would not match the markup.
  router.ssr = { manifest: undefined };
  // The tree exactly as the server drew it, nothing added beside it: React's ids (useId) follow the
  // tree's shape, and one more element at the top gave every id another value than the server's.
  hydrateRoot(element, app, {
    onRecoverableError: (error) => console.warn('The first paint was drawn again:', error),
  });
  void whenHydrated(element).promise.then(() => {
    element.removeAttribute('inert');
    element.removeAttribute('data-first-paint');
  });
}
