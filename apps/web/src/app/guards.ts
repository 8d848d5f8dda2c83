import type { QueryClient } from '@tanstack/react-query';
import { type ParsedLocation, redirect } from '@tanstack/react-router';
import type { TenantSummary } from '@wattle/domain/tenants/schemas';
import type { Me } from '@wattle/domain/users/schemas';
import { meQueryOptions } from '@/features/auth/api';
import { forgetCommentDrafts } from '@/features/comments/forget-comment-drafts';
import { forgetParticipantDrafts } from '@/features/participants/forget-participant-drafts';
import {
  prefetchTenantsBesideSignIn,
  resolveCurrentTenant,
  tenantsQueryOptions,
} from '@/features/tenants/api';
import { isApiError } from '@/lib/http';

/**
 * Route guards (spec shell section 2): signed in, has a tenant, verified. Each runs in a route's
 * `beforeLoad` and either returns what it learned or throws a redirect.
 */

/** Signed in, else /login. The signed-in check is never skipped (DESIGN.md section 7). */
export async function requireSignedIn(queryClient: QueryClient): Promise<Me> {
  prefetchTenantsBesideSignIn(queryClient);
  try {
    const me = await queryClient.ensureQueryData(meQueryOptions());
    // Unsent comments and participant forms of anyone else who used this browser go (an OIDC
    // sign-in passes no sign-in page).
    forgetCommentDrafts({ keepUserId: me.id });
    forgetParticipantDrafts({ keepUserId: me.id });
    return me;
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect({ to: '/login' });
    throw error;
  }
}

/** A member of at least one tenant, else /onboarding. Makes the default tenant current. */
export async function requireTenant(
  queryClient: QueryClient,
  me: Me,
): Promise<{ tenant: TenantSummary; tenants: TenantSummary[] }> {
  const tenants = await queryClient.ensureQueryData(tenantsQueryOptions());
  const tenant = resolveCurrentTenant(me.id, tenants);
  if (!tenant) throw redirect({ to: '/onboarding' });
  return { tenant, tenants };
}

/** Verified, else /verification-required, which comes back here afterwards. For participant data. */
export function requireVerified(me: Me, location: ParsedLocation): void {
  if (!me.isVerified) throw redirect({ to: '/verification-required', search: { redirect: location.href } });
}

/** A path inside this app to return to, or undefined for anything else (no open redirects). */
export function safeReturnPath(value: unknown): string | undefined {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    return undefined;
  }
  return value;
}
