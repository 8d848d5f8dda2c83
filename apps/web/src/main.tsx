import './start-locale-data-warm-up';
import { firstPaintStart } from './start-first-reads';
import './yield-to-browser';
import { RouterProvider } from '@tanstack/react-router';
import { installPlainValidationMessages } from '@wattle/domain/shared/plain-validation-messages';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from '@/ui/toast';
import { AppErrorBoundary } from './app/app-error-boundary';
import { appQueryClient as queryClient } from './app/app-query-client';
import { hydrateFirstPaint } from './app/hydrate-first-paint';
import { prepareFirstDrawingWhenIdle } from './app/prepare-first-drawing';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { signedInRoute } from './app/routes/base-routes';
import { forgetUserData } from './features/auth/session';
import { setUnauthenticatedHandler } from './lib/http';
import './styles.css';

// The forms' validation messages name the field and the limit in plain words, as the server's do.
installPlainValidationMessages();

const router = createAppRouter(queryClient);

// The opened page's code is fetched now, beside the sign-in checks (the guards' reads of /api/me and
// /api/tenants), not once they have passed: the router loads a route's chunk only after every
// parent's beforeLoad. Issue 19: a card opened cold asked for its page's code 85 ms after the checks
// began, at 4x CPU slowdown. A guard that sends the person elsewhere leaves a chunk fetched unused.
const [matchedRoutes] = router.getMatchedRoutes(router.latestLocation.pathname);
for (const route of matchedRoutes) {
  router.loadRouteChunk(route)?.catch(() => {
    // The router loads it again (and shows its error) when the route is drawn.
  });
}

// A 401 from any call means the session is gone: forget this user's data and sign in again. A session
// the organisation ended for sitting idle says so on the sign-in page.
setUnauthenticatedHandler((error) => {
  if (router.state.location.pathname === '/login') return;
  const details = error?.details as { reason?: string } | undefined;
  const idleNotice = details?.reason === 'session-idle' ? error?.message : undefined;
  void router.navigate({ to: '/login' }).then(() => {
    forgetUserData(queryClient, { kind: 'session-ended' });
    if (idleNotice) toast.info(idleNotice, { duration: 15_000 });
  });
});

// The router's first load (the guards, then the loaders and their reads) starts now, not in React's
// first commit, where RouterProvider would start it: issue 19, that commit came 50–100 ms after this
// module had run, at 4x CPU slowdown, and every read waited for it. RouterProvider sees the load under
// way and does not start another. Its guards and loaders find the first page's reads answered or on
// their way: start-first-reads.ts started them as this module's imports ran, from the guards' two
// reads, which the server's page preloads for someone with a session (apps/server/src/app.ts).
const firstLoad = router.load().catch((error: unknown) => console.error(error));

// Pages outside the sign-in guard (sign-in, an invitation) do the first drawing's one-off set-up now.
// Behind the guard the tenant route's loader does it while the shell's reads are on their way: done
// now, it held back the guards' answers as they arrived.
if (!matchedRoutes.some((route) => route.id === signedInRoute.id)) prepareFirstDrawingWhenIdle();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element.');

const app = (
  <StrictMode>
    <AppErrorBoundary>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </AppErrorBoundary>
  </StrictMode>
);

// Over the server's first paint of the page (docs/decisions/0041-server-first-paint.md), the app takes
// over once its first page is loaded. With the answers the server drew from, in the browser's time
// zone, it hydrates the markup (app/hydrate-first-paint.tsx). Otherwise React's first drawing replaces
// the markup, in a transition, in slices the browser can run other work between (issue 19: 290 ms in
// one task at 4x CPU slowdown); drawn sooner it would replace the page with nothing while the page's
// reads are on their way.
const firstPaint = rootElement.querySelector<HTMLElement>('[data-first-paint]');
if (firstPaint && firstPaintStart === 'hydrate')
  void firstLoad.finally(() => hydrateFirstPaint(router, firstPaint, app));
else if (firstPaint) void firstLoad.finally(() => startTransition(() => createRoot(rootElement).render(app)));
else createRoot(rootElement).render(app);
