import { oneSchema } from '@wattle/domain/api/envelope';
import {
  MeetingReviewQuerySchema,
  MeetingReviewSchema,
  meetingAgendaFileName,
} from '@wattle/domain/meeting-reviews/schemas';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenants } from '../../db/schema/tenants';
import { inTenant } from '../../http/tenant-scope';
import { renderMeetingAgendaPdf } from './agenda-pdf';
import { readMeetingReview } from './meeting-review';

const Params = z.object({ id: z.uuid() });
const tags = ['meeting-reviews'];
const reach =
  "For whoever may read cards on the team (read:cards): 404 'Team not found' for a team the caller cannot " +
  'see (or of another organisation), 403 for one whose cards they may not read (family guardians).';

/** Meeting Reviews (issue 17 item 5): the review of a team's week, and its agenda as a PDF. */
export const meetingReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/teams/:id/meeting-review',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "The team's cards to walk through in a team meeting: due from `days` days before the organisation's " +
          'today to `days` days after, or changed in the last `days` days (7 by default, 1 to 31), grouped by ' +
          "participant (the card's, else the care team's; 'No participant' last), each with why it is there " +
          '(due, changed), whether it is overdue, and its latest meeting-review note. Notes are saved with ' +
          'POST /api/cards/{id}/comments as type "review" with isMeetingReview: true. ' +
          reach,
        params: Params,
        querystring: MeetingReviewQuerySchema,
        response: { 200: oneSchema(MeetingReviewSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        readMeetingReview(ctx, request.params.id, request.query.days),
      );
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/teams/:id/meeting-review/agenda.pdf',
    {
      // A plain link downloads it, so the tenant may come in the query.
      config: { auth: 'tenant', tenantFromQuery: true },
      schema: {
        tags,
        description:
          'The same review as an A4 PDF agenda (application/pdf, attachment named ' +
          'meeting-agenda-<team>-<yyyy-mm-dd>.pdf): the period, then each participant with their cards, a line ' +
          'about each (due date and overdue, status, assignee, last change), its last meeting note and room to ' +
          'write. ?tenantId= may stand in for X-Tenant-Id. ' +
          reach,
        params: Params,
        querystring: MeetingReviewQuerySchema.extend({
          tenantId: z.uuid().optional().describe('The tenant, for a plain link that cannot send X-Tenant-Id'),
        }),
        produces: ['application/pdf'],
        response: { 200: z.string().describe('application/pdf (binary)') },
      },
    },
    async (request, reply) => {
      const { review, timeZone, organisationName } = await inTenant(request, async (ctx) => {
        const review = await readMeetingReview(ctx, request.params.id, request.query.days);
        const [tenant] = await ctx.tx
          .select({ name: tenants.name })
          .from(tenants)
          .where(and(eq(tenants.id, ctx.tenantId)));
        return { review, timeZone: ctx.timeZone, organisationName: tenant?.name ?? '' };
      });
      // Drawn after the transaction: its connection is not held while the PDF is laid out.
      const pdf = await renderMeetingAgendaPdf(review, { timeZone, organisationName });
      return (
        reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${meetingAgendaFileName(review.team.name, review.today)}"`,
          )
          .header('cache-control', 'private, no-store')
          // The schema documents the body as binary; a Buffer is sent as it is, never serialised.
          .send(pdf as unknown as string)
      );
    },
  );
};
