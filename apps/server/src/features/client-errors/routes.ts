import { ClientErrorReportSchema } from '@wattle/domain/client-errors/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Render errors reported by the web app's error screen, written to the server log (and so to
 * whatever collects it). Public, because an error can happen before sign-in; rate limited; nothing
 * is stored in the database.
 */
export const clientErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/client-errors',
    {
      config: { auth: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['client-errors'],
        body: ClientErrorReportSchema,
        response: { 202: z.object({ success: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      request.log.error({ clientError: request.body }, `client error ${request.body.errorId}`);
      reply.status(202);
      return { success: true as const };
    },
  );
};
