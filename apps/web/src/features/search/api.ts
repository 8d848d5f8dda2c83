import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  isSearchResultItem,
  type SearchResultItem,
  searchDebounceMs,
  searchQueryMaxLength,
  searchWords,
} from '@wattle/domain/search/rules';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { httpList } from '@/lib/http';
import { useDebouncedValue } from './use-debounced-value';

export type SearchResult = SearchResultItem;

/** Keys start with the area and the tenant, like every tenant-scoped key (features/live). */
export const searchKeys = {
  all: (tenantId: string) => ['search', tenantId] as const,
  query: (tenantId: string, query: string, limit: number) => ['search', tenantId, query, limit] as const,
};

/**
 * `GET /api/search`: the work items holding every word of `query`, newest change first. Each result
 * is checked with the domain's plain guard (no zod: the work-item box is in every page's header);
 * one the web cannot show is left out rather than breaking the list.
 */
export function searchQueryOptions(tenantId: string, query: string, limit: number) {
  return queryOptions({
    queryKey: searchKeys.query(tenantId, query, limit),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ q: query, limit: String(limit) });
      const { data } = await httpList<unknown>(`/api/search?${params}`, { signal, tenantId });
      // The box shows 8 and the dialog 20 whatever the server sends.
      return data.filter(isSearchResultItem).slice(0, limit);
    },
    staleTime: 15_000,
    // A failed search shows an empty result (spec work section 8); the next keystroke asks again.
    retry: false,
  });
}

const noResults: SearchResult[] = [];

export interface WorkItemSearch {
  /** What was typed, trimmed. */
  query: string;
  /** The answer to the latest settled query; empty while nothing was typed or when it failed. */
  results: SearchResult[];
  /** Typing has not paused yet, or the answer to the newest query is on its way. */
  isUpdating: boolean;
}

/**
 * The search both boxes run: 300 ms after typing pauses, at most `limit` results. While a newer
 * query loads the previous answer stays on screen. A query that failed shows as an empty result.
 */
export function useWorkItemSearch(text: string, limit: number): WorkItemSearch {
  const tenantId = useCurrentTenantId();
  const query = text.trim().slice(0, searchQueryMaxLength);
  const debounced = useDebouncedValue(query, searchDebounceMs);
  const search = useQuery({
    ...searchQueryOptions(tenantId ?? '', debounced, limit),
    enabled: Boolean(tenantId) && searchWords(debounced).length > 0,
    placeholderData: keepPreviousData,
  });
  if (query.length === 0) return { query, results: noResults, isUpdating: false };
  return {
    query,
    results: search.isError ? noResults : (search.data ?? noResults),
    isUpdating: query !== debounced || search.isFetching,
  };
}
