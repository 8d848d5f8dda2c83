import { listSchema, OkSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  CardBillingRuleSchema,
  CreateCardBillingRuleSchema,
  UpdateCardBillingRuleSchema,
} from '@wattle/domain/invoices/card-billing-rules';
import { PublishedTemplateSummarySchema } from '@wattle/domain/templates/published-templates';
import {
  CreateTemplateSchema,
  FormTemplateSchema,
  TemplateVersionInputSchema,
  TemplateVersionQuerySchema,
} from '@wattle/domain/templates/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/context';
import {
  createCardBillingRule,
  deleteCardBillingRule,
  listCardBillingRules,
  updateCardBillingRule,
} from './card-billing-rules';
import {
  listPublishedTemplates,
  publishNewTemplate,
  publishTemplateVersion,
  readPublishedTemplate,
  retirePublishedTemplate,
} from './published-templates';

const tags = ['templates-rules'];
const TemplateParams = z.object({ id: z.string().min(1).max(80) });
const TenantParams = z.object({ tenantId: z.uuid() });
const RuleParams = TenantParams.extend({ id: z.uuid() });
const forbidden = ' System admins only (403 otherwise).';

/**
 * Templates and rules (/templates-rules, spec shell section 2): templates published to every tenant,
 * with immutable versions, and each tenant's card billing rules. Platform routes: signed in, no
 * X-Tenant-Id; every one refuses anyone but a system admin.
 */
export const templatesRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/published-templates',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: `Every template published to all tenants, retired ones too, with its versions newest first.${forbidden}`,
        response: { 200: listSchema(PublishedTemplateSummarySchema) },
      },
    },
    async (request) => {
      const data = await listPublishedTemplates(app.db, actorOf(request));
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.post(
    '/api/published-templates',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: `Publishes a new template to every tenant as version 1.0; tenants' new cards can use it at once.${forbidden} Recorded in the system admin's account audit log.`,
        body: CreateTemplateSchema,
        response: { 201: oneSchema(FormTemplateSchema) },
      },
    },
    async (request, reply) => {
      const data = await publishNewTemplate(app.db, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/published-templates/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: `One published template, its latest version or \`?version=n\`.${forbidden} 404 'Template not found'.`,
        params: TemplateParams,
        querystring: TemplateVersionQuerySchema,
        response: { 200: oneSchema(FormTemplateSchema) },
      },
    },
    async (request) => {
      const data = await readPublishedTemplate(
        app.db,
        actorOf(request),
        request.params.id,
        request.query.version,
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/published-templates/:id/versions',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: `Publishes the next version of a template (the whole template again). Published versions never change: tenants' new cards take this one, existing cards keep theirs. \`fromVersion\` is the versionNumber the edit started from: 409 with the current template when another was published since; 409 when retired.${forbidden}`,
        params: TemplateParams,
        body: TemplateVersionInputSchema,
        response: { 201: oneSchema(FormTemplateSchema) },
      },
    },
    async (request, reply) => {
      const data = await publishTemplateVersion(app.db, actorOf(request), request.params.id, request.body);
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/published-templates/:id/retire',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: `Retires a published template: no tenant makes new cards from it; existing cards keep their version. 409 when already retired.${forbidden}`,
        params: TemplateParams,
        response: { 200: oneSchema(FormTemplateSchema) },
      },
    },
    async (request) => {
      const data = await retirePublishedTemplate(app.db, actorOf(request), request.params.id);
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/platform/tenants/:tenantId/card-billing-rules',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: `A tenant's card billing rules (spec work section 3), by card type and category: what the invoice builder bills a done, billable card at.${forbidden} 404 'Organisation not found'.`,
        params: TenantParams,
        response: { 200: listSchema(CardBillingRuleSchema) },
      },
    },
    async (request) => {
      const data = await listCardBillingRules(app.db, actorOf(request), request.params.tenantId);
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.post(
    '/api/platform/tenants/:tenantId/card-billing-rules',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: `Adds a tenant's billing rule for one card type and category (409 when it has one). Written to the tenant's audit log.${forbidden}`,
        params: TenantParams,
        body: CreateCardBillingRuleSchema,
        response: { 201: oneSchema(CardBillingRuleSchema) },
      },
    },
    async (request, reply) => {
      const data = await createCardBillingRule(
        app.db,
        actorOf(request),
        request.params.tenantId,
        request.body,
      );
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/platform/tenants/:tenantId/card-billing-rules/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: `Changes a billing rule from the version the edit started from (409 with the current rule when stale). Invoices built afterwards use it. Written to the tenant's audit log.${forbidden}`,
        params: RuleParams,
        body: UpdateCardBillingRuleSchema,
        response: { 200: oneSchema(CardBillingRuleSchema) },
      },
    },
    async (request) => {
      const { tenantId, id } = request.params;
      const data = await updateCardBillingRule(app.db, actorOf(request), tenantId, id, request.body);
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/platform/tenants/:tenantId/card-billing-rules/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description: `Removes a billing rule: that card type and category is no longer invoiced. Written to the tenant's audit log.${forbidden}`,
        params: RuleParams,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      const { tenantId, id } = request.params;
      await deleteCardBillingRule(app.db, actorOf(request), tenantId, id);
      return { success: true as const };
    },
  );
};
