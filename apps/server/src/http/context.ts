import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../auth/sessions';
import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import type { Actor } from '../db/with-tenant';

/** How a route is guarded. Every /api route must say, so none is public by accident. */
export type RouteAuth = 'public' | 'user' | 'tenant';

export interface Caller {
  user: UserRow;
  method: 'session' | 'api-token' | 'oidc-token';
  /** The raw session token, for sign-out. */
  sessionToken?: string;
  /** The session's stored id (its token's hash): which of the person's sessions is this one. */
  sessionId?: string;
  /** The session's last recorded activity before this request (an organisation's idle time). */
  sessionLastSeenAt?: Date;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** A tenant route that also takes the tenant as `?tenantId=` (EventSource cannot send headers). */
    tenantFromQuery?: boolean;
  }
  interface FastifyInstance {
    db: Database;
    dbHandle: DatabaseHandle;
    /** Every /api route with its guard, for the tenant-isolation suite and documentation. */
    apiRoutes: readonly { method: string; url: string; auth: RouteAuth }[];
    config: Config;
  }
  interface FastifyRequest {
    caller: Caller | null;
    /** The X-Tenant-Id of a tenant route, parsed; membership is checked by `inTenant`. */
    tenantId: string | null;
  }
}

/** The signed-in caller; guarded routes only (the guard has already refused anonymous calls). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('callerOf used on a route that is not guarded');
  return request.caller;
}

export function actorOf(request: FastifyRequest): Actor {
  const { user } = callerOf(request);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    platformRole: user.platformRole,
    isVerified: user.verifiedAt !== null,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  };
}
