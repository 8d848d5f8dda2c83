import { listSchema, OkSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  CardAuditEntrySchema,
  CardAuditQuerySchema,
  CardListQuerySchema,
  CardSchema,
  CardSummarySchema,
  CreateCardSchema,
  PatchCardSchema,
} from '@wattle/domain/cards/schemas';
import { FormTemplateSchema } from '@wattle/domain/templates/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { listCardAudit } from './card-audit';
import { findCard, templateForCard } from './card-records';
import { createCard } from './create-card';
import { deleteCard } from './delete-card';
import { listCards } from './list-cards';
import { updateCard } from './update-card';

const Params = z.object({ id: z.uuid() });
const CardReadQuery = z.object({ include: z.literal('template').optional() });
const CardWithTemplateSchema = CardSchema.extend({ template: FormTemplateSchema.nullable().optional() });
const tags = ['cards'];

/**
 * Work cards (spec work sections 3-5; DESIGN.md section 4). Every route checks the caller's role on
 * the card's team: cards of teams they cannot read answer 404, writes beyond their role 403.
 */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/cards',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Cards of one team (teamId) or of every team the caller may read cards on, most recently changed first, without their field values (read one card for those). 404 'Team not found' for a team the caller cannot see; 403 for one whose cards they may not read.",
        querystring: CardListQuerySchema,
        response: { 200: listSchema(CardSummarySchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => listCards(ctx, request.query));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.get(
    '/api/cards/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "One card with its compliance as the server computed it. A family guardian reading a plan shared with family (read:shared-plans without read:cards) gets it without tags and finance: tags [], billable false, estimatedAmountCents 0. `?include=template` adds `template`, the template the card's form is drawn from, in the version it was made with (as `GET /api/templates/{id}?version=n` reads it), or null when it has none or the template cannot be found: the card page reads both in one round trip. 404 'Card not found'.",
        params: Params,
        querystring: CardReadQuery,
        response: { 200: oneSchema(CardWithTemplateSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, async (ctx) => {
        const card = await findCard(ctx, request.params.id);
        if (request.query.include !== 'template') return card;
        return { ...card, template: await templateForCard(ctx, card) };
      });
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/cards',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Creates a draft card on a team (write:cards). The template is templateId or the one the title's keywords suggest; 400 'Unknown template \"{id}\"'. Due date defaults to today plus the template's estimated duration. Honours Idempotency-Key.",
        body: CreateCardSchema,
        response: { 201: oneSchema(CardSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => createCard(ctx, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/cards/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'Changes fields of a card from the version the caller started from; field values merge one by one. A board move sends workflowStateId and either boardPosition or boardPlace { aboveId, belowId } (the neighbours to go between; the server works out the position from where they are now). One status per card (decision 0037): each column stands for a workflow status, so a move to a column of another stage is a status move under the same rules (422 when refused), and a status change places the card in a column of its status; state and ndisStatus are derived from the status and a PATCH setting either to another value is refused with 400. 409 CONFLICT with { current, conflictingFields } when a changed field was written after that version, or when a boardPlace neighbour is no longer in that column; 400 for unknown fields or bad values, an unknown workflow state, or boardPosition and boardPlace together; 422 WORKFLOW_REFUSED for a refused status move or an edit of a locked card; 422 COMPLIANCE_REQUIRED for submit with a critical issue.',
        params: Params,
        body: PatchCardSchema,
        response: { 200: oneSchema(CardSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => updateCard(ctx, request.params.id, request.body));
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/cards/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'Soft-deletes a card (delete:cards) at the given version; 409 with the current card when it is stale. Later reads answer 404.',
        params: Params,
        querystring: z.object({ version: z.coerce.number().int().positive() }),
        response: { 200: OkSchema },
      },
    },
    async (request) => {
      await inTenant(request, (ctx) => deleteCard(ctx, request.params.id, request.query.version));
      return { success: true as const };
    },
  );

  app.get(
    '/api/cards/:id/audit',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "The card's audit trail, newest first: who, when, from where and each field's old and new value. `before` (an entry's timestamp) pages back.",
        params: Params,
        querystring: CardAuditQuerySchema,
        response: { 200: listSchema(CardAuditEntrySchema) },
      },
    },
    async (request) => {
      const { limit } = request.query;
      const { data, total } = await inTenant(request, (ctx) =>
        listCardAudit(ctx, request.params.id, request.query),
      );
      return { success: true as const, data, meta: { total, limit, offset: 0 } };
    },
  );
};
