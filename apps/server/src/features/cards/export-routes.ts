import { oneSchema } from '@wattle/domain/api/envelope';
import { AiDraftRequestSchema, AiDraftSchema } from '@wattle/domain/cards/ai-draft-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { draftCardSection } from './ai-draft-service';
import { prepareCardPdf, recordCardExport } from './pdf-export';
import { renderCardPdf } from './pdf-render';

const Params = z.object({ id: z.uuid() });
const tags = ['cards'];

/** A card's PDF export and the AI drafts of its form sections. */
export const cardExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/cards/:id/pdf',
    {
      // A plain link downloads it, so the tenant may come in the query like the event stream's.
      config: { auth: 'tenant', tenantFromQuery: true },
      schema: {
        tags,
        description:
          "The card's template form as a PDF (read:cards), with an 'exported' audit entry. 400 'This card has no " +
          "template to export'; 422 COMPLIANCE_REQUIRED 'Compliance required' while the card's compliance has " +
          'critical or high issues.',
        params: Params,
        querystring: z.object({
          tenantId: z.uuid().optional().describe('The tenant, for a plain link that cannot send X-Tenant-Id'),
        }),
        produces: ['application/pdf'],
        response: { 200: z.string().describe('application/pdf (binary)') },
      },
    },
    async (request, reply) => {
      const input = await inTenant(request, (ctx) => prepareCardPdf(ctx, request.params.id));
      // Drawn outside the transaction: no database connection waits on the drawing.
      const pdf = await renderCardPdf(input);
      await inTenant(request, (ctx) =>
        recordCardExport(ctx, {
          card: input.card,
          template: input.template,
          fileName: input.fileName,
          bytes: pdf.length,
        }),
      );
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${input.fileName}"`)
          .header('cache-control', 'private, no-store')
          // The schema documents the body as binary; a Buffer is sent as it is, never serialised.
          .send(pdf as unknown as string)
      );
    },
  );

  app.post(
    '/api/cards/:id/ai-draft',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "A draft of one form section from the participant's own earlier cards (write:cards): for each empty " +
          'field, the newest value of the same field on their other cards the caller may read; for behaviour ' +
          'fields with no earlier value, a summary of the incidents on record. Nothing is saved. 400 for ' +
          'participant-info, practitioner-info and signatures.',
        params: Params,
        body: AiDraftRequestSchema,
        response: { 200: oneSchema(AiDraftSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        draftCardSection(ctx, request.params.id, request.body.sectionId),
      );
      return { success: true as const, data };
    },
  );
};
