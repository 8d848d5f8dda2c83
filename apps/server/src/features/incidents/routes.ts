import { listSchema, OkSchema, oneSchema } from '@wattle/domain/api/envelope';
import { incidentCsvColumns, incidentCsvRow } from '@wattle/domain/incidents/register-csv';
import {
  CreateIncidentActionSchema,
  DebriefIncidentSchema,
  IncidentActionSchema,
  IncidentListQuerySchema,
  IncidentSchema,
  IncidentSummarySchema,
  PatchIncidentActionSchema,
  PatchIncidentSchema,
} from '@wattle/domain/incidents/schemas';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenants } from '../../db/schema/tenants';
import { inTenant } from '../../http/tenant-scope';
import { neutraliseFormula } from '../time-entries/export-time-entries';
import { debriefIncident } from './debrief-incident';
import { addIncidentAction, deleteIncidentAction, updateIncidentAction } from './incident-actions';
import { readIncident } from './incident-records';
import { allIncidents, listIncidents, maxExportRows } from './list-incidents';
import { updateIncident } from './update-incident';

const Params = z.object({ id: z.uuid() });
const ActionParams = z.object({ id: z.uuid(), actionId: z.uuid() });
const tags = ['incidents'];
const reach =
  'Reach: read:incidents on the incident’s team (support workers and up on the team; owners, admins and auditors on every team); family guardians see no incidents. Writes need write:incidents (not auditors): 403. Incidents the caller cannot read answer 404.';

/**
 * The incidents register (issue 16 item 4): every incident-report card's entry, its Commission
 * notification and 5-day report with their deadlines, follow-up actions and debrief log. Entries are
 * made with their cards (POST /api/cards with the incident-report template).
 */
export const incidentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/incidents',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `The register, newest incident first by default. Filters: status, reportable, category, severity, teamId, participantId, from/to (days the incidents happened, tenant time zone), overdue (a Commission deadline past due and not met). Sort: occurredAt, number, severity, category, participant, awareAt, status; order asc|desc. A reportable incident carries deadlines [{ kind, dueAt, metAt, status }]. ${reach}`,
        querystring: IncidentListQuerySchema,
        response: { 200: listSchema(IncidentSummarySchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => listIncidents(ctx, request.query));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.get(
    '/api/incidents.csv',
    {
      config: { auth: 'tenant', tenantFromQuery: true },
      schema: {
        tags,
        description: `The register as CSV (text/csv), with the list's filters and sort (paging ignored; at most ${maxExportRows.toLocaleString('en-AU')} rows), one row per incident: ${incidentCsvColumns.join(', ')}. Times are dd/mm/yyyy hh:mm in the tenant's time zone; cells that would start a spreadsheet formula get an apostrophe. ?tenantId= may stand in for X-Tenant-Id (a plain download link). ${reach}`,
        querystring: IncidentListQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const csv = await inTenant(request, async (ctx) => {
        const [tenant] = await ctx.tx
          .select({ timeZone: tenants.timeZone })
          .from(tenants)
          .where(eq(tenants.id, ctx.tenantId));
        const timeZone = tenant?.timeZone ?? 'Australia/Sydney';
        const rows = (await allIncidents(ctx, request.query)).map((incident) =>
          incidentCsvRow(incident, timeZone).map(neutraliseFormula),
        );
        return stringify([[...incidentCsvColumns], ...rows], { record_delimiter: 'windows' });
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="incidents.csv"')
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/incidents/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `One incident with its behaviour details, follow-up actions, debrief log and deadlines. 404 'Incident not found'. ${reach}`,
        params: Params,
        response: { 200: oneSchema(IncidentSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => readIncident(ctx, request.params.id));
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/incidents/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Changes register fields from the version the caller started from (stale: 409 CONFLICT with { current }). Marking it reportable needs reportableCategory (400 otherwise) and takes awareAt as given or now (and the caller as the one aware); that starts the Commission deadlines 'incident-notification' (24 hours, or 5 business days for an unauthorised restrictive practice that harmed nobody, recorded as severity low) and 'incident-five-day-report' (5 business days of the tenant's state), and notifies the owners and admins. notifiedAt / fiveDayReportAt meet them (400 when the incident is not reportable, in the future, or before awareAt); reportable: false drops them. ${reach}`,
        params: Params,
        body: PatchIncidentSchema,
        response: { 200: oneSchema(IncidentSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => updateIncident(ctx, request.params.id, request.body));
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/incidents/:id/actions',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Adds a follow-up action { description, assigneeId?, dueOn? }; the assignee must be on the incident's team (400). ${reach}`,
        params: Params,
        body: CreateIncidentActionSchema,
        response: { 201: oneSchema(IncidentActionSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => addIncidentAction(ctx, request.params.id, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/incidents/:id/actions/:actionId',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Changes a follow-up action: description, assigneeId, dueOn, isDone (true records it done now). 404 'Follow-up action not found'. ${reach}`,
        params: ActionParams,
        body: PatchIncidentActionSchema,
        response: { 200: oneSchema(IncidentActionSchema) },
      },
    },
    async (request) => {
      const { id, actionId } = request.params;
      const data = await inTenant(request, (ctx) => updateIncidentAction(ctx, id, actionId, request.body));
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/incidents/:id/actions/:actionId',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Removes a follow-up action (audited on the incident). ${reach}`,
        params: ActionParams,
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      const { id, actionId } = request.params;
      await inTenant(request, (ctx) => deleteIncidentAction(ctx, id, actionId));
      return { success: true as const };
    },
  );

  app.post(
    '/api/incidents/:id/debrief',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Links the incident's debrief log: an existing Debrief Log card of its team ({ cardId }; 400 otherwise), or, with an empty body, a new one titled 'Debrief: <incident title>'. 409 when it already has one. Answers the incident. ${reach}`,
        params: Params,
        body: DebriefIncidentSchema,
        response: { 200: oneSchema(IncidentSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => debriefIncident(ctx, request.params.id, request.body));
      return { success: true as const, data };
    },
  );
};
