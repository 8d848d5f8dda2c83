import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import { can } from '@wattle/domain/auth/permissions';
import { TenantFeatureFlagsSchema, UpdateTenantFeaturesSchema } from '@wattle/domain/global-settings/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenants } from '../../db/schema/tenants';
import { withUser } from '../../db/with-tenant';
import { AppError } from '../../http/app-error';
import { actorOf } from '../../http/context';
import { runInTenant } from '../../http/tenant-scope';
import { featureFlagColumns, setTenantFeatures, toFeatureFlags } from './set-tenant-features';

const tags = ['settings'];

/** Feature flags are the platform's to set: the caller's platform role decides, whatever the tenant. */
function requireGlobalAdmin(request: FastifyRequest) {
  const actor = actorOf(request);
  if (!can(actor.platformRole, 'manage:tenant-features')) {
    throw new AppError('FORBIDDEN', 'Only global admins can turn features on or off');
  }
  return actor;
}

/** `/settings/global` (issue 17 item 3): every organisation's feature flags, for global admins. */
export const globalSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/global/tenants',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          "Every organisation's feature flags (invoiceProcessing, timesheetManagement, participantManagement, teamManagement, reporting, complianceTracking) and version. Global admins only (manage:tenant-features); others 403.",
        response: { 200: listSchema(TenantFeatureFlagsSchema) },
      },
    },
    async (request) => {
      const actor = requireGlobalAdmin(request);
      const rows = await withUser(app.db, actor, (tx) =>
        tx.select(featureFlagColumns).from(tenants).orderBy(tenants.name),
      );
      const data = rows.map(toFeatureFlags);
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.patch(
    '/api/global/tenants/:id/features',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          "Turns feature flags of one organisation on or off: `features` names those to change, `version` is the organisation's version read with them (stale: 409 with the current flags). Audited in the organisation's log (features-changed, one change per flag). A route of a flag that is off answers 403 FEATURE_OFF naming the feature and how to turn it on. Global admins only; others 403, or 404 for an organisation they cannot enter.",
        params: z.object({ id: z.uuid() }),
        body: UpdateTenantFeaturesSchema,
        response: { 200: oneSchema(TenantFeatureFlagsSchema) },
      },
    },
    async (request) => {
      const actor = requireGlobalAdmin(request);
      const data = await runInTenant(app.db, request.params.id, actor, (ctx) =>
        setTenantFeatures(ctx, request.body),
      );
      return { success: true as const, data };
    },
  );
};
