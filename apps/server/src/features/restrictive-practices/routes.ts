import { listSchema, OkSchema, oneSchema } from '@wattle/domain/api/envelope';
import { toReportCsv } from '@wattle/domain/restrictive-practices/rules';
import {
  AuthorisationListQuerySchema,
  AuthorisationSchema,
  CreateAuthorisationSchema,
  CreateUseSchema,
  GenerateReportSchema,
  LoggedUseSchema,
  ReportListQuerySchema,
  ReportSchema,
  ReviewReportSchema,
  SubmitReportSchema,
  UpdateAuthorisationSchema,
  UseListQuerySchema,
  UseSchema,
} from '@wattle/domain/restrictive-practices/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import {
  createAuthorisation,
  deleteAuthorisation,
  listAuthorisations,
  updateAuthorisation,
} from './authorisations';
import { generateReport, listReports, readReport, reviewReport, submitReport } from './monthly-reports';
import { listUses, logUse } from './practice-uses';
import { renderReportPdf, reportFileName } from './render-report-pdf';
import { reportForExport } from './report-export';

const Params = z.object({ id: z.uuid() });
const tags = ['restrictive-practices'];

const reach =
  "Readers: read:restrictive-practices on the participant's team (support workers, practitioners, therapists, " +
  'team leads) or tenant-wide (owners, admins, auditors); family guardians are 403. A participant (or record of ' +
  'one) the caller does not reach answers 404, like a missing one. Needs a verified account.';
const manages =
  "Needs manage:restrictive-practices on the participant's team (practitioners, therapists, team leads) or " +
  'tenant-wide (owners, admins); 403 otherwise. Audited and announced live.';
const stale = 'A stale version is 409 CONFLICT with details.current.';
const download = {
  tenantId: z.uuid().optional().describe('The tenant, for a plain link that cannot send X-Tenant-Id'),
};

