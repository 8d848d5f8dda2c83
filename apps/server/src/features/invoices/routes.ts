import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  CreateInvoiceSchema,
  InvoiceListQuerySchema,
  InvoiceSchema,
  InvoiceStepSchema,
  InvoiceSummarySchema,
  InvoiceTotalsSchema,
  invoiceStatuses,
  RecordPaymentSchema,
  RejectInvoiceSchema,
  UpdateInvoiceSchema,
  VoidInvoiceSchema,
} from '@wattle/domain/invoices/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { buildInvoice } from './build-invoice';
import { invoiceReach, requireInvoiceReader } from './invoice-access';
import { loadInvoiceRow, readInvoice } from './invoice-records';
import { approveInvoice, rejectInvoice, sendInvoice, submitInvoice, voidInvoice } from './invoice-workflow';
import { invoiceTotalsByStatus, listInvoices } from './list-invoices';
import { recordPayment } from './record-payment';
import { emailSentInvoice } from './send-by-email';
import { updateInvoice } from './update-invoice';

const Params = z.object({ id: z.uuid() });
const tags = ['invoices'];

const reach =
  'Readers: read:invoices (owners, admins, auditors) every invoice; a team lead (approve:invoices on a team, while the ' +
  "tenant's teamLeadApprovalLimitCents is set) the invoices of that team's participants. Anyone else is 403; an invoice " +
  'outside the caller’s reach answers 404, like a missing one.';
const writes =
  'Needs manage:invoices (owners, admins; 403 otherwise). Audited (entity invoice) and announced live.';
const refused =
  "A step the invoice's status does not allow is 422 WORKFLOW_REFUSED with the domain's invoiceMessages; a stale " +
  'version is 409 CONFLICT with details.current.';

