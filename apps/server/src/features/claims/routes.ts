import fastifyMultipart from '@fastify/multipart';
import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import { ClaimBatchSchema, CorrectClaimLineSchema, InvoiceSchema } from '@wattle/domain/invoices/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant, requireTenantPermission } from '../../http/tenant-scope';
import { bulkPaymentRequestFile } from './bulk-payment-request-file';
import { listClaimBatches, loadClaimBatch, readClaimBatch } from './claim-records';
import { ClaimResultsImportSchema, CreateClaimBodySchema } from './claim-schemas';
import { correctClaimLine } from './correct-claim-line';
import { createClaim } from './create-claim';
import { importClaimResults } from './import-claim-results';
import { readResultsUpload, resultsUploadLimits, resultsUploadMaxBytes } from './read-results-upload';

const tags = ['claims'];
const Params = z.object({ id: z.uuid() });
const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/**
 * NDIA claims (issue 15 part 6): bulk payment requests made from agency-managed invoices, the file
 * the myplace portal takes, its results file, and correcting a rejected line to claim it again.
 * Reading takes read:invoices (owners, admins, auditors); everything else manage:invoices.
 */
export const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart and text/csv bodies are parsed in this plugin only: every other route takes JSON alone.
  await app.register(fastifyMultipart, { limits: resultsUploadLimits });
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: resultsUploadMaxBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/api/claims',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'Makes a claim batch (manage:invoices) of the unclaimed and rejected lines of the agency-managed ' +
          "(payer NDIA) invoices named, each approved, sent, part paid or overdue. Every row of the bulk file is checked first; any problem is 422 WORKFLOW_REFUSED with details.problems [{ invoiceNumber, lineNumber, column, message }] (e.g. the tenant's missing registration number or ABN, a participant's NDIS number, a support number's shape, a CANC line without its reason, a repeated reference) and nothing is written. Otherwise the batch takes the next CLM number, each line a claim reference (<invoiceNumber>-<lineNumber>, then -R2, -R3 when claimed again), the lines become claimed, and an approved invoice is issued: sent, dated today in the tenant's time zone and due by its payment terms. cancellationReasons gives each CANC line's portal code (NSDH, NSDF, NSDT, NSDO) by line id. Audited; live events for the invoices and the claim.",
        body: CreateClaimBodySchema,
        response: { 201: oneSchema(ClaimBatchSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => createClaim(ctx, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/claims',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: 'The claim batches, newest first (read:invoices).',
        querystring: ListQuery,
        response: { 200: listSchema(ClaimBatchSchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => {
        requireTenantPermission(ctx, 'read:invoices');
        return listClaimBatches(ctx, { limit, offset });
      });
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.get(
    '/api/claims/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: 'One claim batch with its counts of paid and rejected lines (read:invoices).',
        params: Params,
        response: { 200: oneSchema(ClaimBatchSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => {
        requireTenantPermission(ctx, 'read:invoices');
        return readClaimBatch(ctx, request.params.id);
      });
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/claims/:id/bulk-payment-request.csv',
    {
      config: { auth: 'tenant', tenantFromQuery: true },
      schema: {
        tags,
        description:
          "The batch's bulk payment request for the myplace provider portal (read:invoices): text/csv, CRLF line ends, the header RegistrationNumber,NDISNumber,SupportsDeliveredFrom,SupportsDeliveredTo,SupportNumber,ClaimReference,Quantity,Hours,UnitPrice,GSTCode,AuthorisedBy,ParticipantApproved,InKindFundingProgram,ClaimType,CancellationReason,ABN of Support Provider and one row per claimed line, exactly as exported when the batch was made (a later correction never changes it). ?tenantId= may stand in for X-Tenant-Id (a plain download link).",
        params: Params,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await inTenant(request, (ctx) =>
        bulkPaymentRequestFile(ctx, request.params.id),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/claims/:id/results',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Imports the portal's bulk payment request results file for the batch (manage:invoices): the CSV as a text/csv body, or multipart/form-data with a part `file` (at most 10 MB). Rows are read by their column names (ClaimReference, Payment Request Status, PaidTotalAmount, Error Message) and matched by claim reference. Paid: the line records the amount paid, each invoice gets one payment (source 'ndia', reference the batch number) and its status is settled (part paid, paid). Rejected: the line becomes rejected with the portal's error text and the invoice's creator is notified. Pending rows change nothing. A malformed file, or one paying a line more than was claimed, is 400 naming the row and column (details.row, details.column); references not in the batch are 422 WORKFLOW_REFUSED with details.unknownReferences; either way nothing changes. Importing the same file again changes nothing (counted as unchanged). Audited; live events.",
        params: Params,
        consumes: ['text/csv', 'multipart/form-data'],
        response: { 200: oneSchema(ClaimResultsImportSchema) },
      },
    },
    async (request) => {
      // Who may import, and whether the batch is theirs, is settled before a byte of the file is read.
      await inTenant(request, async (ctx) => {
        requireTenantPermission(ctx, 'manage:invoices');
        await loadClaimBatch(ctx, request.params.id);
      });
      const text = await readResultsUpload(request);
      const data = await inTenant(request, (ctx) => importClaimResults(ctx, request.params.id, text));
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/invoices/:id/lines/:lineId',
    {
      config: { auth: 'tenant' },
      schema: {
        tags: ['invoices', ...tags],
        description:
          "Corrects a line the NDIA rejected (manage:invoices) so it can be claimed again: support item (in force on the line's first date, else 422 PRICING_REFUSED), quantity, unit price, dates and claim type. The amount, GST and the invoice's totals are worked out again and the invoice settled by its new total; the line stays rejected until the next claim, which gives it a new reference. A line that is not rejected is 422 WORKFLOW_REFUSED; a stale version 409 CONFLICT with details.current. Audited with old and new values.",
        params: z.object({ id: z.uuid(), lineId: z.uuid() }),
        body: CorrectClaimLineSchema,
        response: { 200: oneSchema(InvoiceSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        correctClaimLine(ctx, request.params.id, request.params.lineId, request.body),
      );
      return { success: true as const, data };
    },
  );
};
