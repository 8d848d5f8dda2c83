import fastifyMultipart from '@fastify/multipart';
import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  CatalogueImportResultSchema,
  SupportCatalogueSchema,
  SupportItemSchema,
  SupportItemsQuerySchema,
} from '@wattle/domain/time/catalogue-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTenant } from '../../http/tenant-scope';
import { tenantToday } from '../cards/card-values';
import { requireRatesManager, requireTimeCodeReader } from '../time-codes/time-code-access';
import { listCatalogues } from './catalogue-records';
import { importCatalogue, readCatalogueFile } from './import-catalogue';
import { catalogueUploadLimits, readCatalogueUpload } from './read-catalogue-upload';
import { searchSupportItems } from './search-support-items';

const tags = ['support catalogue'];

/**
 * The NDIS Support Catalogue (issue 14 part 1): admins import the NDIA's published file once per
 * price-guide year; whoever bills time searches the items in force.
 */
export const supportCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart bodies are parsed in this plugin only: every other route still takes JSON alone.
  await app.register(fastifyMultipart, { limits: catalogueUploadLimits });

  app.post(
    '/api/support-catalogue/imports',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Imports the NDIA's NDIS Support Catalogue (manage:rates): multipart/form-data with a part `file`, the " +
          'catalogue as published (XLSX, its "Current Support Items" sheet, or that sheet saved as CSV), read by ' +
          'its own column headings. The price-guide year (July to June) is that of the latest item start date; ' +
          "importing a year again replaces that year's items, other years stay. Every row is checked: an unknown " +
          'layout (\'This file has no "Support Item Number" column; is it the NDIA Support Catalogue? …\') or a bad row ' +
          '(\'Row 14: "01_011_107_1_1" is not a support item number\') is 400 with details.problems, and nothing is ' +
          'imported. Audited.',
        consumes: ['multipart/form-data'],
        response: { 201: oneSchema(CatalogueImportResultSchema) },
      },
    },
    async (request, reply) => {
      // Who may import is settled before a byte of the file is read.
      await inTenant(request, async (ctx) => requireRatesManager(ctx));
      const upload = await readCatalogueUpload(request);
      const catalogue = await readCatalogueFile(upload.bytes);
      const data = await inTenant(request, (ctx) =>
        importCatalogue(ctx, { fileName: upload.fileName, catalogue }),
      );
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/support-catalogues',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'The price-guide years of the catalogue imported by the tenant, newest first; isInForce marks the one ' +
          'entries dated today are priced from. For whoever may write time or manage rates (403 otherwise).',
        response: { 200: listSchema(SupportCatalogueSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, async (ctx) => {
        await requireTimeCodeReader(ctx);
        return listCatalogues(ctx.tx, ctx.tenantId, await tenantToday(ctx));
      });
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.get(
    '/api/support-items',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'Support items claimable on date (default today in the tenant time zone) in the catalogue in force then, ' +
          'by number: each word of q matches the start of the support item number or a part of its name. At most ' +
          '50 a page. For whoever may write time or manage rates (403 otherwise); empty before any catalogue.',
        querystring: SupportItemsQuerySchema,
        response: { 200: listSchema(SupportItemSchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => searchSupportItems(ctx, request.query));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );
};
