import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  CreateTemplateSchema,
  FormTemplateSchema,
  TemplateVersionInputSchema,
  TemplateVersionQuerySchema,
} from '@wattle/domain/templates/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { inTenant } from '../../http/tenant-scope';
import { createTemplate, findTemplate, listTemplates } from './template-records';
import { copyTemplate, retireTemplate, saveTemplateVersion } from './template-versions';

const TemplateParamsSchema = z.object({ id: z.string().min(1).max(80) });

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
          "The built-in templates, then those system admins published to every tenant (latest versions), then the tenant's active custom templates. Any member may read them.",
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
        description:
          "One template by id, built-in, published or the tenant's own; `?version=n` reads a saved version of a custom or published template (a card's `templateVersion`), retired or not. 404 'Template not found'.",
        params: TemplateParamsSchema,
        querystring: TemplateVersionQuerySchema,
        response: { 200: oneSchema(FormTemplateSchema) },
      },
    },
    async (request) => {
      const { version } = request.query;
      const data = await inTenant(request, (ctx) =>
        findTemplate(ctx, request.params.id, version === undefined ? {} : { version, includeInactive: true }),
      );
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

  app.put(
    '/api/templates/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Saves an edit of one of the tenant's custom templates as its next version (tenant owners and admins); earlier versions and the cards made with them are unchanged, new cards take this one. `fromVersion` is the versionNumber the edit started from: 409 with the current template when another version was saved since. 404 for built-in and published templates (copy them instead); 409 when retired.",
        params: TemplateParamsSchema,
        body: TemplateVersionInputSchema,
        response: { 200: oneSchema(FormTemplateSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        saveTemplateVersion(ctx, request.params.id, request.body),
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/templates/:id/copy',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'Copies any template the tenant sees (built-in, published or its own; `?version=n` for a saved version) into a new custom template named "Copy of {name}", version 1.0 (tenant owners and admins). Audited.',
        params: TemplateParamsSchema,
        querystring: TemplateVersionQuerySchema,
        response: { 201: oneSchema(FormTemplateSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) =>
        copyTemplate(ctx, request.params.id, { version: request.query.version }),
      );
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/templates/:id/retire',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Retires one of the tenant's custom templates (tenant owners and admins): it takes no new cards and leaves the list; existing cards keep it. 409 when already retired. Audited.",
        params: TemplateParamsSchema,
        response: { 200: oneSchema(FormTemplateSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => retireTemplate(ctx, request.params.id));
      return { success: true as const, data };
    },
  );
};
