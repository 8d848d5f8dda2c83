import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { installPlainValidationMessages } from '@wattle/domain/shared/plain-validation-messages';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoRoutes } from './auth/demo-routes';
import { type OidcBearerResolver, registerAuthGuard } from './auth/guard';
import { sessionRoutes } from './auth/session-routes';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { accessRequestRoutes } from './features/access-requests/routes';
import { accountingExportRoutes } from './features/accounting-export/routes';
import { auditPackRoutes } from './features/audit-packs/routes';
import { behaviourAnalyticsRoutes } from './features/behaviour-analytics/routes';
import { behaviourSupportRoutes } from './features/behaviour-support/routes';
import { cardWatcherRoutes } from './features/card-watchers/routes';
import { cardExportRoutes } from './features/cards/export-routes';
import { cardRoutes } from './features/cards/routes';
import { careTeamRoutes } from './features/care-teams/routes';
import { claimRoutes } from './features/claims/routes';
import { clientErrorRoutes } from './features/client-errors/routes';
import { commentRoutes } from './features/comments/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { deadlineRoutes } from './features/deadlines/routes';
import { eventRoutes } from './features/events/routes';
import { favoriteRoutes } from './features/favorites/routes';
import { fileStorageRoutes } from './features/files/file-storage-routes';
import { fileRoutes } from './features/files/routes';
import { globalSettingsRoutes } from './features/global-settings/routes';
import { healthRoutes } from './features/health/routes';
import { incidentRoutes } from './features/incidents/routes';
import { integrationRoutes } from './features/integrations/routes';
import { invitationRoutes } from './features/invitations/routes';
import { invoicePdfRoutes } from './features/invoice-pdf/routes';
import { invoiceRoutes } from './features/invoices/routes';
import { meRoutes } from './features/me/routes';
import { mySessionRoutes } from './features/me/session-routes';
import { meetingReviewRoutes } from './features/meeting-reviews/routes';
import { notificationSettingsRoutes } from './features/notification-settings/routes';
import { notificationRoutes } from './features/notifications/routes';
import { onboardingRoutes } from './features/onboarding/routes';
import { participantRoutes } from './features/participants/routes';
import { preferenceRoutes } from './features/preferences/routes';
import { restrictivePracticeRoutes } from './features/restrictive-practices/routes';
import { searchRoutes } from './features/search/routes';
import { staffCostRateRoutes } from './features/staff/cost-rate-routes';
import { staffRoutes } from './features/staff/routes';
import { supportCatalogueRoutes } from './features/support-catalogue/routes';
import { systemSettingsRoutes } from './features/system-settings/routes';
import { taxInvoiceSettingsRoutes } from './features/tax-invoice-settings/routes';
import { teamRoutes } from './features/teams/routes';
import { teamWorkRoutes } from './features/teams/work-routes';
import { templateRoutes } from './features/templates/routes';
import { templatesRulesRoutes } from './features/templates-rules/routes';
import { tenantRoutes } from './features/tenants/routes';
import { timeCodeRoutes } from './features/time-codes/routes';
import { timeEntryRoutes } from './features/time-entries/routes';
import { timerRoutes } from './features/timer/routes';
import { registerErrorHandler } from './http/error-handler';
import { createFirstPaint, firstPaintEntry, pageWithFirstPaint, readIndexHtml } from './http/first-paint';
import { registerIdempotency } from './http/idempotency';
import { pageReadsPreload } from './http/page-preloads';
import { registerReadCache } from './http/read-cache';
import { createResponseSerializerCompiler } from './http/response-serializer';
import { createAuditPackBuilder } from './jobs/audit-pack-builder';
import { createFileStorage } from './storage/create-storage';
import type { FileStorage } from './storage/file-storage';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Extra sign-in routes and the Bearer resolver of OIDC mode (see auth/oidc.ts). */
  oidc?: { routes: FastifyPluginAsync; bearer: OidcBearerResolver };
  logger?: FastifyServerOptions['logger'];
  /** Where attachments are kept; by default the storage the configuration names. */
  storage?: FileStorage;
}

