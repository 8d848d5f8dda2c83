import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../http/app-error';
import type { Caller, RouteAuth } from '../http/context';
import { apiTokenPrefix, resolveApiToken } from './api-tokens';
import { csrfCookie, sessionCookie } from './cookies';
import { safeEqual } from './secrets';
import { csrfTokenFor, resolveSession, type UserRow } from './sessions';

/** Resolves an OIDC access token to a user, when OIDC is configured. */
export type OidcBearerResolver = (accessToken: string) => Promise<UserRow | null>;

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TenantIdSchema = z.uuid();

/**
 * Who is asking, and may they: every /api route declares `config.auth` ('public', 'user' or
 * 'tenant'); a route that does not is refused at start-up. Callers are signed in by the session
 * cookie (writes then need the X-CSRF-Token header) or by `Authorization: Bearer`.
 */
export function registerAuthGuard(
  app: FastifyInstance,
  options: { oidcBearer?: OidcBearerResolver | undefined },
) {
  app.decorateRequest('caller', null);
  app.decorateRequest('tenantId', null);
  const guardedRoutes: { method: string; url: string; auth: RouteAuth }[] = [];
  app.decorate('apiRoutes', guardedRoutes);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const auth = route.config?.auth;
    if (!auth) throw new Error(`Route ${route.method} ${route.url} does not declare config.auth`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') guardedRoutes.push({ method, url: route.url, auth });
    }
  });

  // onRequest: who is asking is settled before the body is parsed or validated, so a signed-out
  // client gets 401 (and a forged write 403) whatever it sent.
  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config?.auth;
    if (!auth || auth === 'public') return;
    request.caller = await authenticate(app, request, options.oidcBearer);
    if (auth === 'tenant') {
      const header = request.headers['x-tenant-id'] ?? tenantFromQuery(request);
      if (!header) throw new AppError('BAD_REQUEST', 'The X-Tenant-Id header is required');
      const parsed = TenantIdSchema.safeParse(header);
      if (!parsed.success) throw new AppError('NOT_FOUND', 'Organisation not found');
      request.tenantId = parsed.data;
    }
  });
}

/** `?tenantId=` on the routes that allow it (config.tenantFromQuery), when no header was sent. */
function tenantFromQuery(request: FastifyRequest): string | undefined {
  if (!request.routeOptions.config?.tenantFromQuery) return undefined;
  const value = (request.query as Record<string, unknown> | undefined)?.tenantId;
  return typeof value === 'string' ? value : undefined;
}

async function authenticate(
  app: FastifyInstance,
  request: FastifyRequest,
  oidcBearer: OidcBearerResolver | undefined,
): Promise<Caller> {
  const authorization = request.headers.authorization;
  if (authorization) {
    const [scheme, token] = authorization.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new AppError('UNAUTHENTICATED', 'Use Authorization: Bearer <token>');
    }
    if (token.startsWith(apiTokenPrefix)) {
      const user = await resolveApiToken(app.db, token, { cacheSeconds: app.config.sessionCacheSeconds });
      if (!user) throw new AppError('UNAUTHENTICATED', 'The API token is invalid, expired or revoked');
      return { user, method: 'api-token' };
    }
    const user = oidcBearer ? await oidcBearer(token) : null;
    if (!user) throw new AppError('UNAUTHENTICATED', 'The access token is invalid or expired');
    return { user, method: 'oidc-token' };
  }

  const sessionToken = request.cookies[sessionCookie];
  if (!sessionToken) throw new AppError('UNAUTHENTICATED', 'User not authenticated');
  const session = await resolveSession(app.db, sessionToken, {
    idleMinutes: app.config.sessionIdleMinutes,
    cacheSeconds: app.config.sessionCacheSeconds,
  });
  if (!session) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');

  if (unsafeMethods.has(request.method)) {
    const header = request.headers['x-csrf-token'];
    const cookie = request.cookies[csrfCookie];
    const expected = csrfTokenFor(app.config.sessionSecret, sessionToken);
    if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie) || !safeEqual(header, expected)) {
      throw new AppError('CSRF_FAILED', 'Missing or invalid CSRF token');
    }
  }
  return {
    user: session.user,
    method: 'session',
    sessionToken,
    sessionId: session.sessionId,
    sessionLastSeenAt: session.lastSeenAt,
  };
}
