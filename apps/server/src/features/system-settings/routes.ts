import { listSchema, oneSchema } from '@wattle/domain/api/envelope';
import { can } from '@wattle/domain/auth/permissions';
import { PlatformHealthSchema, TenantUsageSchema } from '@wattle/domain/system-settings/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { actorOf } from '../../http/context';
import { listTenantUsage } from './list-tenant-usage';
import { readPlatformHealth } from './platform-health';

const tags = ['settings'];

/** System Settings is the platform's, not an organisation's: the caller's platform role decides. */
function requireSystemAdmin(request: FastifyRequest) {
  const actor = actorOf(request);
  if (!can(actor.platformRole, 'manage:system')) {
    throw new AppError('FORBIDDEN', 'Only system admins can open System Settings');
  }
  return actor;
}

/** `/settings/system` (issue 17 item 3): organisations with their usage, and platform health. */
export const systemSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/system/tenants',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          'Every organisation with its plan, status, trial end and limits, and its usage as counts: people (memberships), active teams, cards and bytes of files and audit packs kept. No records of any organisation. System and global admins (manage:system on the platform role); others 403.',
        response: { 200: listSchema(TenantUsageSchema) },
      },
    },
    async (request) => {
      const actor = requireSystemAdmin(request);
      const data = await listTenantUsage(app.db, actor);
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.get(
    '/api/system/health',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          "The platform's health as this server sees it: the database (reachable, round-trip ms, migrations applied against those this version carries), this process (start, uptime, Node.js version, memory) and its background job runners (state, last run, last error). System and global admins; others 403.",
        response: { 200: oneSchema(PlatformHealthSchema) },
      },
    },
    async (request) => {
      requireSystemAdmin(request);
      return { success: true as const, data: await readPlatformHealth(app.dbHandle) };
    },
  );
};
