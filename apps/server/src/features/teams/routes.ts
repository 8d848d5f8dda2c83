import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import { CreateTeamSchema, TeamSchema } from '@wattle/domain/teams/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { inTenant } from '../../http/tenant-scope';
import { createTeam } from './create-team';
import { findVisibleTeams } from './team-records';

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/teams',
    { config: { auth: 'tenant' }, schema: { tags: ['teams'], response: { 200: listSchema(TeamSchema) } } },
    async (request) => {
      const data = await inTenant(request, (ctx) => findVisibleTeams(ctx));
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.get(
    '/api/teams/:idOrSlug',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['teams'],
        params: z.object({ idOrSlug: z.string().min(1).max(100) }),
        response: { 200: oneSchema(TeamSchema) },
      },
    },
    async (request) => {
      const { idOrSlug } = request.params;
      const isId = z.uuid().safeParse(idOrSlug).success;
      const [team] = await inTenant(request, (ctx) =>
        findVisibleTeams(ctx, isId ? { teamId: idOrSlug } : { slug: idOrSlug }),
      );
      if (!team) throw new AppError('NOT_FOUND', 'Team not found');
      return { success: true as const, data: team };
    },
  );

  app.post(
    '/api/teams',
    {
      config: { auth: 'tenant' },
      schema: { tags: ['teams'], body: CreateTeamSchema, response: { 201: oneSchema(TeamSchema) } },
    },
    async (request, reply) => {
      const team = await inTenant(request, async (ctx) => {
        const id = await createTeam(ctx, request.body);
        const [created] = await findVisibleTeams(ctx, { teamId: id });
        return created;
      });
      reply.status(201);
      return { success: true as const, data: team! };
    },
  );
};
