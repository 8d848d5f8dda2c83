import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  CreateTimeEntrySchema,
  TimeEntryListQuerySchema,
  TimeEntrySchema,
  UpdateTimeEntrySchema,
} from '@wattle/domain/time/entries';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { copyWeek } from './copy-week';
import { createTimeEntry } from './create-time-entry';
import { deleteTimeEntry } from './delete-time-entry';
import {
  approveMany,
  approveTimeEntry,
  rejectTimeEntry,
  submitPeriod,
  submitTimeEntry,
} from './entry-workflow';
import { exportTimeEntries } from './export-time-entries';
import { listTimeEntries } from './list-time-entries';
import { readTimeEntry } from './read-time-entry';
import {
  ApproveManySchema,
  CopyWeekResultSchema,
  CopyWeekSchema,
  EntryStepSchema,
  ExportQuerySchema,
  RejectStepSchema,
  SubmitPeriodSchema,
  TimesheetQuerySchema,
  TimesheetSchema,
} from './time-entry-schemas';
import { readTimesheetJson } from './timesheet';
import { updateTimeEntry } from './update-time-entry';

const Params = z.object({ id: z.uuid() });
const tags = ['time entries'];

const reach =
  'A worker reaches their own entries; a team lead (approve:time on a team) also the entries of that team; ' +
  'tenant admins every entry. An entry the caller cannot reach answers 404, like a missing one.';
const refusals =
  "400 VALIDATION_FAILED 'End time must be after start time.' (also for zero minutes) or 'A time entry can be at " +
  "most 24 hours…'; 422 PRICING_REFUSED with the NDIS pricing rules' message (an inactive time code, a rate above " +
  'the price limit, an item not in force on the date, travel or a short-notice cancellation the item does not ' +
  "allow); 409 OVERLAP 'This overlaps your entry on Sat 14 Nov 09:00–11:00 (…)' with details.other. Nothing is " +
  'written on any refusal.';

