import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { invoiceReach } from '../invoices/invoice-access';
import { loadInvoiceRow, readInvoice } from '../invoices/invoice-records';
import { readTaxInvoiceProvider } from './read-tax-invoice-provider';
import { invoicePdfFileName, renderTaxInvoicePdf } from './render-tax-invoice';

const Params = z.object({ id: z.uuid() });

/** The invoice as a PDF to download (issue 15 part 5). */
export const invoicePdfRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/invoices/:id/pdf',
    {
      config: { auth: 'tenant', tenantFromQuery: true },
      schema: {
        tags: ['invoices'],
        description:
          "The invoice as an A4 PDF (application/pdf, attachment named after the invoice number, e.g. INV-00001.pdf): the provider's legal name, ABN, NDIS registration number and address from the tax-invoice settings, 'Tax Invoice' when any line carries GST (else 'Invoice'), the number and dates, payer and participant, every line (support item number, description, dates, quantity, unit price, GST, total), the totals with what is paid and owing, the payment terms and bank details with the invoice number as reference. Same reach as GET /api/invoices/{id}: an invoice the caller does not reach answers 404. ?tenantId= may stand in for X-Tenant-Id (a plain download link).",
        params: Params,
        querystring: z.object({
          tenantId: z.uuid().optional().describe('The tenant, for a plain link that cannot send X-Tenant-Id'),
        }),
        produces: ['application/pdf'],
        response: { 200: z.string().describe('application/pdf (binary)') },
      },
    },
    async (request, reply) => {
      const { invoice, provider } = await inTenant(request, async (ctx) => {
        const reach = await invoiceReach(ctx);
        const row = await loadInvoiceRow(ctx, reach, request.params.id);
        return {
          invoice: await readInvoice(ctx, row.id, reach),
          provider: await readTaxInvoiceProvider(ctx),
        };
      });
      // Drawn after the transaction: its connection is not held while the PDF is laid out.
      const pdf = await renderTaxInvoicePdf(invoice, provider);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${invoicePdfFileName(invoice)}"`)
          .header('cache-control', 'private, no-store')
          // The schema documents the body as binary; a Buffer is sent as it is, never serialised.
          .send(pdf as unknown as string)
      );
    },
  );
};
