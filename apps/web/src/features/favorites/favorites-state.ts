import {
  favoriteIconNameMax,
  favoriteLabelMax,
  favoritesLocalCap,
  isDisabledFavoriteRoute,
  isValidFavoritePath,
} from '@wattle/domain/favorites/rules';
import type { Favorite } from '@wattle/domain/favorites/schemas';

/**
 * The pure part of favourites: what the list shows, the optimistic changes a toggle makes before the
 * server answers, how the server's answer is reconciled, and what survives in the browser (the local
 * copy and the older version's locally kept favourites). No I/O here; use-favorites.ts does that.
 */

/** The favourites of one user in one tenant: `${userId}:${tenantId}`. */
export type FavoritesScope = `${string}:${string}`;

export function favoritesScope(userId: string, tenantId: string): FavoritesScope {
  return `${userId}:${tenantId}`;
}

/** Only active favourites whose page may be favourited (spec shell section 7, GET /api/favorites). */
export function visibleFavorites(list: readonly Favorite[]): Favorite[] {
  return list.filter((favorite) => favorite.isActive && !isDisabledFavoriteRoute(favorite.path));
}

const optimisticIdPrefix = 'optimistic:';

/** True for the stand-in shown between a click on the toggle and the server's answer. */
export function isOptimisticFavorite(favorite: Pick<Favorite, 'id'>): boolean {
  return favorite.id.startsWith(optimisticIdPrefix);
}

export interface FavoriteDraft {
  path: string;
  label: string;
  iconName?: string;
}

/** The stand-in for a favourite being added: shown at once, replaced by the server's record. */
export function optimisticFavorite(
  draft: FavoriteDraft,
  context: { userId: string; tenantId: string; now: Date },
): Favorite {
  const at = context.now.toISOString();
  return {
    id: `${optimisticIdPrefix}${draft.path}`,
    userId: context.userId,
    tenantId: context.tenantId,
    path: draft.path,
    label: draft.label,
    iconName: draft.iconName ?? null,
    addedAt: at,
    lastAccessedAt: null,
    accessCount: 0,
    isActive: true,
    createdAt: at,
    updatedAt: at,
  };
}

export function findFavorite(list: readonly Favorite[], path: string): Favorite | undefined {
  return list.find((favorite) => favorite.path === path);
}

/** The list with a favourite appended, unless its page is already there. */
export function withFavoriteAdded(list: readonly Favorite[], favorite: Favorite): Favorite[] {
  return findFavorite(list, favorite.path) ? [...list] : [...list, favorite];
}

export function withoutFavoritePath(list: readonly Favorite[], path: string): Favorite[] {
  return list.filter((favorite) => favorite.path !== path);
}

/**
 * Puts the server's record of an added favourite in place of its stand-in. `disagrees` is true when
 * the answer is not what the user asked for (another page, inactive, a disabled route): the caller
 * then reloads the list instead of trusting either side.
 */
export function reconcileAdded(
  list: readonly Favorite[],
  requestedPath: string,
  saved: Favorite,
): { list: Favorite[]; disagrees: boolean } {
  const disagrees = saved.path !== requestedPath || !saved.isActive || isDisabledFavoriteRoute(saved.path);
  const others = list.filter((favorite) => favorite.path !== requestedPath && favorite.id !== saved.id);
  const standInAt = list.findIndex((favorite) => favorite.path === requestedPath);
  if (disagrees) return { list: others, disagrees };
  const next = [...others];
  // Keep the place the stand-in had, so the sidebar does not jump.
  next.splice(standInAt === -1 ? next.length : Math.min(standInAt, next.length), 0, saved);
  return { list: next, disagrees };
}

/** The local copy keeps at most 30 favourites per user and tenant (spec shell sections 5 and 9). */
export function capLocalCopy(list: readonly Favorite[]): Favorite[] {
  return list.filter((favorite) => !isOptimisticFavorite(favorite)).slice(0, favoritesLocalCap);
}

/** All local copies, by scope, as stored; anything unreadable counts as none. */
export type LocalCopies = Record<string, Favorite[]>;

function isFavoriteLike(value: unknown): value is Favorite {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Favorite>;
  return (
    typeof candidate.id === 'string' &&
    typeof candidate.path === 'string' &&
    typeof candidate.label === 'string' &&
    typeof candidate.isActive === 'boolean'
  );
}

export function localCopyOf(stored: unknown, scope: FavoritesScope): Favorite[] | undefined {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
  const entry = (stored as Record<string, unknown>)[scope];
  if (!Array.isArray(entry)) return undefined;
  return visibleFavorites(entry.filter(isFavoriteLike)).slice(0, favoritesLocalCap);
}

/** The stored local copies with this scope's copy replaced by the given list, capped. */
export function withLocalCopy(
  stored: unknown,
  scope: FavoritesScope,
  list: readonly Favorite[],
): LocalCopies {
  const copies: LocalCopies =
    typeof stored === 'object' && stored !== null && !Array.isArray(stored)
      ? { ...(stored as LocalCopies) }
      : {};
  copies[scope] = capLocalCopy(list);
  return copies;
}

/**
 * One locally kept favourite as a create payload, trimmed, when the server would take it (the bounds
 * of `POST /api/favorites`: an in-app path of 1-500 characters, a label of 1-255, an icon name of at
 * most 50); otherwise undefined. Checked here by hand so the shell does not load a parsing library.
 */
function legacyFavoriteDraft(entry: unknown): FavoriteDraft | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { path, label, iconName } = entry as Record<string, unknown>;
  if (typeof path !== 'string' || typeof label !== 'string') return undefined;
  if (iconName !== undefined && typeof iconName !== 'string') return undefined;
  const draft = { path: path.trim(), label: label.trim(), iconName: iconName?.trim() };
  if (!isValidFavoritePath(draft.path)) return undefined;
  if (draft.label.length < 1 || draft.label.length > favoriteLabelMax) return undefined;
  if (draft.iconName !== undefined && draft.iconName.length > favoriteIconNameMax) return undefined;
  return draft;
}

/**
 * The favourites an older version of the app kept only in this browser (an array of
 * `{ path, label, iconName? }`), as create payloads: malformed entries and disabled routes skipped
 * (spec shell section 5), each page once.
 */
export function legacyFavoritesToMigrate(stored: unknown): FavoriteDraft[] {
  if (!Array.isArray(stored)) return [];
  const drafts: FavoriteDraft[] = [];
  const seen = new Set<string>();
  for (const entry of stored) {
    const draft = legacyFavoriteDraft(entry);
    if (!draft) continue;
    const { path, label, iconName } = draft;
    if (isDisabledFavoriteRoute(path) || seen.has(path)) continue;
    seen.add(path);
    drafts.push(iconName ? { path, label, iconName } : { path, label });
  }
  return drafts;
}

/** What the favourites UI says (spec shell section 8), beside the domain's 409 and disabled-route messages. */
export const favoritesUiMessages = {
  mustBeLoggedIn: 'Must be logged in to manage favorites',
  loadFailed: 'Failed to load favorites',
  updateFailed: 'Failed to update favorite',
  removeFailed: 'Failed to remove favorite',
  initialiseFailed: 'Failed to initialize favorites',
} as const;
