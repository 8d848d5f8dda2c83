import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@wattle/domain/comments/schemas';
import type { MeetingReview } from '@wattle/domain/meeting-reviews/schemas';
import { commentKeys } from '@/features/comments/api';
import { http } from '@/lib/http';

/**
 * Meeting Reviews' one way to fetch (CONVENTIONS.md 7): GET /api/teams/{id}/meeting-review. The key
 * starts with 'meeting-review' and the tenant; a saved note refetches it.
 */
export const meetingReviewKeys = {
  all: (tenantId: string) => ['meeting-review', tenantId] as const,
  team: (tenantId: string, teamId: string, days: number) =>
    ['meeting-review', tenantId, teamId, days] as const,
};

export function meetingReviewQueryOptions(tenantId: string, teamId: string, days: number) {
  return queryOptions({
    queryKey: meetingReviewKeys.team(tenantId, teamId, days),
    queryFn: ({ signal }) =>
      http<MeetingReview>(`/api/teams/${encodeURIComponent(teamId)}/meeting-review?days=${days}`, {
        tenantId,
        signal,
      }),
  });
}

/** The agenda PDF's address (a plain link: the cookie signs it, the tenant rides in the query). */
export function meetingAgendaUrl(tenantId: string, teamId: string, days: number): string {
  return `/api/teams/${encodeURIComponent(teamId)}/meeting-review/agenda.pdf?days=${days}&tenantId=${encodeURIComponent(tenantId)}`;
}

/**
 * Saves a meeting note to a card through the comments feature: a review comment marked as a
 * meeting review, open to the card's team. An Idempotency-Key keeps a retried save from posting twice.
 */
export function useSaveMeetingNote(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: { cardId: string; content: string; idempotencyKey: string }) =>
      http<Comment>(`/api/cards/${encodeURIComponent(note.cardId)}/comments`, {
        method: 'POST',
        tenantId,
        body: { content: note.content, type: 'review', isMeetingReview: true },
        headers: { 'Idempotency-Key': note.idempotencyKey },
      }),
    onSettled: (_data, _error, note) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meetingReviewKeys.all(tenantId) }),
        queryClient.invalidateQueries({ queryKey: commentKeys.thread(tenantId, note.cardId) }),
      ]),
  });
}
