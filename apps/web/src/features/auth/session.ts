import type { QueryClient } from '@tanstack/react-query';
import { forgetCareTeamDrafts } from '@/features/care-teams/forget-care-team-drafts';
import { forgetCommentDrafts } from '@/features/comments/forget-comment-drafts';
import { forgetParticipantDrafts } from '@/features/participants/forget-participant-drafts';
import { setCurrentTenantId } from '@/lib/current-tenant';
import { authKeys } from './api';

/**
 * Why the signed-in user's data is being forgotten. Unsent comments (kept in this browser under the
 * person's id) go at sign-out; when the session merely ended they stay for the same person to sign
 * in again, and go once someone else signs in.
 */
export type ForgetReason =
  | { kind: 'signed-out' }
  | { kind: 'session-ended' }
  | { kind: 'signed-in'; userId: string };

/**
 * Forgets everything cached for the signed-in user (after sign-out, an expired session or a new
 * sign-in). The sign-in page's own queries (auth mode, demo users) are not about any user and stay.
 */
export function forgetUserData(queryClient: QueryClient, reason: ForgetReason): void {
  setCurrentTenantId(null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.config[0] });
  queryClient.getMutationCache().clear();
  if (reason.kind === 'signed-out') {
    forgetCommentDrafts();
    forgetParticipantDrafts();
    forgetCareTeamDrafts();
  } else if (reason.kind === 'signed-in') {
    forgetCommentDrafts({ keepUserId: reason.userId });
    forgetParticipantDrafts({ keepUserId: reason.userId });
    forgetCareTeamDrafts({ keepUserId: reason.userId });
  }
}
