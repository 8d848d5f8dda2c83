import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import { WorkItemSchema, WorkItemsQuerySchema, workItemsMax } from '@wattle/domain/cards/schemas';
import { TeamSchema } from '@wattle/domain/teams/schemas';
import { UpdateWorkflowStatesSchema } from '@wattle/domain/teams/workflow';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { listWorkItems } from './work-items';
import { updateWorkflowStates } from './workflow-states';

const tags = ['teams'];

/** A team's work as its views show it (issue 5): the work items and the workflow columns. */
export const teamWorkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/teams/:teamId/work-items',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Every live card of a team as the board, list, calendar and roadmap show it: workflow column by column, each by board position; at most 10,000, meta.total counts them all. assigneeId=me (or a user id) keeps one person's cards. Needs read:cards on the team; 404 'Team not found' otherwise.",
        params: z.object({ teamId: z.uuid() }),
        querystring: WorkItemsQuerySchema,
        response: { 200: listSchema(WorkItemSchema) },
      },
    },
    async (request, reply) => {
      const { dataJson, total } = await inTenant(request, (ctx) =>
        listWorkItems(ctx, request.params.teamId, request.query),
      );
      // The cards are JSON already, as the database wrote them (work-items.ts): sent as they are, a
      // string with a JSON content type, which Fastify does not serialise again. The API tests check
      // the answer against the schema above.
      const meta = JSON.stringify({ total, limit: workItemsMax, offset: 0 });
      const body = `{"success":true,"data":${dataJson},"meta":${meta}}`;
      // The type provider types send() as the schema's object; the text is that object, written.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.put(
    '/api/teams/:id/workflow-states',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Replaces a team's workflow columns, in order (manage:workflow: the team's lead or a tenant admin; 403 otherwise, 404 'Team not found' for a team the caller cannot see). 409 CONFLICT with { current } when version is stale; 400 when the edit changes or removes Done, repeats an id, uses a name twice (trimmed, case ignored) or leaves no other state, with the state at fault in details[].path. Cards in a removed column move to the end of the first one, each with its own audit entry. A save that changes nothing answers the team as it is, at the same version.",
        params: z.object({ id: z.uuid() }),
        body: UpdateWorkflowStatesSchema,
        response: { 200: oneSchema(TeamSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        updateWorkflowStates(ctx, request.params.id, request.body),
      );
      return { success: true as const, data };
    },
  );
};
