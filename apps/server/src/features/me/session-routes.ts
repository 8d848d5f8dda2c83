import { OkSchema, oneSchema } from '@wattle/domain/api/envelope';
import { MySessionSchema, SignedOutSessionsSchema } from '@wattle/domain/users/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookies } from '../../auth/cookies';
import { actorOf, callerOf } from '../../http/context';
import { listMySessions, signOutOtherSessions, signOutSession } from './my-sessions';

/** The signed-in person's browser sessions: list, sign out one, sign out all others (Security settings). */
export const mySessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/sessions',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['me'],
        description:
          'Your live sessions: device in plain words, IP, when started and last seen, and which is this one.',
        response: { 200: oneSchema(z.array(MySessionSchema)) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const data = await listMySessions(app.db, {
        userId: caller.user.id,
        currentSessionId: caller.sessionId,
      });
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/me/sessions/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['me'],
        description: 'Signs out one of your sessions; it is refused from its next request.',
        params: z.object({ id: z.uuid() }),
        response: { 200: OkSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { wasCurrent } = await signOutSession(app.db, {
        actor: actorOf(request),
        sessionPublicId: request.params.id,
        currentSessionId: caller.sessionId,
      });
      if (wasCurrent) clearSessionCookies(reply, app.config);
      return { success: true as const };
    },
  );

  app.delete(
    '/api/me/sessions',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['me'],
        description: 'Signs out all your sessions except this one.',
        response: { 200: oneSchema(SignedOutSessionsSchema) },
      },
    },
    async (request) => {
      const signedOut = await signOutOtherSessions(app.db, {
        actor: actorOf(request),
        currentSessionId: callerOf(request).sessionId,
      });
      return { success: true as const, data: { signedOut } };
    },
  );
};
