import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  CreateEngagementSchema,
  CreatePlanSchema,
  DiffQuerySchema,
  EngagementListQuerySchema,
  EngagementSchema,
  NeedsChangedSchema,
  NewPlanVersionSchema,
  PlanListQuerySchema,
  PlanPrefillQuerySchema,
  PlanPrefillSchema,
  PlanSchema,
  PlanStepSchema,
  PlanSummarySchema,
  PlanVersionSchema,
  PlanVersionSummarySchema,
  RejectPlanSchema,
  SharePlanSchema,
  UpdateEngagementSchema,
  VersionParamsSchema,
} from '@wattle/domain/behaviour-support/schemas';
import { VersionDiffSchema } from '@wattle/domain/behaviour-support/version-diff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant } from '../../http/tenant-scope';
import { createPlan, planPrefill } from './create-plan';
import { createEngagement, listEngagements, updateEngagement } from './engagements';
import { listPlans, readPlan } from './plan-records';
import { diffPlanVersions, listPlanVersions, readPlanVersion } from './plan-versions';
import {
  approvePlan,
  recordNeedsChanged,
  rejectPlan,
  sharePlan,
  startNewVersion,
  submitPlan,
} from './plan-workflow';

const Params = z.object({ id: z.uuid() });
const tags = ['behaviour-support'];

const reach =
  "Readers on the plan's team: read:cards (staff, tenant admins, auditors) every plan; read:shared-plans alone (family guardians) only plans shared with family. A plan or team outside the caller's reach answers 404, like a missing one.";
const writes =
  "Needs write:plans on the plan's team (practitioners, therapists, team leads, admins; 403 otherwise). Audited (entity behaviour-support-plan) and announced live.";
const refused =
  "A step the plan's status does not allow is 422 WORKFLOW_REFUSED with the domain's planMessages; a stale version is 409 CONFLICT with details.current.";
const engagementReach =
  "Readers: read:cards on the participant's team (staff, tenant admins, auditors); writers: write:plans there. Others' records answer 404.";

