import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiToken } from '@wattle/domain/users/schemas';
import type { MySession } from '@wattle/domain/users/sessions';
import { http } from '@/lib/http';

/**
 * The signed-in person's sessions (`/api/me/sessions`) and personal API tokens (`/api/me/tokens`):
 * theirs whatever organisation is current, so neither key nor call names a tenant.
 */
export const securityKeys = {
  sessions: ['me', 'sessions'] as const,
  tokens: ['me', 'tokens'] as const,
};

export function mySessionsQueryOptions() {
  return queryOptions({
    queryKey: securityKeys.sessions,
    queryFn: ({ signal }) => http<MySession[]>('/api/me/sessions', { signal, tenantId: null }),
  });
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      http<unknown>(`/api/me/sessions/${sessionId}`, { method: 'DELETE', tenantId: null }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http<{ signedOut: number }>('/api/me/sessions', { method: 'DELETE', tenantId: null }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions }),
  });
}

export function myTokensQueryOptions() {
  return queryOptions({
    queryKey: securityKeys.tokens,
    queryFn: ({ signal }) => http<ApiToken[]>('/api/me/tokens', { signal, tenantId: null }),
  });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; expiresInDays?: number }) =>
      http<ApiToken & { token: string }>('/api/me/tokens', { method: 'POST', body, tenantId: null }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.tokens }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      http<unknown>(`/api/me/tokens/${tokenId}`, { method: 'DELETE', tenantId: null }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.tokens }),
  });
}
