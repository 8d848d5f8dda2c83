import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { meQueryOptions, startSignInReads } from '@/features/auth/api';
import { fetchMeQuietly } from '@/features/invitations/api';
import { AccessibilityPreferencesApplier } from '@/features/preferences/accessibility-preferences';
import { isApiError } from '@/lib/http';
import { firstDrawingWaitMs, waitBriefly } from '@/lib/wait-briefly';
import { AppErrorFallback } from '../app-error-fallback';
import { requireSignedIn, requireTenant, safeReturnPath } from '../guards';
import { NotFoundPage } from '../not-found';
import { prepareFirstDrawingWhenIdle } from '../prepare-first-drawing';
import { hasShellData, readShellData } from '../shell/shell-reads';
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
  // `redirect`: where to go after signing in (the invite page sends people here and back).
  validateSearch: (search: Record<string, unknown>): { error?: string; redirect?: string } => {
    const redirect = safeReturnPath(search.redirect);
    return {
      ...(typeof search.error === 'string' && search.error ? { error: search.error } : {}),
      ...(redirect ? { redirect } : {}),
    };
  },
  // The page's reads start beside its code, not once it has drawn (issue 19).
  loader: ({ context }) => startSignInReads(context.queryClient),
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

/**
 * /invite/{token}: signed in, but not necessarily a member of any organisation yet. Someone not
 * signed in goes to /login and comes back here afterwards (the other pages' guard sends them to
 * /login alone).
 */
export const inviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invite/$token',
  beforeLoad: async ({ context, location }) => {
    try {
      await context.queryClient.ensureQueryData({
        ...meQueryOptions(),
        queryFn: ({ signal }) => fetchMeQuietly(signal),
      });
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        throw redirect({ to: '/login', search: { redirect: location.href } });
      }
      throw error;
    }
  },
  component: lazyRouteComponent(() => import('@/features/invitations/invite-page'), 'InvitePage'),
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

/**
 * Whether the tenant route has loaded before in this page's life. Its data being at hand does not
 * say so: the first reads (app/first-reads.ts) may have read it before the shell was ever drawn.
 */
let tenantRouteLoaded = false;

export const tenantRoute = createRoute({
  getParentRoute: () => signedInRoute,
  id: 'tenant',
  beforeLoad: ({ context }) => requireTenant(context.queryClient, context.me),
  loader: async ({ context }) => {
    // The shell's reads go out with the page's code (shell/shell-reads.ts), or before it has all run
    // (app/first-reads.ts). The first page of a tenant waits briefly for them, so the shell is drawn
    // once with them, not again for each answer.
    const isFirstPage = !tenantRouteLoaded || !hasShellData(context.queryClient, context.tenant.id);
    tenantRouteLoaded = true;
    const reading = readShellData(context.queryClient, context);
    if (isFirstPage) {
      // The main thread is idle while they are on their way: the first drawing's set-up is done then.
      prepareFirstDrawingWhenIdle();
      await waitBriefly(reading, firstDrawingWaitMs);
    }
  },
  component: TenantShell,
});