/** Behaviour support plans and engagements (issue 16 item 1; decision 0025). */
export const behaviourSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/behaviour-support-engagements',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `When specialist behaviour support started for participants, newest first, filtered by participantId, teamId and open, each with its 'bsp-interim' and 'bsp-comprehensive' deadlines. ${engagementReach}`,
        querystring: EngagementListQuerySchema,
        response: { 200: listSchema(EngagementSchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => listEngagements(ctx, request.query));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.post(
    '/api/behaviour-support-engagements',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Records that specialist behaviour support started (engagedOn, not in the future) for a participant; keeps the interim plan deadline (1 month) and the comprehensive plan deadline (6 months), met by plans approved since. One open engagement per participant (422 otherwise). ${engagementReach} Audited.`,
        body: CreateEngagementSchema,
        response: { 201: oneSchema(EngagementSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => createEngagement(ctx, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.patch(
    '/api/behaviour-support-engagements/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Corrects an engagement (engagedOn, practitionerId, note) or ends it (endedOn, not before engagedOn); its deadlines follow, and those not yet met go when it ends. A stale version is 409 CONFLICT with details.current. ${engagementReach} Audited.`,
        params: Params,
        body: UpdateEngagementSchema,
        response: { 200: oneSchema(EngagementSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => updateEngagement(ctx, request.params.id, request.body));
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/behaviour-support-plans',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `A page of plans, newest first, filtered by teamId, participantId and status, each with its review deadline. ${reach}`,
        querystring: PlanListQuerySchema,
        response: { 200: listSchema(PlanSummarySchema) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { data, total } = await inTenant(request, (ctx) => listPlans(ctx, request.query));
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.get(
    '/api/behaviour-support-plans/prefill',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `What a new plan of the kind for the team's participant would be prefilled with: the participant's details from their record and the latest functional behaviour assessment's values (never its signatures or consents). ${writes}`,
        querystring: PlanPrefillQuerySchema,
        response: { 200: oneSchema(PlanPrefillSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        planPrefill(ctx, request.query.teamId, request.query.kind),
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/behaviour-support-plans',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Creates a draft plan (version 1) of kind interim or comprehensive for participantId or the participant of teamId, with its working card made from the built-in template (interim-bsp, comprehensive-bsp) and prefilled as /prefill says. ${writes}`,
        body: CreatePlanSchema,
        response: { 201: oneSchema(PlanSchema) },
      },
    },
    async (request, reply) => {
      const data = await inTenant(request, (ctx) => createPlan(ctx, request.body));
      reply.status(201);
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/behaviour-support-plans/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `One plan: status, versions, the restrictive practices of its newest version, review dates, its card's compliance, its deadlines and the actions the caller may take. ${reach}`,
        params: Params,
        response: { 200: oneSchema(PlanSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => readPlan(ctx, request.params.id));
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/behaviour-support-plans/:id/versions',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `The plan's versions, oldest first, with who wrote, submitted and approved each. ${reach}`,
        params: Params,
        response: { 200: oneSchema(z.array(PlanVersionSummarySchema)) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) => listPlanVersions(ctx, request.params.id));
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/behaviour-support-plans/:id/versions/:number',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `One version with its field values: the frozen copy of an approved, superseded or submitted version; the working card's values of the draft. ${reach}`,
        params: VersionParamsSchema,
        response: { 200: oneSchema(PlanVersionSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        readPlanVersion(ctx, request.params.id, request.params.number),
      );
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/behaviour-support-plans/:id/diff',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Versions from and to compared field by field, labelled from the template, long text word by word. ${reach}`,
        params: Params,
        querystring: DiffQuerySchema,
        response: { 200: oneSchema(VersionDiffSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        diffPlanVersions(ctx, request.params.id, request.query.from, request.query.to),
      );
      return { success: true as const, data };
    },
  );

  const step = (
    path: string,
    description: string,
    body: z.ZodType,
    run: (ctx: Parameters<Parameters<typeof inTenant>[1]>[0], id: string, body: never) => Promise<unknown>,
  ) =>
    app.post(
      `/api/behaviour-support-plans/:id/${path}`,
      {
        config: { auth: 'tenant' },
        schema: { tags, description, params: Params, body, response: { 200: oneSchema(PlanSchema) } },
      },
      async (request) => {
        const data = await inTenant(request, (ctx) => run(ctx, request.params.id, request.body as never));
        return { success: true as const, data: data as z.infer<typeof PlanSchema> };
      },
    );

  step(
    'submit',
    `Sends a draft for approval: its form must have no missing required field or signature (422 planMessages.incomplete with details.issues); the values submitted are kept with the version and the form is locked. ${refused} ${writes}`,
    PlanStepSchema,
    (ctx, id, body: { version?: number } | undefined) => submitPlan(ctx, id, body?.version),
  );
  step(
    'approve',
    `Approves the version in review: approve:plans on the team (its clinicians, tenant admins; 403 otherwise). The version's values are frozen; the version approved before is superseded; the review falls due 12 months on; the participant's engagement deadlines are met (interim by an interim plan, both by a comprehensive one, which also supersedes an approved interim plan). A form changed since submission is refused. ${refused}`,
    PlanStepSchema,
    (ctx, id, body: { version?: number } | undefined) => approvePlan(ctx, id, body?.version),
  );
  step(
    'reject',
    `Sends the version in review back to draft with a reason (approve:plans, as approve). ${refused}`,
    RejectPlanSchema,
    (ctx, id, body: z.infer<typeof RejectPlanSchema>) => rejectPlan(ctx, id, body),
  );
  step(
    'versions',
    `Starts a new draft version (changeSummary) of an approved plan; the approved version stays in force and unchanged until the new one is approved. ${refused} ${writes}`,
    NewPlanVersionSchema,
    (ctx, id, body: z.infer<typeof NewPlanVersionSchema>) => startNewVersion(ctx, id, body),
  );
  step(
    'share',
    `Shares the plan with the team's family guardians (sharedWithFamily true) or stops sharing it. ${refused} ${writes}`,
    SharePlanSchema,
    (ctx, id, body: z.infer<typeof SharePlanSchema>) => sharePlan(ctx, id, body),
  );
  step(
    'needs-changed',
    `Records the day the participant's needs changed (not in the future; null clears it): the review falls due a month after it when sooner than 12 months after approval. Only for a plan with an approved version. ${refused} ${writes}`,
    NeedsChangedSchema,
    (ctx, id, body: z.infer<typeof NeedsChangedSchema>) => recordNeedsChanged(ctx, id, body),
  );
};
