import { z } from 'zod';
import {
  favoriteIconNameMax,
  favoriteLabelMax,
  favoritePathMax,
  favoritePathMessages,
  favoritesPageSize,
  hasControlCharacters,
  isInAppPath,
} from './rules';

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
  .refine(isInAppPath, { message: favoritePathMessages.notInApp })
  .refine((path) => !hasControlCharacters(path), { message: favoritePathMessages.controlCharacters });

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
