import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptInvitationResultSchema, InvitationLink } from '@wattle/domain/care-teams/schemas';
import type { Me } from '@wattle/domain/users/schemas';
import type { z } from 'zod';
import { authKeys } from '@/features/auth/api';
import { http } from '@/lib/http';

/**
 * Invitation links (issue 13 part 5): what `/invite/{token}` shows before accepting and the accept
 * call. Both are the signed-in person's, with no tenant header: the invitee may belong to no
 * organisation yet.
 */

export type AcceptInvitationResult = z.infer<typeof AcceptInvitationResultSchema>;

export const invitationKeys = {
  link: (token: string) => ['invitation-link', token] as const,
};

export function invitationLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitationKeys.link(token),
    queryFn: ({ signal }) =>
      http<InvitationLink>(`/api/invitations/link/${encodeURIComponent(token)}`, { signal, tenantId: null }),
    // A link's standing changes only by this page's own accept (or someone withdrawing it).
    staleTime: 0,
    retry: (failureCount, error) =>
      failureCount < 2 && !(error instanceof Error && 'status' in error && Number(error.status) < 500),
  });
}

export function acceptInvitation(token: string): Promise<AcceptInvitationResult> {
  return http<AcceptInvitationResult>('/api/invitations/accept', {
    method: 'POST',
    body: { token },
    tenantId: null,
  });
}

/** The signed-in check of the invite page, asked without the app's 401 redirect: the page's guard sends them to sign in and back. */
export function fetchMeQuietly(signal?: AbortSignal): Promise<Me> {
  return http<Me>('/api/me', { signal, tenantId: null, skipUnauthenticatedRedirect: true });
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async () => {
      // The person may now belong to an organisation they did not before.
      await queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
    onError: async () => {
      // Withdrawn, expired or accepted meanwhile: show the link as it stands now.
      await queryClient.invalidateQueries({ queryKey: invitationKeys.link(token) });
    },
  });
}
