import { listSchema, OkSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  AcceptInvitationResultSchema,
  AcceptInvitationSchema,
  InvitationLinkSchema,
  TeamInvitationSchema,
} from '@wattle/domain/care-teams/schemas';
import { CreateInvitationSchema, InvitationSchema } from '@wattle/domain/invitations/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/context';
import { inTenant } from '../../http/tenant-scope';
import { deliverInvitations } from './deliver-invitations';
import { acceptInvitationLink, readInvitationLink } from './invitation-link-service';
import { createInvitation, listInvitations } from './invitation-service';
import { resendInvitation, revokeInvitation } from './manage-invitation';

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
        description:
          "Invite someone by email; they join at their first sign-in with that verified email. 403 LIMIT_REACHED when the subscription's people limit is reached (checked again when they accept).",
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
      schema: {
        tags: ['invitations'],
        description:
          'Withdraws an invitation (tenant admins; team leads for their teams). Its link stops working.',
        params: z.object({ id: z.uuid() }),
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await inTenant(request, (ctx) => revokeInvitation(ctx, request.params.id));
      return { success: true as const };
    },
  );

  app.post(
    '/api/invitations/:id/resend',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['invitations'],
        description:
          'A new link for a team invitation, expiring 14 days from now; e-mailed, or answered as inviteUrl when no SMTP server is configured.',
        params: z.object({ id: z.uuid() }),
        response: { 200: oneSchema(TeamInvitationSchema) },
      },
    },
    async (request) => {
      const toSend = await inTenant(request, (ctx) => resendInvitation(ctx, request.params.id));
      const [data] = await deliverInvitations(request, toSend);
      return { success: true as const, data: data! };
    },
  );

  app.get(
    '/api/invitations/link/:token',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['invitations'],
        description: 'Where an invitation link leads, for the signed-in person (no tenant header).',
        params: z.object({ token: z.string().min(20).max(200) }),
        response: { 200: oneSchema(InvitationLinkSchema) },
      },
    },
    async (request) => {
      const data = await readInvitationLink(request.server.db, actorOf(request), request.params.token);
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/invitations/accept',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['invitations'],
        description: 'Accepts an invitation link sent to the signed-in person’s e-mail (no tenant header).',
        body: AcceptInvitationSchema,
        response: { 200: oneSchema(AcceptInvitationResultSchema) },
      },
    },
    async (request) => {
      const data = await acceptInvitationLink(request.server.db, actorOf(request), request.body.token);
      return { success: true as const, data };
    },
  );
};
