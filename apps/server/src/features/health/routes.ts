import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthSchema = z.object({
  success: z.boolean(),
  data: z.object({
    status: z.enum(['ok', 'unavailable']),
    database: z.object({
      kind: z.enum(['pglite', 'postgres']),
      reachable: z.boolean(),
      latencyMs: z.number(),
    }),
  }),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { auth: 'public' },
      schema: { tags: ['health'], response: { 200: HealthSchema, 503: HealthSchema } },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const started = performance.now();
      let reachable = true;
      try {
        await Promise.race([
          app.dbHandle.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
        ]);
      } catch {
        reachable = false;
      }
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      reply.status(reachable ? 200 : 503);
      return {
        success: reachable,
        data: {
          status: reachable ? ('ok' as const) : ('unavailable' as const),
          database: { kind: app.dbHandle.kind, reachable, latencyMs },
        },
      };
    },
  );
};