/** Invoices (issue 15 parts 1, 2, 4 and 6): build, check, approve, send, void and record payments. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/invoices',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `A page of invoices (no lines or payments), filtered by status (one or many), participantId, payerKind, period overlapping from..to, overdue, q (number or participant name) and scope ('mine': created or submitted by the caller; 'awaiting-me': pending invoices the caller may approve), sorted by sort/order (ties by number). ${reach}`,
        querystring: InvoiceListQuerySchema,
        response: { 200: listSchema(InvoiceSummarySchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => listInvoices(ctx, request.query));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.get(
    '/api/invoices/totals',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `For the board's column heads: every status with how many invoices and their total (cents), over the same filters as the list (sort and paging ignored). ${reach}`,
        querystring: InvoiceListQuerySchema,
        response: { 200: oneSchema(InvoiceTotalsSchema) },
      },
    },
    async (request) => {
      const rows = await inTenant(request, (ctx) => invoiceTotalsByStatus(ctx, request.query));
      const byStatus = new Map(rows.map((r) => [r.status, r]));
      const data = invoiceStatuses.map(
        (status) => byStatus.get(status) ?? { status, count: 0, totalCents: 0 },
      );
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/invoices/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `One invoice with its lines (each with its problems and claim state), payments and the people who created, submitted and approved it. ${reach}`,
        params: Params,
        response: { 200: oneSchema(InvoiceSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, async (ctx) => {
        const access = await invoiceReach(ctx);
        requireInvoiceReader(access);
        const row = await loadInvoiceRow(ctx, access, request.params.id);
        return readInvoice(ctx, row.id, access);
      });
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/invoices',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Builds a draft for participantId and periodFrom..periodTo from their approved, uninvoiced time entries (one line per entry: its support item, date, billable hours, unit price and amount; claim type CANC for a cancellation, TRAN for travel) and their done, billable cards priced by a card billing rule (type and category) that no invoice not void bills yet. Payer from the plan in force when the period starts (NDIA, plan manager, participant or nominee), GST rate, payment terms and number prefix from the tenant's billing settings, the number gapless per tenant. Every line is checked (catalogue, price limit, the dates of the plan covering its service date, that plan's budget) and carries its problems. The entries are marked invoiced in the same transaction; if any was taken meanwhile: 409 CONFLICT, nothing written. Nothing to invoice: 422 WORKFLOW_REFUSED (invoiceMessages.noEntries). Honours Idempotency-Key. ${writes}`,
        body: CreateInvoiceSchema,
        response: { 201: oneSchema(InvoiceSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => buildInvoice(ctx, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/invoices/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Changes a draft's notes and lines from its version. lineItems replaces the lines: a line with id keeps its time entry or card (its amount stays the entry's own unless quantity or unit price changed, then quantity × unit price); one without id is added by hand (named, united and categorised from the catalogue); a time-entry line left out releases its entry. Every line is checked again; totals and hasErrors follow. An id not on the invoice is 400. Not a draft: 422 (invoiceMessages.notDraft). ${refused} ${writes}`,
        params: Params,
        body: UpdateInvoiceSchema,
        response: { 200: oneSchema(InvoiceSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => updateInvoice(ctx, request.params.id, request.body));
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/invoices/:id/submit',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Sends a draft for approval; its approvers (owners and admins, and the team's leads when within their limit) get a pending 'approval' notification that counts in their inbox badge until it is decided. A draft whose lines have errors is 422 WORKFLOW_REFUSED (invoiceMessages.fixLines) with details.lines [{ id, lineNumber, problems }]. ${refused} ${writes}`,
        params: Params,
        body: InvoiceStepSchema,
        response: { 200: oneSchema(InvoiceSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        submitInvoice(ctx, request.params.id, request.body?.version),
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/invoices/:id/approve',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Approves an invoice waiting for approval: approve:invoices, never the person who submitted it (403 invoiceMessages.ownApproval); a team lead only for their teams' participants up to teamLeadApprovalLimitCents (403 invoiceMessages.aboveLimit). The approvers' notifications become approved. ${refused} ${reach}`,
        params: Params,
        body: InvoiceStepSchema,
        response: { 200: oneSchema(InvoiceSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        approveInvoice(ctx, request.params.id, request.body?.version),
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/invoices/:id/reject',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Sends an invoice waiting for approval back to draft with a reason (rejectionReason), as approve decides who may; the submitter gets a 'rejected' notification with the reason. ${refused} ${reach}`,
        params: Params,
        body: RejectInvoiceSchema,
        response: { 200: oneSchema(InvoiceSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => rejectInvoice(ctx, request.params.id, request.body));
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/invoices/:id/send',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Issues an approved invoice: status sent, issueDate today in the tenant's time zone, dueDate after its payment terms. A plan manager, self-managed participant or nominee payer with an e-mail address is sent the PDF when the server has SMTP; a failed send is an error and the invoice stays approved. ${refused} ${writes}`,
        params: Params,
        body: InvoiceStepSchema,
        response: { 200: oneSchema(InvoiceSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, async (ctx) => {
        const sent = await sendInvoice(ctx, request.params.id, request.body?.version);
        await emailSentInvoice(ctx, app.config, sent);
        return sent;
      });
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/invoices/:id/void',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Voids an invoice (reason required) that is not paid and has no payment (422 invoiceMessages.notVoidable otherwise): its time entries are released (not invoiced) and its cards may be billed again. ${refused} ${writes}`,
        params: Params,
        body: VoidInvoiceSchema,
        response: { 200: oneSchema(InvoiceSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => voidInvoice(ctx, request.params.id, request.body));
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/invoices/:id/payments',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Records a payment (date, amountCents, reference) on a sent, part-paid or overdue invoice (422 invoiceMessages.notPayable otherwise), at most what is owing (422 invoiceMessages.overpaid) and dated no later than the tenant's today (400 invoiceMessages.futurePayment); the status follows (part-paid, paid) and the invoice's creator gets a 'payment' notification. Honours Idempotency-Key. ${writes}`,
        params: Params,
        body: RecordPaymentSchema,
        response: { 201: oneSchema(InvoiceSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => recordPayment(ctx, request.params.id, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );
};
