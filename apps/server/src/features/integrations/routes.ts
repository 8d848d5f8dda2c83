import { oneSchema } from '@wattle/domain/api/envelope';
import {
  IntegrationKindSchema,
  IntegrationStatusSchema,
  IntegrationTestResultSchema,
} from '@wattle/domain/integrations/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inTenant, requireTenantPermission } from '../../http/tenant-scope';
import { readIntegrationStatus } from './integration-status';
import { testIntegration } from './test-integration';

const tags = ['settings'];

/**
 * `/settings/integrations` (issue 17 item 3): sign-in, SMTP, file storage and clamd as the server is
 * configured, each with a real "Test connection". Tenant routes: the spec's settings table gives
 * Integrations to tenant admins and up (manage:tenant), who check what their organisation relies on.
 */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings/integrations',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'How the installation signs people in (demo or OIDC: issuer, client id, whether a secret is set), sends e-mail (SMTP host, port, TLS, whether credentials are set, From), keeps files (directory: where, writable, free bytes; or S3 bucket) and scans them (clamd host and port). Never a secret. Tenant admins and up (manage:tenant); others 403.',
        response: { 200: oneSchema(IntegrationStatusSchema) },
      },
    },
    async (request) => {
      await inTenant(request, async (ctx) => requireTenantPermission(ctx, 'manage:tenant'));
      return { success: true as const, data: await readIntegrationStatus(app.config) };
    },
  );

  app.post(
    '/api/settings/integrations/:kind/test',
    {
      config: { auth: 'tenant', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          "Tests one integration for real: sign-in (OIDC: the provider's discovery document), smtp (connect, EHLO and sign in; nothing is sent), storage (write and remove a small file) or clamd (PING and VERSION). Answers 200 with isOk and a plain message either way, and how long it took. Tenant admins and up; 20 a minute.",
        params: z.object({ kind: IntegrationKindSchema }),
        response: { 200: oneSchema(IntegrationTestResultSchema) },
      },
    },
    async (request) => {
      await inTenant(request, async (ctx) => requireTenantPermission(ctx, 'manage:tenant'));
      const data = await testIntegration(request.params.kind, { config: app.config, storage: app.storage });
      return { success: true as const, data };
    },
  );
};
