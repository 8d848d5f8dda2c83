import { listSchema, OkSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  CleanupFavoritesSchema,
  CleanupResultSchema,
  CreateFavoriteSchema,
  FavoriteSchema,
  FavoritesQuerySchema,
  UpdateFavoriteSchema,
} from '@wattle/domain/favorites/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import {
  cleanupFavorites,
  createFavorite,
  deleteFavorite,
  listFavorites,
  recordFavoriteAccess,
  updateFavorite,
} from './favorite-service';

const Params = z.object({ id: z.uuid() });
const tags = ['favorites'];

/**
 * The caller's pinned pages in the current tenant (spec shell sections 3, 5, 7 and 8). Any member of
 * the tenant keeps their own; nobody sees or changes anyone else's (404).
 */
export const favoriteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/favorites',
    {
      config: { auth: 'tenant' },
      schema: { tags, querystring: FavoritesQuerySchema, response: { 200: listSchema(FavoriteSchema) } },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => listFavorites(ctx, { limit, offset }));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.post(
    '/api/favorites',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Pins a page. 409 'This page is already in your favourites' when it is; 400 'Cannot favourite " +
          "disabled route: {path}' for a disabled route. Honours Idempotency-Key.",
        body: CreateFavoriteSchema,
        response: { 201: oneSchema(FavoriteSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => createFavorite(ctx, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/favorites/cleanup',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: "Deletes the caller's favourites on the given routes or beneath them.",
        body: CleanupFavoritesSchema,
        response: { 200: oneSchema(CleanupResultSchema) },
      },
    },
    async (request) => {
      const cleaned = await inTenant(request, (ctx) => cleanupFavorites(ctx, request.body.disabledRoutes));
      return { success: true as const, data: { cleaned } };
    },
  );

  app.patch(
    '/api/favorites/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        params: Params,
        body: UpdateFavoriteSchema,
        response: { 200: oneSchema(FavoriteSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => updateFavorite(ctx, request.params.id, request.body));
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/favorites/:id',
    { config: { auth: 'tenant' }, schema: { tags, params: Params, response: { 200: OkSchema } } },
    async (request) => {
      await inTenant(request, (ctx) => deleteFavorite(ctx, request.params.id));
      return { success: true as const };
    },
  );

  app.post(
    '/api/favorites/:id/access',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: 'Records a visit to the pinned page: one more access, and when.',
        params: Params,
        response: { 200: oneSchema(FavoriteSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => recordFavoriteAccess(ctx, request.params.id));
      return { success: true as const, data };
    },
  );
};
