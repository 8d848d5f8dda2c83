import { queryOptions } from '@tanstack/react-query';
import { httpList, isApiError } from '@/lib/http';

/** Global search (spec shell sections 2 and 5): at most 20 results, after a 300 ms pause in typing. */
export const searchResultLimit = 20;
export const searchDebounceMs = 300;

/**
 * One work item found by `GET /api/search`. The cards issue builds the endpoint and fixes the full
 * record in packages/domain; the dialog needs only these fields and shows the optional ones when sent.
 */
export interface SearchResult {
  id: string;
  title: string;
  /** The visible work item id, e.g. SUN-00042. */
  workItemId?: string;
  teamName?: string;
}

function isSearchResult(value: unknown): value is SearchResult {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && typeof record.title === 'string';
}

export const searchKeys = {
  query: (tenantId: string, query: string) => ['tenant', tenantId, 'search', query] as const,
};

/**
 * The server has no search route yet: it answers 404 for the path itself (a search with no matches
 * is an empty list, never a 404).
 */
export function isSearchUnavailable(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

export function searchQueryOptions(tenantId: string, query: string) {
  return queryOptions({
    queryKey: searchKeys.query(tenantId, query),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ q: query, limit: String(searchResultLimit) });
      const { data } = await httpList<unknown>(`/api/search?${params}`, { signal, tenantId });
      return data.filter(isSearchResult).slice(0, searchResultLimit);
    },
    enabled: query.length > 0,
    staleTime: 30_000,
    retry: (failureCount, error) => !isSearchUnavailable(error) && failureCount < 3,
  });
}
