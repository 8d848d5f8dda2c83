import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { actorOf } from '../../http/context';
import { inTenant } from '../../http/tenant-scope';
import { ChangeFeed, listenForChanges } from './change-feed';
import { type EventStream, openEventStream } from './event-stream';

/**
 * `GET /api/events`: the caller's tenant's changes as server-sent events (DESIGN.md section 4). The
 * browser's EventSource cannot send headers, so this route also takes the tenant as `?tenantId=`;
 * membership is checked exactly as on every tenant route.
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  // Cached reads of the organisation are forgotten before its streams hear of the change.
  const feed = new ChangeFeed((message) => app.readCache.changed(message.tenantId));
  const open = new Set<EventStream>();
  // Whether this instance hears the database's changes right now (on Postgres its LISTEN
  // connection can drop). A stream that cannot hear them would show a stale page as live: instead
  // the open ones end and new ones are refused, so browsers poll until it listens again, then
  // reconnect with one catch-up refresh.
  let listening = false;
  const stopListening = await listenForChanges(
    app.dbHandle,
    (payload) => feed.dispatch(payload),
    app.log,
    (isListening) => {
      listening = isListening;
      app.readCache.hearing(isListening);
      if (!isListening) for (const s of open) s.close();
    },
  );

  // Streams never finish on their own, so they are ended before the server waits for requests to
  // drain on close (SIGTERM): otherwise every open tab would hold the shutdown for its full timeout.
  app.addHook('preClose', async () => {
    for (const s of open) s.close();
  });
  app.addHook('onClose', async () => {
    await stopListening();
  });

  app.get(
    '/api/events',
    {
      config: { auth: 'tenant', tenantFromQuery: true },
      schema: {
        tags: ['events'],
        description:
          'Server-sent events: `data: {"type","entity","id","version"}` for each change in the tenant that ' +
          'concerns the caller, a comment line every 25 s, and a fresh connection every 15 minutes. 503 (and ' +
          'open streams end) while this instance has lost its connection for hearing changes.',
        querystring: z.object({
          tenantId: z.uuid().optional().describe('The tenant, for clients that cannot send X-Tenant-Id'),
        }),
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('text/event-stream') },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Refuses (404) a tenant the caller may not enter before any stream is opened.
      const tenantId = await inTenant(request, async (ctx) => ctx.tenantId);
      if (!listening) {
        throw new AppError('UNAVAILABLE', 'Live updates are unavailable for the moment; try again shortly');
      }
      const events = openEventStream({
        feed,
        tenantId,
        userId: actor.id,
        onClose: () => open.delete(events),
      });
      open.add(events);
      reply.raw.on('close', () => events.close());
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // The schema documents the body as text; a stream is piped as it is, never serialised.
          .send(events.stream as unknown as string)
      );
    },
  );
};
