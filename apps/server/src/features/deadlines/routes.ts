import { listSchema } from '@wattle/domain/api/envelope';
import { DeadlineListItemSchema, DeadlineListQuerySchema } from '@wattle/domain/deadlines/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTenant } from '../../http/tenant-scope';
import { listDeadlines } from './list-deadlines';

const tags = ['deadlines'];

/** The Commission deadlines (issue 16 item 2): kept by the services of their items, read here. */
export const deadlineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/deadlines',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'A page of Commission deadlines, soonest due first, filtered by participantId, teamId, kind and status ' +
          "(open: not met; overdue: not met and past due; due-soon: not met and due within 7 days; met). Each carries its status now and its participant's and team's names. " +
          'Readers: whoever reads the item on its team: plan deadlines with read:cards (a family guardian only the review of a plan shared with family), ' +
          'incident deadlines with read:incidents (never family guardians), the monthly restrictive practice report with read:restrictive-practices; ' +
          'owners, admins and auditors every team. Deadlines the caller may not read are left out, so the list may be empty, never 403.',
        querystring: DeadlineListQuerySchema,
        response: { 200: listSchema(DeadlineListItemSchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => listDeadlines(ctx, request.query));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );
};
