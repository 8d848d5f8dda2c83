import { OkSchema, oneSchema } from '@wattle/domain/api/envelope';
import { AuthConfigSchema } from '@wattle/domain/users/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeAccountAudit } from '../features/audit/write-audit';
import { callerOf } from '../http/context';
import { clearSessionCookies } from './cookies';
import { deleteSession } from './sessions';

/** Routes every sign-in mode shares: which mode is on, and sign-out. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/config',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], response: { 200: oneSchema(AuthConfigSchema) } },
    },
    async () => ({ success: true as const, data: { mode: app.config.authMode } }),
  );

  app.post(
    '/api/auth/logout',
    { config: { auth: 'user' }, schema: { tags: ['auth'], response: { 200: OkSchema } } },
    async (request, reply) => {
      const caller = callerOf(request);
      if (caller.sessionToken) await deleteSession(app.db, caller.sessionToken);
      await writeAccountAudit(app.db, {
        userId: caller.user.id,
        action: 'signed-out',
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      clearSessionCookies(reply, app.config);
      return { success: true as const };
    },
  );
};
