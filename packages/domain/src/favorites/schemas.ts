import { z } from 'zod';

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

/** True for a disabled route itself or any path beneath it (`/my-teams/x/list`), not `/dashboards`. */
export function isDisabledFavoriteRoute(path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? path;
  return disabledFavoriteRoutes.some((route) => bare === route || bare.startsWith(`${route}/`));
}

export const disabledRouteMessage = (path: string) => `Cannot favorite disabled route: ${path}`;
export const duplicateFavoriteMessage = 'This page is already in your favorites';

export const FavoriteSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  tenantId: z.uuid(),
  path: z.string().min(1).max(favoritePathMax),
  label: z.string().min(1).max(favoriteLabelMax),
  iconName: z.string().max(favoriteIconNameMax).nullable().optional(),
  addedAt: z.iso.datetime({ offset: true }),
  lastAccessedAt: z.iso.datetime({ offset: true }).nullable().optional(),
  accessCount: z.number().int().min(0),
  isActive: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Favorite = z.infer<typeof FavoriteSchema>;

/** An in-app path: starts with one slash (no `//host` or `/\host`), no control characters. */
const FavoritePathSchema = z
  .string()
  .trim()
  .min(1)
  .max(favoritePathMax)
  .refine((path) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\'), {
    message: 'Path must be a page of this app, starting with /',
  })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  .refine((path) => !/[\u0000-\u001f\u007f]/.test(path), { message: 'Path contains control characters' });

export const CreateFavoriteSchema = z.object({
  path: FavoritePathSchema,
  label: z.string().trim().min(1).max(favoriteLabelMax),
  iconName: z.string().trim().max(favoriteIconNameMax).optional(),
});
export type CreateFavorite = z.infer<typeof CreateFavoriteSchema>;

export const UpdateFavoriteSchema = z
  .object({
    label: z.string().trim().min(1).max(favoriteLabelMax).optional(),
    iconName: z.string().trim().max(favoriteIconNameMax).nullable().optional(),
    isActive: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' });
export type UpdateFavorite = z.infer<typeof UpdateFavoriteSchema>;

export const FavoritesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(favoritesPageSize),
  offset: z.coerce.number().int().min(0).default(0),
});

export const CleanupFavoritesSchema = z.object({
  disabledRoutes: z.array(z.string().min(1).max(favoritePathMax)).max(100),
});
export const CleanupResultSchema = z.object({ cleaned: z.number().int().min(0).default(0) });
