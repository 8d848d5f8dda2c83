import type { Favorite } from '@wattle/domain/favorites/schemas';

// CONTRACT (issue 3, favourites helper fills this in): the shell imports these names.

export interface FavoriteInput {
  path: string;
  label: string;
  iconName?: string;
}

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
}

export function useFavorites(): FavoritesState {
  return {
    favorites: [],
    isLoading: false,
    isFavorite: () => false,
    canFavorite: () => true,
    toggle: () => {},
    recordAccess: () => {},
  };
}
