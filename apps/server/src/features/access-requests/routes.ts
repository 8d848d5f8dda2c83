import {
  CreateAccessRequestSchema,
  DecideAccessRequestSchema,
  TenantAccessRequestSchema,
} from '@wattle/domain/access-requests/schemas';
import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/context';
import { inTenant } from '../../http/tenant-scope';
import {
  decideAccessRequest,
  listMyAccessRequests,
  listTenantAccessRequests,
  requestTenantAccess,
} from './access-request-service';

const listOf = <T>(data: T[]) => ({
  success: true as const,
  data,
  meta: { total: data.length, limit: data.length, offset: 0 },
});
const Params = z.object({ id: z.uuid() });

export const accessRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/access-requests',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['access-requests'],
        description: "A system admin asks to enter a tenant; the tenant's owners and admins decide.",
        body: CreateAccessRequestSchema,
        response: { 201: oneSchema(TenantAccessRequestSchema) },
      },
    },
    async (request, reply) => {
      const data = await requestTenantAccess(app.db, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/access-requests/mine',
    {
      config: { auth: 'user' },
      schema: { tags: ['access-requests'], response: { 200: listSchema(TenantAccessRequestSchema) } },
    },
    async (request) => listOf(await listMyAccessRequests(app.db, actorOf(request))),
  );

  app.get(
    '/api/access-requests',
    {
      config: { auth: 'tenant' },
      schema: { tags: ['access-requests'], response: { 200: listSchema(TenantAccessRequestSchema) } },
    },
    async (request) => listOf(await inTenant(request, listTenantAccessRequests)),
  );

  app.post(
    '/api/access-requests/:id/decision',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['access-requests'],
        params: Params,
        body: DecideAccessRequestSchema,
        response: { 200: oneSchema(TenantAccessRequestSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        decideAccessRequest(ctx, request.params.id, request.body),
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/access-requests/:id/revocation',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['access-requests'],
        params: Params,
        body: z.object({ version: z.number().int() }),
        response: { 200: oneSchema(TenantAccessRequestSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        decideAccessRequest(ctx, request.params.id, { decision: 'revoked', version: request.body.version }),
      );
      return { success: true as const, data };
    },
  );
};
