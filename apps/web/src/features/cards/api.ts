import { queryOptions } from '@tanstack/react-query';
import type {
  Card,
  CardAuditEntry,
  CardListQuery,
  CreateCardInput,
  PatchCardInput,
} from '@wattle/domain/cards/schemas';
import type { FormTemplate } from '@wattle/domain/templates/schemas';
import { http, httpList, type ListResult } from '@/lib/http';

/**
 * The cards area's one way to fetch (CONVENTIONS.md 7). Every key starts with the area and the tenant
 * id, so a live change of a card (features/live/live-query-keys.ts) refreshes all of them.
 */
export const cardKeys = {
  all: (tenantId: string) => ['cards', tenantId] as const,
  list: (tenantId: string, query: Partial<CardListQuery>) => ['cards', tenantId, 'list', query] as const,
  detail: (tenantId: string, id: string) => ['cards', tenantId, 'detail', id] as const,
  audit: (tenantId: string, id: string) => ['cards', tenantId, 'audit', id] as const,
};

export const templateKeys = {
  list: (tenantId: string) => ['templates', tenantId] as const,
};

function searchParams(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function cardQueryOptions(tenantId: string, id: string) {
  return queryOptions({
    queryKey: cardKeys.detail(tenantId, id),
    queryFn: ({ signal }) => http<Card>(`/api/cards/${encodeURIComponent(id)}`, { tenantId, signal }),
  });
}

export function templatesQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: templateKeys.list(tenantId),
    queryFn: async ({ signal }) =>
      (await httpList<FormTemplate>('/api/templates', { tenantId, signal })).data,
    // Templates change rarely; a tenant admin's new one arrives on the next visit.
    staleTime: 5 * 60_000,
  });
}

export function fetchCardAudit(
  tenantId: string,
  id: string,
  options: { before?: string; limit?: number; signal?: AbortSignal } = {},
): Promise<ListResult<CardAuditEntry>> {
  return httpList<CardAuditEntry>(
    `/api/cards/${encodeURIComponent(id)}/audit${searchParams({ before: options.before, limit: options.limit })}`,
    { tenantId, signal: options.signal },
  );
}

export function createCard(tenantId: string, input: CreateCardInput, idempotencyKey: string): Promise<Card> {
  return http<Card>('/api/cards', {
    method: 'POST',
    body: input,
    tenantId,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * `PATCH /api/cards/{id}`. `keepalive` lets the save outlive the page (the field-save queue sends
 * every change so, and closing the tab mid-save still delivers it).
 */
export function patchCard(
  tenantId: string,
  id: string,
  patch: PatchCardInput,
  options: { keepalive?: boolean } = {},
): Promise<Card> {
  return http<Card>(`/api/cards/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: patch,
    tenantId,
    keepalive: options.keepalive,
  });
}

export function deleteCard(tenantId: string, id: string, version: number): Promise<void> {
  return http<void>(`/api/cards/${encodeURIComponent(id)}?version=${version}`, {
    method: 'DELETE',
    tenantId,
  });
}

/** The address of a card's PDF (GET, same-origin cookie, tenant in the query for a plain download). */
export function cardPdfUrl(tenantId: string, id: string): string {
  return `/api/cards/${encodeURIComponent(id)}/pdf?tenantId=${encodeURIComponent(tenantId)}`;
}
