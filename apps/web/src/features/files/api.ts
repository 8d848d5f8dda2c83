import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileListQuery, StoredFile } from '@wattle/domain/files/file-list';
import { http, httpList } from '@/lib/http';

/**
 * File storage's one way to fetch (CONVENTIONS.md 7): `GET /api/files` a page at a time, and
 * `DELETE /api/files/{id}`. Every key starts with 'files' and the tenant id, so an upload or a
 * deletion anywhere (a live 'comment' change, features/live) refreshes the list.
 */
export const fileKeys = {
  all: (tenantId: string) => ['files', tenantId] as const,
  list: (tenantId: string, filters: StoredFileFilters) => ['files', tenantId, 'list', filters] as const,
};

/** What the page filters by; paging is the infinite query's cursor. */
export type StoredFileFilters = Partial<
  Pick<FileListQuery, 'q' | 'type' | 'category' | 'teamId' | 'scanStatus' | 'pastRetention'>
>;

/** Rows fetched per request while scrolling: a screenful several times over. */
export const storedFilePageSize = 100;

export interface StoredFilePage {
  data: StoredFile[];
  total: number;
  nextCursor: string | null;
}

function queryString(query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function fetchStoredFiles(
  tenantId: string,
  query: StoredFileFilters & { cursor?: string; limit: number },
  signal?: AbortSignal,
): Promise<StoredFilePage> {
  const { data, meta } = await httpList<StoredFile>(
    `/api/files${queryString({ ...query, q: query.q?.trim() })}`,
    { tenantId, signal },
  );
  // The list envelope carries the next page's cursor beside total, limit and offset.
  const nextCursor = (meta as { nextCursor?: string | null }).nextCursor ?? null;
  return { data, total: meta.total, nextCursor };
}

/** The files, newest first, a page at a time as the list scrolls (keyset cursor). */
export function storedFilesInfiniteQueryOptions(tenantId: string, filters: StoredFileFilters) {
  return infiniteQueryOptions({
    queryKey: fileKeys.list(tenantId, filters),
    queryFn: ({ pageParam, signal }) =>
      fetchStoredFiles(tenantId, { ...filters, cursor: pageParam, limit: storedFilePageSize }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The address that downloads a file (a plain link: the cookie signs it, the tenant rides in the query). */
export function storedFileUrl(
  file: Pick<StoredFile, 'url'>,
  tenantId: string,
  options: { inline?: boolean } = {},
) {
  const query = new URLSearchParams({ tenantId });
  if (options.inline) query.set('inline', 'true');
  return `${file.url}?${query.toString()}`;
}

/** Deletes a file (the uploader or a team admin; the server decides) and refreshes file storage and its card. */
export function useDeleteStoredFile(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Pick<StoredFile, 'id'>) =>
      http<void>(`/api/files/${encodeURIComponent(file.id)}`, { method: 'DELETE', tenantId }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: fileKeys.all(tenantId) }),
        queryClient.invalidateQueries({ queryKey: ['comments', tenantId] }),
        queryClient.invalidateQueries({ queryKey: ['cards', tenantId] }),
      ]),
  });
}
