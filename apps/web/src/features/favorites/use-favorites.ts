import {
  type QueryClient,
  queryOptions,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  disabledRouteMessage,
  duplicateFavoriteMessage,
  isDisabledFavoriteRoute,
} from '@wattle/domain/favorites/rules';
import type { Favorite } from '@wattle/domain/favorites/schemas';
import { useCallback, useEffect, useMemo } from 'react';
import { meQueryOptions } from '@/features/auth/api';
import { useCurrentTenantId } from '@/lib/current-tenant';
import { isApiError } from '@/lib/http';
import { readStoredJson, storageKeys, writeStoredJson } from '@/lib/storage-keys';
import { toast } from '@/ui/toast';
import {
  cleanupFavorites,
  createFavorite,
  deleteFavorite,
  favoriteKeys,
  fetchFavorites,
  recordFavoriteAccess,
} from './api';
import {
  type FavoriteDraft,
  type FavoritesScope,
  favoritesScope,
  favoritesUiMessages,
  findFavorite,
  isOptimisticFavorite,
  legacyFavoritesToMigrate,
  localCopyOf,
  optimisticFavorite,
  reconcileAdded,
  visibleFavorites,
  withFavoriteAdded,
  withLocalCopy,
  withoutFavoritePath,
} from './favorites-state';

export type FavoriteInput = FavoriteDraft;

export interface FavoritesState {
  /** Active favourites of the current user in the current tenant, in sidebar order. */
  favorites: Favorite[];
  isLoading: boolean;
  isFavorite: (path: string) => boolean;
  /** False for the disabled routes of spec shell section 5. */
  canFavorite: (path: string) => boolean;
  /** Adds when absent, removes when present; optimistic, reconciled with the server. */
  toggle: (input: FavoriteInput) => void;
  /** Records a visit (POST /api/favorites/{id}/access); failures ignored. */
  recordAccess: (path: string) => void;
  /** True while a toggle of this page waits for the server (further clicks are ignored meanwhile). */
  isToggling: (path: string) => boolean;
}

// --- the local copy --------------------------------------------------------------------------------

function readLocalCopy(scope: FavoritesScope): Favorite[] | undefined {
  return localCopyOf(readStoredJson(storageKeys.favorites), scope);
}

function writeLocalCopy(scope: FavoritesScope, list: readonly Favorite[]): void {
  writeStoredJson(storageKeys.favorites, withLocalCopy(readStoredJson(storageKeys.favorites), scope, list));
}

// --- initialisation, once per user and tenant (spec shell section 4) ------------------------------

