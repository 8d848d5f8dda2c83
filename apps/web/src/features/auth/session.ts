import type { QueryClient } from '@tanstack/react-query';
import { setCurrentTenantId } from '@/lib/current-tenant';
import { authKeys } from './api';

/**
 * Forgets everything cached for the signed-in user (after sign-out, an expired session or a new
 * sign-in). The sign-in page's own queries (auth mode, demo users) are not about any user and stay.
 */
export function forgetUserData(queryClient: QueryClient): void {
  setCurrentTenantId(null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.config[0] });
  queryClient.getMutationCache().clear();
}
