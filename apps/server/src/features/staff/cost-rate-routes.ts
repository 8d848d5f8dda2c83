import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import { StaffCostRateSchema, UpdateStaffCostRateSchema } from '@wattle/domain/staff/cost-rates';
import { StaffListQuerySchema } from '@wattle/domain/staff/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { listCostRates, setCostRate } from './cost-rates';

const tags = ['staff'];

/** Each person's hourly cost rate (issue 17, settings user/rates): owners and admins only. */
export const staffCostRateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff/cost-rates',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "The organisation's people by name (name, e-mail, membership role) with their hourly cost rate in cents: what the organisation pays them an hour, not what it bills (billing uses time codes). null when not set. manage:rates (owners and admins); others 403.",
        querystring: StaffListQuerySchema,
        response: { 200: listSchema(StaffCostRateSchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => listCostRates(ctx, request.query));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.put(
    '/api/staff/:userId/cost-rate',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Sets one person's hourly cost rate: whole cents from 0 to 100000 ($1,000.00 an hour), or null to clear it; otherwise 400 VALIDATION_FAILED naming hourlyCostRateCents. manage:rates (owners and admins); others 403; someone not in the organisation 404. Audited with the old and new rate.",
        params: z.object({ userId: z.uuid() }),
        body: UpdateStaffCostRateSchema,
        response: { 200: oneSchema(StaffCostRateSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => setCostRate(ctx, request.params.userId, request.body));
      return { success: true as const, data };
    },
  );
};
