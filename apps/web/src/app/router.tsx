import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from './not-found';
import { PendingScreen } from './pending-screen';
import { RouteErrorFallback } from './route-error';
import { areaRoutes } from './routes/area-routes';
import {
  inviteRoute,
  loginRoute,
  onboardingRoute,
  rootRoute,
  signedInRoute,
  tenantRoute,
  verificationRoute,
} from './routes/base-routes';
import { settingsRoutes } from './routes/settings-routes';

/**
 * The route table (spec shell section 2), code-based and typed. Pages load lazily, one chunk per
 * area; guards run in `beforeLoad` of the pathless layout routes and of the guarded pages:
 *
 *   /login                   public
 *   /invite/{token}          signed in (to /login and back), no tenant needed
 *   (signed-in)              requireSignedIn
 *     /onboarding
 *     /verification-required
 *     (tenant)               requireTenant; the shell (app/shell)
 *       /                    → /inbox, or /teams inside the Microsoft Teams tab
 *       /inbox, /dashboard, /my-teams/…, /invoices/…, /settings/…   (routes/area-routes.tsx, routes/settings-routes.tsx)
 *       /participants, /audit-packs, /behavior-analytics(/…)        requireVerified
 *       /templates-rules     system admins only, else not found
 *   anything else            not found
 */

export type { RouterContext } from './routes/base-routes';

const routeTree = rootRoute.addChildren([
  loginRoute,
  inviteRoute,
  signedInRoute.addChildren([
    onboardingRoute,
    verificationRoute,
    tenantRoute.addChildren([...areaRoutes, ...settingsRoutes]),
  ]),
]);

/** `history` is the browser's unless given: the server's first paint (entry-server.tsx) gives its own. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingScreen,
    // 'Loading...' shows once a page has taken a second (the router's default), and goes as soon as
    // the page is ready: held for the router's default minimum of half a second, it kept a card
    // whose read had just arrived from drawing for 380 ms more on a slow phone (issue 19).
    defaultPendingMinMs: 0,
    defaultErrorComponent: RouteErrorFallback,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
