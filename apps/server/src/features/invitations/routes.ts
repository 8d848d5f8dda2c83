import { listSchema, OkSchema, oneSchema } from '@wattle/domain/api/envelope';
import { CreateInvitationSchema, InvitationSchema } from '@wattle/domain/invitations/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { createInvitation, deleteInvitation, listInvitations } from './invitation-service';

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/invitations',
    {
      config: { auth: 'tenant' },
      schema: { tags: ['invitations'], response: { 200: listSchema(InvitationSchema) } },
    },
    async (request) => {
      const data = await inTenant(request, listInvitations);
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.post(
    '/api/invitations',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['invitations'],
        description: 'Invite someone by email; they join at their first sign-in with that verified email.',
        body: CreateInvitationSchema,
        response: { 201: oneSchema(InvitationSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => createInvitation(ctx, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/invitations/:id',
    {
      config: { auth: 'tenant' },
      schema: { tags: ['invitations'], params: z.object({ id: z.uuid() }), response: { 200: OkSchema } },
    },
    async (request) => {
      await inTenant(request, (ctx) => deleteInvitation(ctx, request.params.id));
      return { success: true as const };
    },
  );
};
