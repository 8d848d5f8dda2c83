/**
 * The rules of favourites that need no parsing library: limits, disabled routes and messages
 * (spec shell sections 5, 8 and 9). The web shell imports these on every page, so this module stays
 * free of zod; `schemas.ts` beside it builds the API's schemas from the same numbers.
 */

/** Spec shell sections 5 and 9: page size, offset, local cap and field limits of favourites. */
export const favoritesPageSize = 30;
export const favoritesLocalCap = 30;
export const favoritePathMax = 500;
export const favoriteLabelMax = 255;
export const favoriteIconNameMax = 50;

/** Pages that cannot be favourited, with everything beneath them (spec shell section 5, 6 entries). */
export const disabledFavoriteRoutes = [
  '/dashboard',
  '/handbook',
  '/my-teams',
  '/participants',
  '/behavior-analytics',
  '/audit-packs',
] as const;

/**
 * A team's board, list, calendar or roadmap (`/my-teams/{team}/work-board`): favourited like any page
 * (issue 18: the views people open every day), though the rest of /my-teams stays disabled as the
 * spec says (decision 0028's addendum).
 */
const teamViewPath = /^\/my-teams\/[^/]+\/(work-board|list|calendar|roadmap)$/;

/** True for a disabled route itself or any path beneath it (`/my-teams/x/bsp`), not `/dashboards`. */
export function isDisabledFavoriteRoute(path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? path;
  if (teamViewPath.test(bare)) return false;
  return disabledFavoriteRoutes.some((route) => bare === route || bare.startsWith(`${route}/`));
}

// The spec's words in Australian spelling (issue 18; decision 0028's addendum).
export const disabledRouteMessage = (path: string) => `Cannot favourite disabled route: ${path}`;
export const duplicateFavoriteMessage = 'This page is already in your favourites';

/** Why a favourite's path is refused, beside its length (the API answers these in its issues). */
export const favoritePathMessages = {
  notInApp: 'Path must be a page of this app, starting with /',
  controlCharacters: 'Path contains control characters',
} as const;

/** A page of this app: starts with one slash, so never `//host` or `/\host` (another site). */
export function isInAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function hasControlCharacters(text: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  return /[\u0000-\u001f\u007f]/.test(text);
}

/** A path a favourite may hold, once trimmed: 1-500 characters, a page of this app, printable. */
export function isValidFavoritePath(path: string): boolean {
  return (
    path.length >= 1 && path.length <= favoritePathMax && isInAppPath(path) && !hasControlCharacters(path)
  );
}