/** Time entries and the timesheet (issue 14 parts 4 and 6). */
export const timeEntryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/time-entries',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Entries dated from 'from' to 'to' (inclusive), by date and start time; userId (a uuid or 'me'), teamId, participantId and status narrow them. ${reach}`,
        querystring: TimeEntryListQuerySchema,
        response: { 200: listSchema(TimeEntrySchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => listTimeEntries(ctx, request.query));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.get(
    '/api/time-entries/export.csv',
    {
      config: { auth: 'tenant', tenantFromQuery: true },
      schema: {
        tags,
        description: `The entries of a period as CSV (text/csv), one row per entry with a header row: date, start, end, end date, hours, worker, participant, card, time code, support item, band, unit price, billable minutes, amount, status, travel, cancellation, description, location. Cells that would start a spreadsheet formula (= + - @) are prefixed with an apostrophe. Same reach and filters as the list; at most 50,000 entries. ?tenantId= may stand in for X-Tenant-Id (a plain download link). ${reach}`,
        querystring: ExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const csv = await inTenant(request, (ctx) => exportTimeEntries(ctx, request.query));
      const { from, to } = request.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="time-entries-${from}-to-${to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/time-entries/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `One entry. ${reach}`,
        params: Params,
        response: { 200: oneSchema(TimeEntrySchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => readTimeEntry(ctx, request.params.id));
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/time-entries',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Records the caller's time as a draft (write:time on the team of its card or participant, or on the worker's one team), priced by the NDIS pricing rules for its date, band, state and remoteness: the answer carries duration, supportItemNumber, band, unitPriceCents, amountCents and notices. ${refusals} Honours Idempotency-Key. Audited.`,
        body: CreateTimeEntrySchema,
        response: { 201: oneSchema(TimeEntrySchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => createTimeEntry(ctx, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/time-entries/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Changes the fields sent, from version (stale: 409 CONFLICT with details.current), and prices the entry again. Its worker edits drafts and rejected entries; submitted and approved ones are 422 WORKFLOW_REFUSED 'Submitted entries are locked…' except to a tenant admin (audited with old and new values); invoiced ones are locked for all. When date changes without endDate, the entry keeps its span of days. ${refusals} ${reach}`,
        params: Params,
        body: UpdateTimeEntrySchema,
        response: { 200: oneSchema(TimeEntrySchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => updateTimeEntry(ctx, request.params.id, request.body));
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/time-entries/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Deletes a draft or rejected entry (its worker, or a tenant admin); others are 422 WORKFLOW_REFUSED. A stale version is 409. Audited with every field. ${reach}`,
        params: Params,
        querystring: z.object({ version: z.coerce.number().int().positive() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await inTenant(request, (ctx) => deleteTimeEntry(ctx, request.params.id, request.query.version));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/time-entries/:id/submit',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Submits the caller's own draft or rejected entry for approval (422 WORKFLOW_REFUSED otherwise); the reason of an earlier rejection is cleared. An optional version is checked (409 when stale). ${reach}`,
        params: Params,
        body: EntryStepSchema,
        response: { 200: oneSchema(TimeEntrySchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        submitTimeEntry(ctx, request.params.id, request.body?.version),
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/time-entries/:id/approve',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Approves a submitted entry: a lead of the entry's team (never their own entry) or a tenant admin; 403 otherwise, 422 WORKFLOW_REFUSED when it is not submitted. ${reach}`,
        params: Params,
        body: EntryStepSchema,
        response: { 200: oneSchema(TimeEntrySchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        approveTimeEntry(ctx, request.params.id, request.body?.version),
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/time-entries/:id/reject',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Rejects a submitted entry with a reason (as approve; a tenant admin may also reject an approved entry not yet invoiced). The entry carries rejectionReason and the worker gets a 'Time Entry Rejected' inbox notification with it. ${reach}`,
        params: Params,
        body: RejectStepSchema,
        response: { 200: oneSchema(TimeEntrySchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => rejectTimeEntry(ctx, request.params.id, request.body));
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/time-entries/submit',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Submits the caller's draft and rejected entries dated from 'from' to 'to' (the week on screen, at most 92 days) and answers how many.",
        body: SubmitPeriodSchema,
        response: { 200: oneSchema(z.object({ submitted: z.number().int().nonnegative() })) },
      },
    },
    async (request) => {
      const submitted = await inTenant(request, (ctx) => submitPeriod(ctx, request.body));
      return { success: true as const, data: { submitted } };
    },
  );

  app.post(
    '/api/time-entries/approve',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'Approves the submitted entries among ids, all or nothing: one the caller cannot see is 404, one they may not approve 403 (their own, or another team’s). Entries no longer submitted are left alone; answers how many were approved.',
        body: ApproveManySchema,
        response: { 200: oneSchema(z.object({ approved: z.number().int().nonnegative() })) },
      },
    },
    async (request) => {
      const approved = await inTenant(request, (ctx) => approveMany(ctx, request.body.ids));
      return { success: true as const, data: { approved } };
    },
  );

  app.post(
    '/api/time-entries/copy-week',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Copies the caller's entries of the week starting fromWeekStart (a Monday) into the week starting toWeekStart, as drafts on the same weekdays and times, priced for their new dates; one that would overlap an entry already there, or that the pricing rules refuse then, is skipped. Answers the created entries and how many were skipped. Honours Idempotency-Key.",
        body: CopyWeekSchema,
        response: { 200: oneSchema(CopyWeekResultSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => copyWeek(ctx, request.body));
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/timesheet',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Minutes, amountCents and counts by status per person and day (only days with entries), with totals per person and overall, summed in SQL, for 'from' to 'to' (at most 92 days). With teamId: the team's members who record time and anyone with entries on the team, for its leads and tenant admins (403 for the team's other members, 404 for anyone else); without: the caller's own.",
        querystring: TimesheetQuerySchema,
        response: { 200: oneSchema(TimesheetSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => readTimesheetJson(ctx, request.query));
      // The database wrote the answer's JSON (timesheet.ts); the tests hold it to the schema above.
      const body = `{"success":true,"data":${data}}`;
      if (app.config.env === 'test') oneSchema(TimesheetSchema).parse(JSON.parse(body));
      // Sent as it is: Fastify serialises objects, never a string.
      return reply.header('content-type', 'application/json; charset=utf-8').send(body as never);
    },
  );
};
