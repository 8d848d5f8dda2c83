import { oneSchema } from '@wattle/domain/api/envelope';
import { CareTeamResultSchema, CreateCareTeamSchema } from '@wattle/domain/care-teams/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTenant } from '../../http/tenant-scope';
import { deliverInvitations } from '../invitations/deliver-invitations';
import { createCareTeam } from './create-care-team';

export const careTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/care-teams',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['care-teams'],
        description:
          'The Create care team wizard in one call: participant, team, memberships and invitations, all or nothing. Invitation e-mails go out after it commits.',
        body: CreateCareTeamSchema,
        response: { 201: oneSchema(CareTeamResultSchema) },
      },
    },
    async (request, reply) => {
      const created = await inTenant(request, (ctx) => createCareTeam(ctx, request.body));
      const invitations = await deliverInvitations(request, created.toSend);
      reply.status(201);
      return { success: true as const, data: { ...created.result, invitations } };
    },
  );
};