/** Builds the Fastify instance with every plugin and route. It never listens: main.ts and tests do. */
export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  // Validation errors name the field and the limit in plain words (issue 18).
  installPlainValidationMessages();
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'],
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // One log line per request, written when it ends (below), instead of Fastify's two.
    disableRequestLogging: true,
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only: a text/plain body is refused with 415 like any other type.
  app.removeContentTypeParser('text/plain');
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbHandle', database);
  app.decorate('storage', options.storage ?? createFileStorage(config));
  // Audit packs build in the background of whichever instance was asked (main.ts starts the sweep
  // that resumes packs left by a stopped server); closing the app stops the build under way.
  app.decorate('auditPackBuilder', createAuditPackBuilder({ database, storage: app.storage, log: app.log }));
  app.addHook('onClose', () => app.auditPackBuilder.stop());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkResponses: config.env === 'test' }));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        req: { method: request.method, url: request.url, ip: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Teams tab only: presence from Microsoft Graph, and teams-js's list of valid host domains.
        connectSrc: ["'self'", 'https://graph.microsoft.com', 'https://res.cdn.office.net'],
        // Wattle runs as a tab inside Microsoft Teams, which frames it.
        frameAncestors: [
          "'self'",
          'https://teams.microsoft.com',
          'https://*.teams.microsoft.com',
          'https://*.cloud.microsoft',
        ],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    frameguard: false,
    hsts: config.secureCookies,
  });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Wattle API', version: '0.1.0', description: 'Care coordination for NDIS providers.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'wattle_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  registerErrorHandler(app);
  registerAuthGuard(app, { oidcBearer: options.oidc?.bearer });
  registerIdempotency(app);
  registerReadCache(app, { seconds: config.sessionCacheSeconds });

  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
  await app.register(healthRoutes);
  await app.register(sessionRoutes);
  if (config.authMode === 'demo') await app.register(demoRoutes);
  if (options.oidc) await app.register(options.oidc.routes);
  await app.register(meRoutes);
  await app.register(mySessionRoutes);
  await app.register(tenantRoutes);
  await app.register(taxInvoiceSettingsRoutes);
  await app.register(systemSettingsRoutes);
  await app.register(globalSettingsRoutes);
  await app.register(integrationRoutes);
  await app.register(notificationSettingsRoutes);
  await app.register(teamRoutes);
  await app.register(onboardingRoutes);
  await app.register(accessRequestRoutes);
  await app.register(invitationRoutes);
  await app.register(clientErrorRoutes);
  await app.register(favoriteRoutes);
  await app.register(notificationRoutes);
  await app.register(preferenceRoutes);
  await app.register(eventRoutes);
  await app.register(cardExportRoutes);
  await app.register(cardRoutes);
  await app.register(templateRoutes);
  await app.register(templatesRulesRoutes);
  await app.register(teamWorkRoutes);
  await app.register(searchRoutes);
  await app.register(commentRoutes);
  await app.register(cardWatcherRoutes);
  await app.register(fileRoutes);
  await app.register(fileStorageRoutes);
  await app.register(participantRoutes);
  await app.register(staffRoutes);
  await app.register(staffCostRateRoutes);
  await app.register(careTeamRoutes);
  await app.register(supportCatalogueRoutes);
  await app.register(timeCodeRoutes);
  await app.register(timeEntryRoutes);
  await app.register(timerRoutes);
  await app.register(invoiceRoutes);
  await app.register(invoicePdfRoutes);
  await app.register(claimRoutes);
  await app.register(accountingExportRoutes);
  await app.register(incidentRoutes);
  await app.register(restrictivePracticeRoutes);
  await app.register(auditPackRoutes);
  await app.register(behaviourSupportRoutes);
  await app.register(behaviourAnalyticsRoutes);
  await app.register(deadlineRoutes);
  await app.register(dashboardRoutes);
  await app.register(meetingReviewRoutes);

  // BENCH_BARE_ROUTE=1, set only by scripts/bench-api.mjs: a route that does nothing, through the
  // same hooks as every other, so the benchmark compares each read with the framework's ceiling.
  if (config.benchBareRoute) app.get('/bench/bare', async () => ({ success: true as const }));
  await serveWebApp(app, config.webDistDir ?? defaultWebDist());
  return app;
}

function defaultWebDist(): string {
  // From apps/server/src/app.ts or apps/server/dist/main.js to apps/web/dist.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

/**
 * The built web app on the same port: files as they are (looked up per request, so a rebuild is
 * served without a restart), and index.html for client-side routes.
 */
async function serveWebApp(app: FastifyInstance, dist: string) {
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      index: ['index.html'],
      // The web build writes .br and .gz copies (scripts/precompress-web.mjs): sent to browsers that
      // accept them, so the app's JavaScript travels compressed without per-request CPU.
      preCompressed: true,
      // Vite names built assets by content hash, so they never change under the same name; the
      // page itself is always revalidated so a deploy is picked up at once.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (/index\.html(\.br|\.gz)?$/.test(filePath)) {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }
  const firstPaint = createFirstPaint(app, hasWeb ? firstPaintEntry(dist) : undefined);
  /** The app's page, for '/' and every client-side route, with its first paint when it can have one. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    reply.header('vary', 'cookie');
    const drawn = await firstPaint(request, pathname);
    const page = drawn === undefined ? undefined : pageWithFirstPaint(await readIndexHtml(dist), drawn);
    if (page === undefined) {
      // The guards' reads, asked for beside the page's code. A page with a first paint carries its
      // answers (decision 0041), and the app reads nothing of them again.
      const preload = pageReadsPreload(pathname, request.cookies);
      if (preload) reply.header('link', preload);
      return reply.header('cache-control', 'no-cache').sendFile('index.html', dist);
    }
    // The person's own data is in it: never kept by a cache.
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  };
  // '/' has a route of its own, before the static files' index, so it gets the page's headers.
  if (hasWeb)
    app.get('/', { config: { auth: 'public' }, schema: { hide: true } }, (request, reply) =>
      sendPage(request, reply, '/'),
    );
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // API paths, non-GETs and file paths (a stale /assets/x.js after a deploy) get a real 404.
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if (
      pathname.startsWith('/api/') ||
      pathname === '/api' ||
      request.method !== 'GET' ||
      isFile ||
      !hasWeb
    ) {
      return reply.status(404).send({
        success: false,
        error: { code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}` },
      });
    }
    return sendPage(request, reply, pathname);
  });
}
