import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { xeroInvoicesCsv, xeroPaymentsCsv } from './xero-csv';

const tags = ['accounting export'];

const PeriodQuery = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    /** Lets a plain download link name the tenant (config.tenantFromQuery). */
    tenantId: z.uuid().optional(),
  })
  .refine((q) => q.to >= q.from, { message: 'The period must end on or after its start', path: ['to'] });

function sendCsv(reply: import('fastify').FastifyReply, fileName: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}

/**
 * The accounting export (issue 15 part 7): invoices and payments as CSV a bookkeeper imports into
 * Xero without retyping (read:invoices). Static paths under /api/invoices/export/ win over the
 * invoice routes' /api/invoices/:id in Fastify's router, so the two never clash.
 */
export const accountingExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/invoices/export/xero.csv',
    {
      config: { auth: 'tenant', tenantFromQuery: true },
      schema: {
        tags,
        description:
          "The invoices issued from 'from' to 'to' (by issue date; sent, part paid, paid or overdue) in Xero's sales invoice import template, one row per line: *ContactName (the payer), EmailAddress, *InvoiceNumber, Reference (participant and NDIS number), *InvoiceDate and *DueDate (DD/MM/YYYY), Total, *Description (support item, name, dates), *Quantity, *UnitAmount (tax exclusive), *AccountCode 200, *TaxType (GST on Income, GST Free Income or BAS Excluded by GST code), TaxAmount, Currency AUD. Text/csv; cells that would start a spreadsheet formula get an apostrophe; at most 50,000 rows. ?tenantId= may stand in for X-Tenant-Id.",
        querystring: PeriodQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const csv = await inTenant(request, (ctx) => xeroInvoicesCsv(ctx, request.query));
      return sendCsv(reply, `xero-invoices-${request.query.from}-to-${request.query.to}.csv`, csv);
    },
  );

  app.get(
    '/api/invoices/export/payments.csv',
    {
      config: { auth: 'tenant', tenantFromQuery: true },
      schema: {
        tags,
        description:
          "The payments dated from 'from' to 'to' (recorded by hand and from NDIA claim results) as statement lines Xero's bank statement import reads: Date (DD/MM/YYYY), Amount, Payee, Reference, InvoiceNumber, Description. Xero has no CSV import of invoice payments, so each is matched to its invoice in bank reconciliation. Text/csv; formulas neutralised; at most 50,000 rows. ?tenantId= may stand in for X-Tenant-Id.",
        querystring: PeriodQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (request, reply) => {
      const csv = await inTenant(request, (ctx) => xeroPaymentsCsv(ctx, request.query));
      return sendCsv(reply, `payments-${request.query.from}-to-${request.query.to}.csv`, csv);
    },
  );
};
