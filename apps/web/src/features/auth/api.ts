import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { DemoUser, Me } from '@wattle/domain/users/schemas';
import { http, httpList } from '@/lib/http';

export type AuthMode = 'demo' | 'oidc';

export const authKeys = {
  me: ['me'] as const,
  config: ['auth', 'config'] as const,
  demoUsers: ['auth', 'demo-users'] as const,
};

/** The signed-in user; a 401 means nobody is signed in (the guard sends them to /login). */
export function meQueryOptions() {
  return queryOptions({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => http<Me>('/api/me', { signal, tenantId: null }),
    staleTime: 60_000,
  });
}

export function authConfigQueryOptions() {
  return queryOptions({
    queryKey: authKeys.config,
    queryFn: ({ signal }) =>
      http<{ mode: AuthMode }>('/api/auth/config', {
        signal,
        tenantId: null,
        skipUnauthenticatedRedirect: true,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function demoUsersQueryOptions() {
  return queryOptions({
    queryKey: authKeys.demoUsers,
    queryFn: async ({ signal }) =>
      (
        await httpList<DemoUser>('/api/auth/demo/users', {
          signal,
          tenantId: null,
          skipUnauthenticatedRedirect: true,
        })
      ).data,
    staleTime: 5 * 60_000,
  });
}

/**
 * Starts the sign-in page's reads as its route loads, beside the page's code: which sign-in the server
 * runs, then in demo mode the people to pick from. The page asked for them only once it had drawn,
 * the second once the first had answered. A failure shows on the page, which asks again.
 */
export function startSignInReads(queryClient: QueryClient): void {
  queryClient.ensureQueryData(authConfigQueryOptions()).then(
    (config) => {
      if (config.mode === 'demo') void queryClient.prefetchQuery(demoUsersQueryOptions());
    },
    () => undefined,
  );
}

export function demoLogin(email: string): Promise<Me> {
  return http<Me>('/api/auth/demo/login', {
    method: 'POST',
    body: { email },
    tenantId: null,
    skipUnauthenticatedRedirect: true,
  });
}

export function logout(): Promise<unknown> {
  return http<unknown>('/api/auth/logout', {
    method: 'POST',
    tenantId: null,
    skipUnauthenticatedRedirect: true,
  });
}

/** Where the OIDC sign-in starts: a full-page navigation, the server redirects to the identity provider. */
export const oidcLoginPath = '/api/auth/oidc/login';
