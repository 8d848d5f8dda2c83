import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Card, WorkItem } from '@wattle/domain/cards/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import type { UpdateWorkflowStates } from '@wattle/domain/teams/workflow';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { http, httpList, isApiError, type ListResult, resilientRequest } from '@/lib/http';
import { teamKeys } from '../teams/api';
import { useCurrentTenant } from '../tenants/api';
import { type LoadedWorkItems, loadWorkItems } from './offline-work-items';
import type { WorkItemChanges } from './team-view-types';

/**
 * The team views' one way to fetch (CONVENTIONS.md 7). The key starts with ['cards', tenantId], so a
 * live change of any card (features/live/live-query-keys.ts) refreshes the board and the other views.
 */
export const workItemKeys = {
  list: (tenantId: string, teamId: string, mine: boolean) =>
    ['cards', tenantId, 'work-items', teamId, mine] as const,
};

export type WorkItemList = LoadedWorkItems;

export const conflictMessage = 'Someone else changed this card; the board shows their version.';

/** Saves the offline copy when the browser is idle, after the views have drawn the list. */
function whenIdle(task: () => void): void {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
    window.requestIdleCallback(task, { timeout: 1000 });
  } else {
    setTimeout(task, 0);
  }
}

export function workItemsQueryOptions(tenantId: string, teamId: string, mine: boolean) {
  return queryOptions({
    queryKey: workItemKeys.list(tenantId, teamId, mine),
    queryFn: ({ signal }): Promise<WorkItemList> =>
      loadWorkItems({
        tenantId,
        teamId,
        mine,
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

/** A team's work items, or only the caller's own (`mine`, the My Work list). */
export function useWorkItems(teamId: string, { mine }: { mine: boolean }) {
  const { tenant } = useCurrentTenant();
  return useQuery(workItemsQueryOptions(tenant.id, teamId, mine));
}

/** The saved card as a work item: the same fields, its compliance flattened as the list has it. */
export function workItemFromCard(card: Card, previous: WorkItem): WorkItem {
  return {
    ...previous,
    workflowStateId: card.workflowStateId,
    boardPosition: card.boardPosition,
    startDate: card.startDate,
    dueDate: card.dueDate,
    status: card.status,
    state: card.state,
    title: card.title,
    priority: card.priority,
    assigneeId: card.assigneeId,
    version: card.version,
    updatedAt: card.updatedAt,
    isCompliant: card.compliance.isCompliant,
    completion: card.compliance.completion,
  };
}

/** Replaces one item in every cached work-item list of the tenant that holds it. */
function replaceItem(
  lists: WorkItemList | undefined,
  id: string,
  update: (item: WorkItem) => WorkItem,
): WorkItemList | undefined {
  if (!lists) return lists;
  let changed = false;
  const items = lists.items.map((item) => {
    if (item.id !== id) return item;
    changed = true;
    return update(item);
  });
  return changed ? { ...lists, items } : lists;
}

/**
 * Saves a view's change of one work item: the cached lists show it at once, the PATCH carries the
 * version the item was shown at, and the answer (the new version) replaces the guess. A stale version
 * (409) refetches the lists and says so; any other failure puts the item back and says why. The
 * returned function never rejects, so a view can fire it from a drop handler.
 */
export function usePatchWorkItem(): (item: WorkItem, changes: WorkItemChanges) => Promise<void> {
  const queryClient = useQueryClient();
  const { tenant } = useCurrentTenant();
  const tenantId = tenant.id;

  return useCallback(
    async (item: WorkItem, changes: WorkItemChanges) => {
      const listsKey = ['cards', tenantId, 'work-items'] as const;
      // No refetch may land between the guess and the answer and undo the guess on screen.
      await queryClient.cancelQueries({ queryKey: listsKey });
      queryClient.setQueriesData<WorkItemList>({ queryKey: listsKey }, (lists) =>
        replaceItem(lists, item.id, (current) => ({ ...current, ...changes })),
      );
      try {
        const card = await http<Card>(`/api/cards/${encodeURIComponent(item.id)}`, {
          method: 'PATCH',
          body: { version: item.version, ...changes },
          tenantId,
        });
        queryClient.setQueriesData<WorkItemList>({ queryKey: listsKey }, (lists) =>
          replaceItem(lists, item.id, (current) => workItemFromCard(card, current)),
        );
        // The card page and other lists of this card read it again when next shown.
        void queryClient.invalidateQueries({ queryKey: ['cards', tenantId, 'detail', item.id] });
        // A card that came back elsewhere than it was put means the server spread its crowded column
        // out (every card moved): the lists are read again rather than waiting for the live event.
        if (changes.boardPosition !== undefined && card.boardPosition !== changes.boardPosition) {
          void queryClient.invalidateQueries({ queryKey: listsKey });
        }
      } catch (error) {
        if (isApiError(error, 'CONFLICT')) {
          toast.error(conflictMessage);
          await queryClient.invalidateQueries({ queryKey: listsKey });
          return;
        }
        // Back to how it was: only the fields this change touched, so a later move of the same card
        // that already succeeded is not undone with it.
        const undo: WorkItemChanges = {};
        for (const key of Object.keys(changes) as (keyof WorkItemChanges)[]) {
          (undo as Record<string, unknown>)[key] = item[key];
        }
        queryClient.setQueriesData<WorkItemList>({ queryKey: listsKey }, (lists) =>
          replaceItem(lists, item.id, (current) => ({ ...current, ...undo })),
        );
        toast.error('The card could not be moved', {
          description: error instanceof Error ? error.message : 'Please try again.',
        });
      }
    },
    [queryClient, tenantId],
  );
}

/**
 * `PUT /api/teams/{id}/workflow-states`: saves a team's columns. On success the teams list holds the
 * new team at once (the board draws its columns from it).
 */
export function useSaveWorkflow(team: Team) {
  const queryClient = useQueryClient();
  const { tenant } = useCurrentTenant();
  return useMutation({
    mutationFn: (body: UpdateWorkflowStates) =>
      http<Team>(`/api/teams/${encodeURIComponent(team.id)}/workflow-states`, {
        method: 'PUT',
        body,
        tenantId: tenant.id,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData<Team[]>(teamKeys.list(tenant.id), (teams) =>
        teams?.map((candidate) => (candidate.id === saved.id ? saved : candidate)),
      );
      void queryClient.invalidateQueries({ queryKey: teamKeys.list(tenant.id) });
    },
    onError: (error) => {
      // Someone else saved the team meanwhile: read it again so the next try starts from theirs.
      if (isApiError(error, 'CONFLICT'))
        void queryClient.invalidateQueries({ queryKey: teamKeys.list(tenant.id) });
    },
  });
}
