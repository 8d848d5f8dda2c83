import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { WorkItem } from '@wattle/domain/cards/schemas';
import { httpList, type ListResult, resilientRequest } from '@/lib/http';
import { whenIdle } from '@/lib/when-idle';
import { type LoadedWorkItems, loadWorkItems, saveWorkItems } from './offline-work-items';

/**
 * The team views' one read of a team's work items (CONVENTIONS.md 7), apart from the views' code so
 * the team view route's loader can start it beside that code (issue 19: a board of 10,000 cards
 * waited for the page's chunk, then the view's, before asking). The key starts with
 * ['cards', tenantId], so a live change of any card (features/live/live-query-keys.ts) refreshes the
 * board and the other views.
 */
export const workItemKeys = {
  list: (tenantId: string, teamId: string, mine: boolean) =>
    ['cards', tenantId, 'work-items', teamId, mine] as const,
};

export type WorkItemList = LoadedWorkItems;

export function workItemsQueryOptions(tenantId: string, teamId: string, mine: boolean) {
  return queryOptions({
    queryKey: workItemKeys.list(tenantId, teamId, mine),
    queryFn: ({ signal }): Promise<WorkItemList> =>
      loadWorkItems({
        tenantId,
        teamId,
        mine,
        // The offline copy is saved when the browser is idle, after the views have drawn the list.
        defer: whenIdle,
        fetchList: async () => {
          const query = mine ? '?assigneeId=me' : '';
          const page: ListResult<WorkItem> = await httpList<WorkItem>(
            `/api/teams/${encodeURIComponent(teamId)}/work-items${query}`,
            // The spec's timeout and retries for reading the team's cards (work section 7).
            { tenantId, signal, timeoutMs: resilientRequest.timeoutMs, retries: resilientRequest.retries },
          );
          return { items: page.data, total: page.meta.total };
        },
      }),
    // The fetcher already retries as the spec says, then falls back to the saved copy.
    retry: false,
  });
}

/**
 * Keeps the offline copy of the team lists a page's first paint came with (app/first-paint-data.ts):
 * the server read them for the page, so the browser's own read, which saves the copy, never ran. Saved
 * when the browser is idle, as of when the server read them.
 */
export function keepOfflineCopiesOfFirstPaint(queryClient: QueryClient): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['cards'] })) {
    const [, tenantId, kind, teamId, mine] = query.queryKey as unknown[];
    const list = query.state.data as WorkItemList | undefined;
    if (kind !== 'work-items' || mine !== false || list?.source !== 'server') continue;
    if (typeof tenantId !== 'string' || typeof teamId !== 'string') continue;
    whenIdle(() => saveWorkItems(tenantId, teamId, list, { now: new Date(list.savedAt) }));
  }
}
