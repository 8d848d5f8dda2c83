import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { DemoUser, Me } from '@wattle/domain/users/schemas';
import { http, httpList } from '@/lib/http';

export type AuthMode = 'demo' | 'oidc';

export const authKeys = {
  me: ['me'] as const,
  config: ['auth', 'config'] as const,
  demoUsers: ['auth', 'demo-users'] as const,
};

/** `quiet`: a 401 is left to the caller, not sent to the sign-in page (a read made ahead of the guard). */
function fetchMe(signal: AbortSignal | undefined, options: { quiet?: boolean } = {}): Promise<Me> {
  return http<Me>('/api/me', { signal, tenantId: null, skipUnauthenticatedRedirect: options.quiet });
}

/** The signed-in user; a 401 means nobody is signed in (the guard sends them to /login). */
export function meQueryOptions() {
  return queryOptions({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60_000,
  });
}

/**
 * The signed-in user, read before the guard asks (app/first-reads.ts) and kept where the guard looks.
 * It is not the guard's query: a 401 here is left alone, and the guard, finding nothing kept, reads
 * again and acts on its own 401 as ever (sending the person to sign in, with the reason).
 */
export async function readMeAhead(queryClient: QueryClient): Promise<Me> {
  const me = await fetchMe(undefined, { quiet: true });
  if (queryClient.getQueryData(authKeys.me) === undefined) queryClient.setQueryData(authKeys.me, me);
  return me;
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
