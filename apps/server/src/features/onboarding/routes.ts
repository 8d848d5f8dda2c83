import { oneSchema } from '@wattle/domain/api/envelope';
import { OnboardingSchema } from '@wattle/domain/onboarding/schemas';
import { TeamSchema } from '@wattle/domain/teams/schemas';
import { TenantSchema } from '@wattle/domain/tenants/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/context';
import { runInTenant } from '../../http/tenant-scope';
import { findVisibleTeams } from '../teams/team-records';
import { toTenant } from '../tenants/tenant-records';
import { onboard } from './onboard';

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/onboarding',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['onboarding'],
        body: OnboardingSchema,
        response: { 201: oneSchema(z.object({ tenant: TenantSchema, team: TeamSchema })) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { tenant, teamId } = await onboard(app.db, actor, request.body);
      const [team] = await runInTenant(app.db, tenant.id, actor, (ctx) => findVisibleTeams(ctx, { teamId }));
      reply.status(201);
      return { success: true as const, data: { tenant: toTenant(tenant), team: team! } };
    },
  );
};
