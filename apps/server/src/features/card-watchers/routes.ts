import { oneSchema } from '@wattle/domain/api/envelope';
import { CardWatchingSchema } from '@wattle/domain/cards/watch-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { readWatching, setWatching } from './watch-card';

const CardParams = z.object({ id: z.uuid() });
const tags = ['cards'];
const response = { 200: oneSchema(CardWatchingSchema) };

/** Watching a card (issue 18): watchers are told in the inbox of the card's new comments. */
export const cardWatcherRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/cards/:id/watch',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Whether the caller watches the card, and how many people do. Whoever may open the card; 404 'Card not found' otherwise.",
        params: CardParams,
        response,
      },
    },
    async (request) => ({
      success: true as const,
      data: await inTenant(request, (ctx) => readWatching(ctx, request.params.id)),
    }),
  );

  app.put(
    '/api/cards/:id/watch',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Starts watching the card: the caller is then told in the inbox of each new comment they may read. Whoever may open the card; 404 'Card not found' otherwise. Watching twice changes nothing.",
        params: CardParams,
        response,
      },
    },
    async (request) => ({
      success: true as const,
      data: await inTenant(request, (ctx) => setWatching(ctx, request.params.id, true)),
    }),
  );

  app.delete(
    '/api/cards/:id/watch',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: "Stops watching the card. 404 'Card not found' for a card the caller cannot open.",
        params: CardParams,
        response,
      },
    },
    async (request) => ({
      success: true as const,
      data: await inTenant(request, (ctx) => setWatching(ctx, request.params.id, false)),
    }),
  );
};
