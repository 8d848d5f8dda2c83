import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardPlace, Card, WorkItem } from '@wattle/domain/cards/schemas';
import type { Team } from '@wattle/domain/teams/schemas';
import type { UpdateWorkflowStates } from '@wattle/domain/teams/workflow';
import { useCallback } from 'react';
import { http, isApiError } from '@/lib/http';
import { toast } from '@/ui/toast';
import { teamKeys } from '../teams/api';
import { useCurrentTenant } from '../tenants/api';
import type { WorkItemChanges } from './team-view-types';
import { WorkItemPatchQueue, workItemFromCard } from './work-item-patch-queue';
import { type WorkItemList, workItemsQueryOptions } from './work-items-query';

export { type WorkItemList, workItemKeys, workItemsQueryOptions } from './work-items-query';

export const conflictMessage = 'Someone else changed this card; the board shows their version.';

/** A team's work items, or only the caller's own (`mine`, the My Work list). */
export function useWorkItems(teamId: string, { mine }: { mine: boolean }) {
  const { tenant } = useCurrentTenant();
  return useQuery(workItemsQueryOptions(tenant.id, teamId, mine));
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

/** The fields a list of changes touches, with their values in `from`. */
function valuesOf(from: WorkItem, changes: readonly WorkItemChanges[]): WorkItemChanges {
  const values: WorkItemChanges = {};
  for (const change of changes) {
    for (const key of Object.keys(change) as (keyof WorkItemChanges)[]) {
      (values as Record<string, unknown>)[key] = from[key];
    }
  }
  return values;
}

/** One queue per query client and tenant: every view of the page saves a card through the same lane. */
const queues = new WeakMap<QueryClient, Map<string, WorkItemPatchQueue>>();

function patchQueueFor(queryClient: QueryClient, tenantId: string): WorkItemPatchQueue {
  let byTenant = queues.get(queryClient);
  if (!byTenant) {
    byTenant = new Map();
    queues.set(queryClient, byTenant);
  }
  let queue = byTenant.get(tenantId);
  if (queue) return queue;
  const listsKey = ['cards', tenantId, 'work-items'] as const;
  const setItem = (id: string, update: (item: WorkItem) => WorkItem) =>
    queryClient.setQueriesData<WorkItemList>({ queryKey: listsKey }, (lists) =>
      replaceItem(lists, id, update),
    );
  queue = new WorkItemPatchQueue({
    send: (cardId, body) =>
      http<Card>(`/api/cards/${encodeURIComponent(cardId)}`, { method: 'PATCH', body, tenantId }),
    saved: (card, still, save) => {
      // The answer replaces the guess; saves of this card still queued keep theirs on top.
      setItem(card.id, (current) => Object.assign(workItemFromCard(card, current), ...still));
      // The card page and other lists of this card read it again when next shown.
      void queryClient.invalidateQueries({ queryKey: ['cards', tenantId, 'detail', card.id] });
      // A card that came back elsewhere than the view put it means the column was renumbered (the
      // server spread it out, or this view had missed that): the lists are read again, once nothing
      // more of this card is on its way.
      const guess = save.changes.boardPosition;
      if (still.length === 0 && guess !== undefined && card.boardPosition !== guess) {
        void queryClient.invalidateQueries({ queryKey: listsKey });
      }
    },
    failed: (error, confirmed, abandoned) => {
      if (isApiError(error, 'CONFLICT')) {
        toast.error(conflictMessage);
        void queryClient.invalidateQueries({ queryKey: listsKey });
        return;
      }
      // Back to how it was last saved: only the fields these changes touched.
      const undo = valuesOf(confirmed, abandoned);
      setItem(confirmed.id, (current) => ({ ...current, ...undo }));
      toast.error('The card could not be moved', {
        description: error instanceof Error ? error.message : 'Please try again.',
      });
    },
  });
  byTenant.set(tenantId, queue);
  return queue;
}

/**
 * Saves a view's change of one work item: the cached lists show it at once, and the PATCH goes out
 * through the card's save lane (work-item-patch-queue.ts), so two quick moves of one card go one
 * after the other, each from the version the previous one saved. A change by someone else (409)
 * refetches the lists and says so; any other failure puts the card back and says why. The returned
 * promise never rejects, so a view can fire it from a drop handler.
 */
export function usePatchWorkItem(): (
  item: WorkItem,
  changes: WorkItemChanges,
  options?: { boardPlace?: BoardPlace },
) => Promise<void> {
  const queryClient = useQueryClient();
  const { tenant } = useCurrentTenant();
  const tenantId = tenant.id;

  return useCallback(
    (item: WorkItem, changes: WorkItemChanges, options: { boardPlace?: BoardPlace } = {}) => {
      const listsKey = ['cards', tenantId, 'work-items'] as const;
      // No refetch may land between the guess and the answer and undo the guess on screen.
      void queryClient.cancelQueries({ queryKey: listsKey });
      queryClient.setQueriesData<WorkItemList>({ queryKey: listsKey }, (lists) =>
        replaceItem(lists, item.id, (current) => ({ ...current, ...changes })),
      );
      return patchQueueFor(queryClient, tenantId).enqueue(item, {
        changes,
        ...(options.boardPlace ? { boardPlace: options.boardPlace } : {}),
      });
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
