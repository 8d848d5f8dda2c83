import { queryOptions } from '@tanstack/react-query';
import type {
  Comment,
  CreateCommentInput,
  MentionableUser,
  ReactionKind,
} from '@wattle/domain/comments/schemas';
import type { CardFile, UploadResult } from '@wattle/domain/files/schemas';
import { ApiError, csrfCookieName, http, httpList, readCookie } from '@/lib/http';

/**
 * The comments area's one way to fetch (CONVENTIONS.md 7). Every key starts with 'comments' and the
 * tenant id, so a live change of a comment (features/live/live-query-keys.ts) refreshes them all; a
 * card's files sit under its thread's key because an upload is announced by a system comment.
 */
export const commentKeys = {
  all: (tenantId: string) => ['comments', tenantId] as const,
  thread: (tenantId: string, cardId: string) => ['comments', tenantId, cardId] as const,
  files: (tenantId: string, cardId: string) => ['comments', tenantId, cardId, 'files'] as const,
  mentionable: (tenantId: string, cardId: string, isInternal: boolean) =>
    ['comments', tenantId, cardId, 'mentionable', isInternal] as const,
};

const cardPath = (cardId: string) => `/api/cards/${encodeURIComponent(cardId)}`;
const commentPath = (cardId: string, commentId: string) =>
  `${cardPath(cardId)}/comments/${encodeURIComponent(commentId)}`;

/** A card's whole thread, oldest first (deleted comments that still have replies included). */
export function commentsQueryOptions(tenantId: string, cardId: string) {
  return queryOptions({
    queryKey: commentKeys.thread(tenantId, cardId),
    queryFn: async ({ signal }) =>
      (await httpList<Comment>(`${cardPath(cardId)}/comments`, { tenantId, signal })).data,
  });
}

/** The people the composer can mention; for an internal comment only those who may read it. */
export function mentionableQueryOptions(tenantId: string, cardId: string, isInternal: boolean) {
  return queryOptions({
    queryKey: commentKeys.mentionable(tenantId, cardId, isInternal),
    queryFn: async ({ signal }) =>
      (
        await httpList<MentionableUser>(
          `${cardPath(cardId)}/mentionable${isInternal ? '?internal=true' : ''}`,
          {
            tenantId,
            signal,
          },
        )
      ).data,
    // A team's membership changes rarely; a minute keeps the list from refetching on every '@'.
    staleTime: 60_000,
  });
}

export function cardFilesQueryOptions(tenantId: string, cardId: string) {
  return queryOptions({
    queryKey: commentKeys.files(tenantId, cardId),
    queryFn: async ({ signal }) =>
      (await httpList<CardFile>(`${cardPath(cardId)}/files`, { tenantId, signal })).data,
  });
}

export type NewComment = Pick<CreateCommentInput, 'content' | 'type' | 'isInternal' | 'mentions'> & {
  parentCommentId?: string | null;
  fieldId?: string;
};

/** POST with an Idempotency-Key: a retry after a lost answer does not post the comment twice. */
export function addComment(
  tenantId: string,
  cardId: string,
  input: NewComment,
  idempotencyKey: string,
): Promise<Comment> {
  return http<Comment>(`${cardPath(cardId)}/comments`, {
    method: 'POST',
    body: input,
    tenantId,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** The author's new text, and the whole list of mentions (the server notifies only the new ones). */
export function updateComment(
  tenantId: string,
  cardId: string,
  commentId: string,
  change: { content: string; mentions?: string[] },
) {
  return http<Comment>(commentPath(cardId, commentId), { method: 'PATCH', body: change, tenantId });
}

export function deleteComment(tenantId: string, cardId: string, commentId: string): Promise<void> {
  return http<void>(commentPath(cardId, commentId), { method: 'DELETE', tenantId });
}

export function setReaction(tenantId: string, cardId: string, commentId: string, kind: ReactionKind) {
  return http<Comment>(`${commentPath(cardId, commentId)}/reaction`, {
    method: 'PUT',
    body: { kind },
    tenantId,
  });
}

export function removeReaction(tenantId: string, cardId: string, commentId: string) {
  return http<Comment>(`${commentPath(cardId, commentId)}/reaction`, { method: 'DELETE', tenantId });
}

/**
 * POST /api/cards/{id}/files as multipart (lib/http.ts sends JSON only): the same cookie, CSRF token
 * and tenant header, and the same `ApiError` on failure, so the caller can show the server's refusal
 * ('Only PDF, DOC and DOCX files can be attached') word for word.
 */
export async function uploadCardFile(tenantId: string, cardId: string, file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Tenant-Id': tenantId };
  const csrf = readCookie(csrfCookieName);
  if (csrf) headers['X-CSRF-Token'] = csrf;
  let response: Response;
  let body:
    | { success?: boolean; data?: UploadResult; error?: { code?: string; message?: string } }
    | undefined;
  try {
    response = await fetch(`${cardPath(cardId)}/files`, {
      method: 'POST',
      headers,
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Could not reach Wattle. Check your connection and try again.');
  }
  try {
    body = (await response.json()) as typeof body;
  } catch {
    body = undefined;
  }
  if (!response.ok || body?.success !== true || !body.data) {
    throw new ApiError(
      response.status,
      (body?.error?.code as ApiError['code'] | undefined) ?? `HTTP_${response.status}`,
      body?.error?.message ?? '',
    );
  }
  return body.data;
}

/** The download address of an attachment (a plain link: the cookie signs it, the tenant rides in the query). */
export function fileDownloadUrl(url: string, tenantId: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}tenantId=${encodeURIComponent(tenantId)}`;
}
