import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import { CreateTimeCodeSchema, TimeCodeSchema, UpdateTimeCodeSchema } from '@wattle/domain/time/time-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { createTimeCode } from './create-time-code';
import { listTimeCodes } from './list-time-codes';
import { updateTimeCode } from './update-time-code';

const Params = z.object({ id: z.uuid() });
const tags = ['time codes'];

const limits =
  'A code is a support item of the NDIS Support Catalogue in force today, core (01-04) or capacity building ' +
  "(07-15), priced by the hour; its hourly rate is at most the item's price limit for the tenant's state (its " +
  "address, else its time zone). Refusals are 400 naming the problem: 'The hourly rate $75.00 is above the NSW " +
  "price limit of $70.23 for 01_011_0107_1_1.', a capital support, an item not in the catalogue, or no catalogue.";

/** Time codes (spec work section 3, Scheme time code; issue 14 part 2). */
export const timeCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/time-codes',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "The tenant's time codes by code, inactive ones included, each with the price limit that applies today " +
          '(priceLimitCents for priceLimitState) and whether the catalogue in force still lists it. For whoever may ' +
          'write time (on any team) or manage rates; 403 otherwise.',
        response: { 200: listSchema(TimeCodeSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => listTimeCodes(ctx));
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.post(
    '/api/time-codes',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Adds a time code (manage:rates); the description defaults to the item's name and the category comes from the item. ${limits} A second code for the same item is 409. Honours Idempotency-Key. Audited.`,
        body: CreateTimeCodeSchema,
        response: { 201: oneSchema(TimeCodeSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => createTimeCode(ctx, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/time-codes/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Changes a time code's description, hourly rate or active flag (manage:rates), from version; stale is 409 CONFLICT with details.current. A new rate of an active code, or reactivation, is checked again. ${limits} Audited.`,
        params: Params,
        body: UpdateTimeCodeSchema,
        response: { 200: oneSchema(TimeCodeSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => updateTimeCode(ctx, request.params.id, request.body));
      return { success: true as const, data };
    },
  );
};
