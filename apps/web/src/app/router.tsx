import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { teamsQueryOptions } from '@/features/teams/api';
import { AppErrorFallback } from './app-error-fallback';
import { requireSignedIn, requireTenant, safeReturnPath } from './guards';
import { NotFoundPage } from './not-found';
import { PendingScreen } from './pending-screen';
import { RouteErrorFallback } from './route-error';
import { TenantLayout } from './tenant-layout';

/**
 * The route table (spec shell section 2), code-based and typed. Pages load lazily; guards run in
 * `beforeLoad` of the pathless layout routes:
 *
 *   /                        → /inbox
 *   /login                   public
 *   (signed-in)              requireSignedIn
 *     /onboarding
 *     /verification-required
 *     (tenant)               requireTenant, the signed-in shell
 *       /inbox
 *   anything else            not found
 */

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: ({ error }) => <AppErrorFallback error={error} />,
});

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/inbox', replace: true });
  },
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { error?: string } =>
    typeof search.error === 'string' && search.error ? { error: search.error } : {},
  component: lazyRouteComponent(() => import('@/features/auth/login-page'), 'LoginPage'),
});

const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context }) => ({ me: await requireSignedIn(context.queryClient) }),
  component: Outlet,
});

const onboardingRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/onboarding',
  component: lazyRouteComponent(() => import('@/features/onboarding/onboarding-page'), 'OnboardingPage'),
});

const verificationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/verification-required',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const path = safeReturnPath(search.redirect);
    return path ? { redirect: path } : {};
  },
  component: lazyRouteComponent(
    () => import('@/features/verification/verification-page'),
    'VerificationPage',
  ),
});

const tenantRoute = createRoute({
  getParentRoute: () => signedInRoute,
  id: 'tenant',
  beforeLoad: ({ context }) => requireTenant(context.queryClient, context.me),
  component: TenantLayout,
});

const inboxRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/inbox',
  loader: ({ context }) => {
    // Start loading the teams with the page's code; the page shows its own loading state.
    void context.queryClient.prefetchQuery(teamsQueryOptions(context.tenant.id));
  },
  component: lazyRouteComponent(() => import('@/features/inbox/inbox-page'), 'InboxPage'),
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  signedInRoute.addChildren([onboardingRoute, verificationRoute, tenantRoute.addChildren([inboxRoute])]),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns caching; the router should always ask it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingScreen,
    defaultErrorComponent: RouteErrorFallback,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
