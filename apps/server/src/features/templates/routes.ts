import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import { CreateTemplateSchema, FormTemplateSchema } from '@wattle/domain/templates/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { inTenant } from '../../http/tenant-scope';
import { createTemplate, findTemplate, listTemplates } from './template-records';

const tags = ['templates'];

/** Compliance form templates: the eight built-in ones and the tenant's custom ones. */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/templates',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "The built-in templates, then the tenant's active custom templates. Any member may read them.",
        response: { 200: listSchema(FormTemplateSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => listTemplates(ctx));
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.get(
    '/api/templates/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: "One template by id, built-in or the tenant's own. 404 'Template not found'.",
        params: z.object({ id: z.string().min(1).max(80) }),
        response: { 200: oneSchema(FormTemplateSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => findTemplate(ctx, request.params.id));
      if (!data) throw new AppError('NOT_FOUND', 'Template not found');
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/templates',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Adds a custom template for the tenant (tenant owners and admins). Its id is the name's slug with a short suffix. Honours Idempotency-Key.",
        body: CreateTemplateSchema,
        response: { 201: oneSchema(FormTemplateSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => createTemplate(ctx, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );
};
