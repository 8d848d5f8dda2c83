import { disabledFavoriteRoutes, favoritesPageSize } from '@wattle/domain/favorites/rules';
import type { Favorite, UpdateFavorite } from '@wattle/domain/favorites/schemas';
import { http, httpList } from '@/lib/http';
import type { FavoriteDraft } from './favorites-state';

/** `['favorites', tenantId]` is what the live feed invalidates (features/live). */
export const favoriteKeys = {
  tenant: (tenantId: string) => ['favorites', tenantId] as const,
  list: (tenantId: string, userId: string) => ['favorites', tenantId, userId] as const,
};

/** GET /api/favorites with the spec's page (30 from 0); the caller filters to what may be shown. */
export async function fetchFavorites(tenantId: string, signal?: AbortSignal): Promise<Favorite[]> {
  const query = new URLSearchParams({ limit: String(favoritesPageSize), offset: '0' });
  return (await httpList<Favorite>(`/api/favorites?${query}`, { signal, tenantId })).data;
}

export function createFavorite(tenantId: string, draft: FavoriteDraft): Promise<Favorite> {
  return http<Favorite>('/api/favorites', { method: 'POST', body: draft, tenantId });
}

export function updateFavorite(tenantId: string, id: string, changes: UpdateFavorite): Promise<Favorite> {
  return http<Favorite>(`/api/favorites/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    tenantId,
  });
}

export function deleteFavorite(tenantId: string, id: string): Promise<unknown> {
  return http<unknown>(`/api/favorites/${encodeURIComponent(id)}`, { method: 'DELETE', tenantId });
}

export function recordFavoriteAccess(tenantId: string, id: string): Promise<unknown> {
  return http<unknown>(`/api/favorites/${encodeURIComponent(id)}/access`, { method: 'POST', tenantId });
}

/** Deactivates the user's favourites on disabled routes; answers how many it cleaned. */
export async function cleanupFavorites(tenantId: string): Promise<number> {
  const result = await http<{ cleaned?: number }>('/api/favorites/cleanup', {
    method: 'POST',
    body: { disabledRoutes: [...disabledFavoriteRoutes] },
    tenantId,
  });
  return result.cleaned ?? 0;
}