/** Retrying cannot help a 4xx answer (other than 408 and 429); a network error or a 5xx may pass later. */
function isWorthRetrying(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

function forgetLegacyFavorites(): void {
  try {
    window.localStorage.removeItem(storageKeys.legacyFavorites);
  } catch {
    // Blocked storage: there was nothing readable to migrate either.
  }
}

/**
 * Moves the favourites an older version kept in this browser to the server: each is created (a 409
 * means it is there already), then the local list is removed. Entries that failed for a reason that
 * may pass (offline, 5xx) stay for the next start; the caller reports the failure.
 */
async function migrateLegacyFavorites(tenantId: string): Promise<void> {
  const stored = readStoredJson(storageKeys.legacyFavorites);
  if (stored === undefined) return;
  const drafts = legacyFavoritesToMigrate(stored);
  const kept: FavoriteDraft[] = [];
  for (const draft of drafts) {
    try {
      await createFavorite(tenantId, draft);
    } catch (error) {
      if (isApiError(error) && error.status === 409) continue;
      if (isWorthRetrying(error)) kept.push(draft);
    }
  }
  if (kept.length > 0) {
    writeStoredJson(storageKeys.legacyFavorites, kept);
    throw new Error(`${kept.length} locally stored favourite(s) could not be migrated yet`);
  }
  forgetLegacyFavorites();
}

const migrations = new Map<FavoritesScope, Promise<void>>();
const cleanedUpScopes = new Set<FavoritesScope>();

/**
 * The migration of this user's locally kept favourites in this tenant, begun on first call; nothing
 * when none are kept, so the list's read is not held back a turn (issue 19: the first reads go out
 * while the app's code is still running, and a turn then lasts until all of it has run).
 */
function migrateOnce(scope: FavoritesScope, tenantId: string): Promise<void> | undefined {
  let migration = migrations.get(scope);
  if (!migration) {
    if (readStoredJson(storageKeys.legacyFavorites) === undefined) return undefined;
    migration = migrateLegacyFavorites(tenantId).catch(() => {
      toast.error(favoritesUiMessages.initialiseFailed, { id: 'favorites-initialise' });
    });
    migrations.set(scope, migration);
  }
  return migration;
}

/**
 * Deactivates the favourites on disabled routes on the server, once per user and tenant, and reloads
 * the list when it cleaned any. It runs after the list has loaded, not before it is drawn: the list
 * shown leaves those routes out already (`visibleFavorites`), and waiting for this write held back
 * the first drawing of every page by a round trip (issue 19).
 */
async function cleanUpOnce(client: QueryClient, scope: FavoritesScope, tenantId: string, userId: string) {
  if (cleanedUpScopes.has(scope)) return;
  cleanedUpScopes.add(scope);
  try {
    if ((await cleanupFavorites(tenantId)) > 0) {
      await client.invalidateQueries({ queryKey: favoriteKeys.list(tenantId, userId), exact: true });
    }
  } catch {
    toast.error(favoritesUiMessages.initialiseFailed, { id: 'favorites-initialise' });
  }
}

/**
 * The first load of a user's favourites in a tenant migrates the locally kept ones, loads the list,
 * then cleans up disabled routes (spec shell section 4). Every load keeps the local copy up to date.
 */
async function loadFavorites(
  client: QueryClient,
  tenantId: string,
  userId: string,
  signal: AbortSignal,
): Promise<Favorite[]> {
  const scope = favoritesScope(userId, tenantId);
  const migration = migrateOnce(scope, tenantId);
  if (migration) await migration;
  const visible = visibleFavorites(await fetchFavorites(tenantId, signal));
  writeLocalCopy(scope, visible);
  void cleanUpOnce(client, scope, tenantId, userId);
  return visible;
}

export function favoritesQueryOptions(tenantId: string, userId: string) {
  return queryOptions({
    queryKey: favoriteKeys.list(tenantId, userId),
    queryFn: ({ client, signal }) => loadFavorites(client, tenantId, userId, signal),
    // Loading them does more than read: it moves an older version's favourites to the server and keeps
    // the copy on this device. A page's first paint draws with the server's answer, and the browser
    // reads them again (entry-server.tsx).
    meta: { readInBrowser: true },
    // One retry, not three: the local copy is on screen meanwhile, and the failure should be said soon.
    retry: (failureCount, error) => failureCount < 1 && isWorthRetrying(error),
  });
}

// --- toggling ---------------------------------------------------------------------------------------

type ToggleVariables = { action: 'add'; draft: FavoriteDraft } | { action: 'remove'; favorite: Favorite };

function toggleMutationKey(tenantId: string | null, userId: string | undefined) {
  return ['favorites', 'toggle', tenantId, userId] as const;
}

function pathOf(variables: ToggleVariables): string {
  return variables.action === 'add' ? variables.draft.path : variables.favorite.path;
}

/** Load failures toasted already, by scope: many components read favourites, one toast is enough. */
const loadFailuresToasted = new Map<FavoritesScope, number>();

function reloadFavorites(queryClient: QueryClient, tenantId: string, userId: string): void {
  void queryClient.invalidateQueries({ queryKey: favoriteKeys.list(tenantId, userId) });
}

/**
 * The current user's favourites in the current tenant, and the operations on them (spec shell
 * sections 3, 4, 5, 7 and 8). Every component that calls it shares one query and one set of rules.
 */
export function useFavorites(): FavoritesState {
  const queryClient = useQueryClient();
  const tenantId = useCurrentTenantId();
  // Read from the cache the signed-in guard filled; never a fetch of its own (a 401 would redirect).
  const me = useQuery({ ...meQueryOptions(), enabled: false });
  const userId = me.data?.id;
  const scope = tenantId && userId ? favoritesScope(userId, tenantId) : null;

  const query = useQuery({
    ...favoritesQueryOptions(tenantId ?? '', userId ?? ''),
    enabled: scope !== null,
    // Shown at once from the local copy while the first load runs.
    placeholderData: () => (scope ? readLocalCopy(scope) : undefined),
  });

  // When loading fails (after its retries) the list falls back to the local copy, and says so once.
  const hasFailed = query.isError && query.data === undefined;
  const localCopy = useMemo(
    () => (hasFailed && scope ? readLocalCopy(scope) : undefined),
    [hasFailed, scope],
  );
  useEffect(() => {
    if (!hasFailed || !scope || loadFailuresToasted.get(scope) === query.errorUpdatedAt) return;
    loadFailuresToasted.set(scope, query.errorUpdatedAt);
    toast.error(favoritesUiMessages.loadFailed, { id: 'favorites-load' });
  }, [hasFailed, scope, query.errorUpdatedAt]);

  const favorites = useMemo(() => query.data ?? localCopy ?? [], [query.data, localCopy]);

  const mutationKey = toggleMutationKey(tenantId, userId);
  const togglingPaths = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => pathOf(mutation.state.variables as ToggleVariables),
  });

  const mutation = useMutation({
    mutationKey,
    mutationFn: async (variables: ToggleVariables): Promise<Favorite | null> => {
      if (!tenantId) throw new Error('User and tenant context must be set');
      if (variables.action === 'add') return createFavorite(tenantId, variables.draft);
      await deleteFavorite(tenantId, variables.favorite.id);
      return null;
    },
    onMutate: async (variables) => {
      if (!tenantId || !userId) return;
      const key = favoriteKeys.list(tenantId, userId);
      // A load that is under way would overwrite the optimistic list with the old one.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Favorite[]>(key, (list = []) =>
        variables.action === 'add'
          ? withFavoriteAdded(
              list,
              optimisticFavorite(variables.draft, { userId, tenantId, now: new Date() }),
            )
          : withoutFavoritePath(list, variables.favorite.path),
      );
    },
    onSuccess: (saved, variables) => {
      if (!tenantId || !userId) return;
      const key = favoriteKeys.list(tenantId, userId);
      const current = queryClient.getQueryData<Favorite[]>(key) ?? [];
      let next = current;
      if (variables.action === 'add' && saved) {
        const reconciled = reconcileAdded(current, variables.draft.path, saved);
        next = reconciled.list;
        queryClient.setQueryData(key, next);
        if (reconciled.disagrees) reloadFavorites(queryClient, tenantId, userId);
      } else if (variables.action === 'add') {
        reloadFavorites(queryClient, tenantId, userId);
      }
      writeLocalCopy(favoritesScope(userId, tenantId), next);
    },
    onError: (error, variables) => {
      if (variables.action === 'add' && isApiError(error) && error.status === 409) {
        toast.error(duplicateFavoriteMessage);
      } else {
        toast.error(
          variables.action === 'add' ? favoritesUiMessages.updateFailed : favoritesUiMessages.removeFailed,
          { description: error.message },
        );
      }
      // Whatever the server holds now is what the list should show.
      if (tenantId && userId) reloadFavorites(queryClient, tenantId, userId);
    },
  });
  const { mutate } = mutation;

  const isFavorite = useCallback((path: string) => Boolean(findFavorite(favorites, path)), [favorites]);
  const canFavorite = useCallback((path: string) => !isDisabledFavoriteRoute(path), []);
  const isToggling = useCallback((path: string) => togglingPaths.includes(path), [togglingPaths]);

  const toggle = useCallback(
    (input: FavoriteInput) => {
      if (!tenantId || !userId) {
        toast.error(favoritesUiMessages.mustBeLoggedIn);
        return;
      }
      if (isDisabledFavoriteRoute(input.path)) {
        toast.error(disabledRouteMessage(input.path));
        return;
      }
      if (togglingPaths.includes(input.path)) return;
      const current = queryClient.getQueryData<Favorite[]>(favoriteKeys.list(tenantId, userId)) ?? favorites;
      const existing = findFavorite(current, input.path);
      if (existing && !isOptimisticFavorite(existing)) mutate({ action: 'remove', favorite: existing });
      else if (!existing) mutate({ action: 'add', draft: input });
    },
    [tenantId, userId, togglingPaths, queryClient, favorites, mutate],
  );

  const recordAccess = useCallback(
    (path: string) => {
      const favorite = findFavorite(favorites, path);
      if (!tenantId || !favorite || isOptimisticFavorite(favorite)) return;
      recordFavoriteAccess(tenantId, favorite.id).catch(() => {
        // A missed visit count is not worth interrupting anyone for (spec shell section 7).
      });
    },
    [favorites, tenantId],
  );

  return {
    favorites,
    isLoading: scope !== null && query.isPending,
    isFavorite,
    canFavorite,
    toggle,
    recordAccess,
    isToggling,
  };
}
