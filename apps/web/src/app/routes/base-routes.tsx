import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router';
import { AccessibilityPreferencesApplier } from '@/features/preferences/accessibility-preferences';
import { teamsQueryOptions } from '@/features/teams/api';
import { AppErrorFallback } from '../app-error-fallback';
import { requireSignedIn, requireTenant, safeReturnPath } from '../guards';
import { NotFoundPage } from '../not-found';
import { TenantShell } from '../shell/tenant-shell';

/**
 * The frame of the route tree: the root, the public sign-in page, the signed-in layer (onboarding,
 * verification) and the tenant layer whose pages sit inside the shell. Guards run in `beforeLoad`.
 */

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: ({ error }) => <AppErrorFallback error={error} />,
});

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { error?: string } =>
    typeof search.error === 'string' && search.error ? { error: search.error } : {},
  component: lazyRouteComponent(() => import('@/features/auth/login-page'), 'LoginPage'),
});

function SignedIn() {
  return (
    <>
      <AccessibilityPreferencesApplier />
      <Outlet />
    </>
  );
}

export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context }) => ({ me: await requireSignedIn(context.queryClient) }),
  component: SignedIn,
});

export const onboardingRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/onboarding',
  component: lazyRouteComponent(() => import('@/features/onboarding/onboarding-page'), 'OnboardingPage'),
});

export const verificationRoute = createRoute({
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

export const tenantRoute = createRoute({
  getParentRoute: () => signedInRoute,
  id: 'tenant',
  beforeLoad: ({ context }) => requireTenant(context.queryClient, context.me),
  loader: ({ context }) => {
    // The sidebar lists the teams on every page: start loading them with the page's code.
    void context.queryClient.prefetchQuery(teamsQueryOptions(context.tenant.id));
  },
  component: TenantShell,
});
