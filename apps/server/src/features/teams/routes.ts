import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  AddTeamMemberResultSchema,
  AddTeamMemberSchema,
  TeamInvitationSchema,
} from '@wattle/domain/care-teams/schemas';
import {
  CreateTeamSchema,
  ShareTeamSchema,
  TeamGuestSchema,
  TeamSchema,
  UpdateTeamMemberSchema,
  UpdateTeamSchema,
} from '@wattle/domain/teams/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { inTenant } from '../../http/tenant-scope';
import { deliverInvitations } from '../invitations/deliver-invitations';
import { addMemberByEmail } from './add-member-by-email';
import { createTeam } from './create-team';
import { listTeamInvitations } from './list-team-invitations';
import { changeMemberRole, removeMember } from './team-members';
import { findVisibleTeams } from './team-records';
import { listTeamGuests, setTeamShared } from './team-shares';
import { updateTeam } from './update-team';

const teamParams = z.object({ id: z.uuid() });
const teamMemberParams = z.object({ id: z.uuid(), userId: z.uuid() });

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/teams',
    {
      config: { auth: 'tenant', readCache: true },
      schema: { tags: ['teams'], response: { 200: listSchema(TeamSchema) } },
    },
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
      schema: {
        tags: ['teams'],
        description:
          "Creates a team (create:teams). 403 LIMIT_REACHED, naming the limit, when the organisation's subscription allows no more active teams.",
        body: CreateTeamSchema,
        response: { 201: oneSchema(TeamSchema) },
      },
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

  // Team configuration (issue 13 part 6): team leads and tenant admins (manage:team).
  app.patch(
    '/api/teams/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['teams'],
        description:
          "Renames a team, archives it or brings it back; 409 with the current team on a stale version; 403 LIMIT_REACHED when bringing it back would pass the subscription's team limit.",
        params: teamParams,
        body: UpdateTeamSchema,
        response: { 200: oneSchema(TeamSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => updateTeam(ctx, request.params.id, request.body));
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/teams/:id/invitations',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['teams'],
        description: "The team's pending invitations (never their links).",
        params: teamParams,
        response: { 200: listSchema(TeamInvitationSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => listTeamInvitations(ctx, request.params.id));
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.post(
    '/api/teams/:id/members',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['teams'],
        description:
          "Adds someone by e-mail: a member at once when they have an account, otherwise an invitation (e-mailed, or its link answered when no SMTP server is configured). 403 LIMIT_REACHED when someone new would pass the subscription's people limit.",
        params: teamParams,
        body: AddTeamMemberSchema,
        response: { 201: oneSchema(AddTeamMemberResultSchema) },
      },
    },
    async (request, reply) => {
      const added = await inTenant(request, (ctx) => addMemberByEmail(ctx, request.params.id, request.body));
      const [invitation] = await deliverInvitations(request, added.toSend);
      reply.status(201);
      return {
        success: true as const,
        data: { addedMember: added.addedMember, invitation: invitation ?? null },
      };
    },
  );

  app.patch(
    '/api/teams/:id/members/:userId',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['teams'],
        description: "Changes a member's team role; the last Team Lead of a team with other members stays.",
        params: teamMemberParams,
        body: UpdateTeamMemberSchema,
        response: { 200: oneSchema(TeamSchema) },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      const data = await inTenant(request, (ctx) => changeMemberRole(ctx, id, userId, request.body.role));
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/teams/:id/members/:userId',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['teams'],
        description: 'Takes someone off the team; their cards, comments and time stay, attributed to them.',
        params: teamMemberParams,
        response: { 200: oneSchema(TeamSchema) },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      const data = await inTenant(request, (ctx) => removeMember(ctx, id, userId));
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/teams/:id/shares',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['teams'],
        description: "The organisation's guests and whether this team is shared with each.",
        params: teamParams,
        response: { 200: listSchema(TeamGuestSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => listTeamGuests(ctx, request.params.id));
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.post(
    '/api/teams/:id/shares',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['teams'],
        description: 'Shares the team with a guest of the organisation.',
        params: teamParams,
        body: ShareTeamSchema,
        response: { 200: oneSchema(TeamSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        setTeamShared(ctx, request.params.id, request.body.userId, true),
      );
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/teams/:id/shares/:userId',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['teams'],
        description: 'Stops sharing the team with a guest.',
        params: teamMemberParams,
        response: { 200: oneSchema(TeamSchema) },
      },
    },
    async (request) => {
      const { id, userId } = request.params;
      const data = await inTenant(request, (ctx) => setTeamShared(ctx, id, userId, false));
      return { success: true as const, data };
    },
  );
};