/** Restrictive practices (issue 16 item 3): the register, the log of uses and the monthly reports. */
export const restrictivePracticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/restrictive-practices',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `The participant's register: each regulated practice with its authorisation reference, the day it was authorised and its expiry, its status today in the tenant's zone (pending, not-started, in-force, expired) and how many uses it covered. ${reach}`,
        querystring: AuthorisationListQuerySchema,
        response: { 200: listSchema(AuthorisationSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => listAuthorisations(ctx, request.query.participantId));
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.post(
    '/api/restrictive-practices',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Adds a practice to the participant's register (practiceType, description, authorisationReference, authorisedOn, expiresOn, optional planId of one of their behaviour support plans). An expiry before the authorisation date is 400. ${manages}`,
        body: CreateAuthorisationSchema,
        response: { 201: oneSchema(AuthorisationSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => createAuthorisation(ctx, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/restrictive-practices/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Changes a register entry from its version (fields left out stay; null or '' clears the reference and dates). Uses already logged keep the authorised decision made when they were logged. ${stale} ${manages}`,
        params: Params,
        body: UpdateAuthorisationSchema,
        response: { 200: oneSchema(AuthorisationSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        updateAuthorisation(ctx, request.params.id, request.body),
      );
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/restrictive-practices/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Removes a register entry made in error. One that a logged use refers to stays: 422 WORKFLOW_REFUSED. ${manages}`,
        params: Params,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await inTenant(request, (ctx) => deleteAuthorisation(ctx, request.params.id));
      return { success: true as const };
    },
  );

  app.get(
    '/api/restrictive-practices/uses',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `The participant's logged uses, newest first, those that started from..to (days in the tenant's zone, either end open): when, how long, which practice, who used it, why, the behaviour and antecedent, whether it was authorised (and by which reference) and the incident an unauthorised use raised. ${reach}`,
        querystring: UseListQuerySchema,
        response: { 200: listSchema(UseSchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => listUses(ctx, request.query));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.post(
    '/api/restrictive-practices/uses',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Logs a use (record:restrictive-practices: support workers and up on the participant's team, owners and admins; 403 otherwise): practiceType, startedAt (not in the future), durationMinutes (0 to 1440), usedBy (someone on the team; the caller when left out), reason, behaviour, antecedent. The server decides `authorised`: an authorisation of that practice in force on the use's day in the tenant's zone. An unauthorised use is a reportable incident: it is raised in the same transaction (category unauthorised-restrictive-practice, its 24-hour notification clock running from now), linked both ways, and answered as `incident`. The month's report is refreshed and its deadline kept. A participant without a care team is 422. Audited and announced live.",
        body: CreateUseSchema,
        response: { 201: oneSchema(LoggedUseSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => logUse(ctx, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/restrictive-practice-reports',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `The participant's monthly reports, newest month first (optionally one status), each with its figures overall and per practice, who reviewed and submitted it, the Commission's reference, its deadline and allowedActions. ${reach}`,
        querystring: ReportListQuerySchema,
        response: { 200: listSchema(ReportSchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => listReports(ctx, request.query));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.post(
    '/api/restrictive-practice-reports',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Generates the participant's report for month (yyyy-mm, this month or earlier in the tenant's zone) from the log. Generating a draft or reviewed report again refreshes its figures (a reviewed one whose figures changed returns to draft); a submitted one is frozen: 422 WORKFLOW_REFUSED. ${manages}`,
        body: GenerateReportSchema,
        response: { 201: oneSchema(ReportSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => generateReport(ctx, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/restrictive-practice-reports/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `One monthly report. ${reach}`,
        params: Params,
        response: { 200: oneSchema(ReportSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => readReport(ctx, request.params.id));
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/restrictive-practice-reports/:id/review',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Marks a draft report reviewed (422 WORKFLOW_REFUSED when it is already reviewed or submitted). ${stale} ${manages}`,
        params: Params,
        body: ReviewReportSchema,
        response: { 200: oneSchema(ReportSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        reviewReport(ctx, request.params.id, request.body?.version),
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/restrictive-practice-reports/:id/submit',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Marks a reviewed report submitted to the Commission with its commissionReference; the month's 'rp-monthly-report' deadline is met and the report is frozen. Not reviewed yet, or already submitted: 422 WORKFLOW_REFUSED. ${stale} ${manages}`,
        params: Params,
        body: SubmitReportSchema,
        response: { 200: oneSchema(ReportSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => submitReport(ctx, request.params.id, request.body));
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/restrictive-practice-reports/:id.csv',
    {
      config: { auth: 'tenant', tenantFromQuery: true },
      schema: {
        tags,
        description: `The report's uses as CSV (text/csv, CRLF line ends; attachment): Participant, NDIS number, Date, Start time, Duration (minutes), Practice, Authorised, Authorisation reference, Used by, Reason, Behaviour, Antecedent, Incident, one row per use in the order they started, on the tenant's clock. Free text that a spreadsheet would run as a formula starts with an apostrophe. ${reach} ?tenantId= may stand in for X-Tenant-Id (a plain download link).`,
        params: Params,
        querystring: z.object(download),
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const { report, rows } = await inTenant(request, (ctx) => reportForExport(ctx, request.params.id));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${reportFileName(report, 'csv')}"`)
        .header('cache-control', 'private, no-store')
        .send(toReportCsv(rows));
    },
  );

  app.get(
    '/api/restrictive-practice-reports/:id.pdf',
    {
      config: { auth: 'tenant', tenantFromQuery: true },
      schema: {
        tags,
        description: `The report as an A4 landscape PDF (application/pdf; attachment): provider, participant and NDIS number, month, status with who reviewed and submitted it and the Commission's reference, the figures per practice and the table of every use. ${reach} ?tenantId= may stand in for X-Tenant-Id.`,
        params: Params,
        querystring: z.object(download),
        produces: ['application/pdf'],
        response: { 200: z.string().describe('application/pdf (binary)') },
      },
    },
    async (request, reply) => {
      const { report, rows, providerName, timeZone } = await inTenant(request, (ctx) =>
        reportForExport(ctx, request.params.id),
      );
      // Drawn after the transaction: its connection is not held while the PDF is laid out.
      const pdf = await renderReportPdf(report, rows, providerName, timeZone);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${reportFileName(report, 'pdf')}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf as unknown as string);
    },
  );
};
