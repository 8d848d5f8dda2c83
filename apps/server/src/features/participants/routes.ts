import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import { PlanInputSchema, PlanListQuerySchema, PlanSchema } from '@wattle/domain/participants/plans';
import {
  CreateParticipantSchema,
  ParticipantListItemSchema,
  ParticipantListQuerySchema,
  ParticipantSchema,
  ParticipantVersionSchema,
  ParticipantViewSchema,
  UpdateParticipantSchema,
} from '@wattle/domain/participants/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant, type TenantContext } from '../../http/tenant-scope';
import { archiveParticipant, restoreParticipant } from './archive-participant';
import { createParticipant } from './create-participant';
import { listParticipants } from './list-participants';
import { requireVerified } from './participant-access';
import { readParticipant } from './read-participant';
import { listPlans, readCurrentPlan } from './read-plans';
import { savePlan } from './save-plan';
import { startNewPlan } from './start-new-plan';
import { updateParticipant } from './update-participant';

const Params = z.object({ id: z.uuid() });
const PlanParams = z.object({ id: z.uuid(), planId: z.uuid() });
const planStatuses =
  "Each plan's status comes from its dates and the tenant's today: 'current' (the latest to have started; it covers today, or ended with no plan after it yet), 'upcoming' (starts after today; current from its start date), 'earlier'.";
const tags = ['participants'];

/** Every participant route runs in the tenant for verified accounts only (403 VERIFICATION_REQUIRED). */
function inVerifiedTenant<T>(request: FastifyRequest, fn: (ctx: TenantContext) => Promise<T>): Promise<T> {
  return inTenant(request, (ctx) => {
    requireVerified(ctx);
    return fn(ctx);
  });
}

const access =
  'Unverified accounts get 403 VERIFICATION_REQUIRED. A participant the caller may not see answers 404 ' +
  "'Participant not found', like a missing one.";

/**
 * Participants and their NDIS plans (issue 13 parts 1, 2 and 8; DESIGN.md section 5). Reading a
 * participant or their plans is audited; every change carries its old and new values.
 */
export const participantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/participants',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `The participants the caller may see: every one for tenant-wide roles, else those of their teams (a family guardian's rows carry no NDIS number). q matches the name anywhere or the start of the NDIS number; archived=true lists only archived participants (default: only those not archived); sorted by sort and order, then name and id. ${access}`,
        querystring: ParticipantListQuerySchema,
        response: { 200: listSchema(ParticipantListItemSchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inVerifiedTenant(request, (ctx) => listParticipants(ctx, request.query));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.post(
    '/api/participants',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Creates a participant, pending, on teamId (write:participants there) or on no team (tenant-wide write:participants). 400 'Please enter a valid 9-digit NDIS number' and the other field messages; 409 naming the participant who already has the NDIS number, or when the team already centres on someone. Honours Idempotency-Key. ${access}`,
        body: CreateParticipantSchema,
        response: { 201: oneSchema(ParticipantSchema) },
      },
    },
    async (request, reply) => {
      const data = await inVerifiedTenant(request, (ctx) => createParticipant(ctx, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/participants/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `One participant: view 'full' with read:participants on their team, view 'summary' (name, goals, alerts, status, team, plan dates) for a family guardian of their team. Audited as 'viewed'. ${access}`,
        params: Params,
        response: { 200: oneSchema(ParticipantViewSchema) },
      },
    },
    async (request) => {
      const data = await inVerifiedTenant(request, (ctx) => readParticipant(ctx, request.params.id));
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/participants/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Changes the fields sent (write:participants on the participant's team, and on the new team when teamId changes). 409 CONFLICT with details.current when version is stale; 409 naming the holder of a taken NDIS number; 422 WORKFLOW_REFUSED for an archived participant. ${access}`,
        params: Params,
        body: UpdateParticipantSchema,
        response: { 200: oneSchema(ParticipantSchema) },
      },
    },
    async (request) => {
      const data = await inVerifiedTenant(request, (ctx) =>
        updateParticipant(ctx, request.params.id, request.body),
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/participants/:id/archive',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Archives a participant (archive:participants); never deletes. 409 with details.current when version is stale. ${access}`,
        params: Params,
        body: ParticipantVersionSchema,
        response: { 200: oneSchema(ParticipantSchema) },
      },
    },
    async (request) => {
      const data = await inVerifiedTenant(request, (ctx) =>
        archiveParticipant(ctx, request.params.id, request.body.version),
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/participants/:id/restore',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Brings an archived participant back (archive:participants). 409 with details.current when version is stale. ${access}`,
        params: Params,
        body: ParticipantVersionSchema,
        response: { 200: oneSchema(ParticipantSchema) },
      },
    },
    async (request) => {
      const data = await inVerifiedTenant(request, (ctx) =>
        restoreParticipant(ctx, request.params.id, request.body.version),
      );
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/participants/:id/plan',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `The participant's NDIS plan: the current one or, before the first starts, the first upcoming one; with its budgets (committed, spent, used percent), status and days left, or null. ${planStatuses} Needs read:participants (a family guardian reads plan dates in the summary: 403). Audited as 'viewed'. ${access}`,
        params: Params,
        response: { 200: oneSchema(PlanSchema.nullable()) },
      },
    },
    async (request) => {
      const data = await inVerifiedTenant(request, (ctx) => readCurrentPlan(ctx, request.params.id));
      return { success: true as const, data };
    },
  );

  app.put(
    '/api/participants/:id/plan',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Edits the plan GET /plan answers, replacing its budgets, or makes the first plan when there is none (write:participants). Once a plan exists, version is required: stale or missing is 409 with details.current. Dates overlapping another plan of the participant: 400. ${access}`,
        params: Params,
        body: PlanInputSchema,
        response: { 200: oneSchema(PlanSchema) },
      },
    },
    async (request) => {
      const data = await inVerifiedTenant(request, (ctx) => savePlan(ctx, request.params.id, request.body));
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/participants/:id/plans',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Every plan of the participant (upcoming, current and earlier), or with status= those of one status, newest first (read:participants). ${planStatuses} Audited as 'viewed'. ${access}`,
        params: Params,
        querystring: PlanListQuerySchema,
        response: { 200: listSchema(PlanSchema) },
      },
    },
    async (request) => {
      const data = await inVerifiedTenant(request, (ctx) =>
        listPlans(ctx, request.params.id, request.query.status),
      );
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.post(
    '/api/participants/:id/plans',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Records a new plan (write:participants). It must start after the participant's last plan ends (400 otherwise); it is upcoming until its start date, when it becomes current, and the plans before it stay readable. Honours Idempotency-Key. ${access}`,
        params: Params,
        body: PlanInputSchema,
        response: { 201: oneSchema(PlanSchema) },
      },
    },
    async (request, reply) => {
      const data = await inVerifiedTenant(request, (ctx) =>
        startNewPlan(ctx, request.params.id, request.body),
      );
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.put(
    '/api/participants/:id/plans/:planId',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Edits one plan of the participant, current or upcoming, replacing its budgets (write:participants); an earlier plan is not changed (422), an unknown one is 404 'Plan not found'. version is required: stale or missing is 409 with details.current. Dates overlapping another plan of the participant: 400. ${access}`,
        params: PlanParams,
        body: PlanInputSchema,
        response: { 200: oneSchema(PlanSchema) },
      },
    },
    async (request) => {
      const { id, planId } = request.params;
      const data = await inVerifiedTenant(request, (ctx) => savePlan(ctx, id, request.body, { planId }));
      return { success: true as const, data };
    },
  );
};
