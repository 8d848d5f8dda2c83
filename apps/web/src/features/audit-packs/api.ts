import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditPack, CreateAuditPack } from '@wattle/domain/audit-packs/schemas';
import { http, httpList } from '@/lib/http';

/**
 * Audit packs (`/api/audit-packs`, issue 16 item 6): the list with each pack's progress, asking for a
 * pack, and its download link. A change event of entity 'audit-pack' refreshes the list
 * (features/live/live-query-keys.ts); while a pack builds the list also polls, so the bar moves even
 * when the live stream is down.
 */
export const auditPackKeys = {
  all: (tenantId: string) => ['audit-packs', tenantId] as const,
  list: (tenantId: string) => ['audit-packs', tenantId, 'list'] as const,
};

/** Whether a pack is still on its way (queued or building). */
export function isBuilding(pack: Pick<AuditPack, 'status'>): boolean {
  return pack.status === 'queued' || pack.status === 'building';
}

export function auditPacksQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: auditPackKeys.list(tenantId),
    queryFn: async ({ signal }) =>
      (await httpList<AuditPack>('/api/audit-packs?limit=100', { tenantId, signal })).data,
    // Every second while one builds (paused in hidden tabs by TanStack Query's default).
    refetchInterval: (query) => (query.state.data?.some(isBuilding) ? 1000 : false),
  });
}

export function useRequestAuditPack(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAuditPack) =>
      http<{ id: string; status: AuditPack['status'] }>('/api/audit-packs', {
        method: 'POST',
        body,
        tenantId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditPackKeys.all(tenantId) }),
  });
}

/** The ZIP's link: a plain link downloads it, naming the tenant in the query (no header on a link). */
export function auditPackDownloadUrl(tenantId: string, packId: string): string {
  return `/api/audit-packs/${encodeURIComponent(packId)}/download?tenantId=${encodeURIComponent(tenantId)}`;
}
