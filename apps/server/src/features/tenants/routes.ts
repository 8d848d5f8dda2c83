import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  TenantDirectoryEntrySchema,
  TenantSchema,
  TenantSummarySchema,
  UpdateTenantSchema,
} from '@wattle/domain/tenants/schemas';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenants } from '../../db/schema/tenants';
import { withUser } from '../../db/with-tenant';
import { AppError } from '../../http/app-error';
import { actorOf } from '../../http/context';
import { inTenant } from '../../http/tenant-scope';
import { listMyTenants } from './list-my-tenants';
import { toTenant } from './tenant-records';
import { updateTenant } from './update-tenant';

export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tenants',
    {
      config: { auth: 'user', readCache: true },
      schema: { tags: ['tenants'], response: { 200: listSchema(TenantSummarySchema) } },
    },
    async (request) => {
      const data = await listMyTenants(app.db, actorOf(request));
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.get(
    '/api/tenants/directory',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        description: 'Every tenant, for system admins choosing one to request access to.',
        response: { 200: listSchema(TenantDirectoryEntrySchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!actor.platformRole) throw new AppError('FORBIDDEN', 'Only system admins can list all tenants');
      const data = await withUser(app.db, actor, (tx) =>
        tx
          .select({ id: tenants.id, name: tenants.name, slug: tenants.slug })
          .from(tenants)
          .orderBy(asc(tenants.name)),
      );
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.get(
    '/api/tenants/current',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['tenants'],
        description:
          'The current organisation: name, logo, branding, custom domain, data residency, audit and billing settings, subscription and trial, and its security settings (session idle time, allowed e-mail domains).',
        response: { 200: oneSchema(TenantSchema) },
      },
    },
    async (request) => {
      const tenant = await inTenant(request, async (ctx) => {
        const [row] = await ctx.tx.select().from(tenants).where(eq(tenants.id, ctx.tenantId));
        return row;
      });
      if (!tenant) throw new AppError('NOT_FOUND', 'Organisation not found');
      return { success: true as const, data: toTenant(tenant) };
    },
  );

  app.patch(
    '/api/tenants/current',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['tenants'],
        description:
          'Owners and admins change the organisation: only the fields sent, from the version read (409 with the current record when stale). Audited field by field. Audit retention is at least 2557 days; data residency cannot be changed here.',
        body: UpdateTenantSchema,
        response: { 200: oneSchema(TenantSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => updateTenant(ctx, request.body));
      return { success: true as const, data };
    },
  );
};
