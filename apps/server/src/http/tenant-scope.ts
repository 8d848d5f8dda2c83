import { can, type Permission } from '@wattle/domain/auth/permissions';
import {
  canEnterTenant,
  effectiveTenantRole,
  type MembershipRole,
  type Role,
  type TenantAccess,
} from '@wattle/domain/auth/roles';
import { featureOfApiRoute, featureOffMessage, type TenantFeature } from '@wattle/domain/tenants/features';
import type { FastifyRequest } from 'fastify';
import { deleteSessionById } from '../auth/sessions';
import type { Tx } from '../db/client';
import { type HotStatement, runHotStatement } from '../db/hot-statement';
import { type Actor, withTenant } from '../db/with-tenant';
import { AppError } from './app-error';
import { actorOf, type Caller, callerOf } from './context';

/** What a service needs to work in one tenant: the transaction, who is acting, and their standing. */
export interface TenantContext {
  tx: Tx;
  tenantId: string;
  actor: Actor;
  access: TenantAccess;
  /** The caller's tenant-wide role; null for members and guests, whose roles come from their teams. */
  tenantRole: Role | null;
  membershipRole: MembershipRole | null;
  sharedTeamIds: string[];
  /** The tenant's time zone (IANA), read with the access check: it decides "today" for the tenant. */
  timeZone: string;
  /**
   * The tenant's session idle time in minutes (null: the server's alone), read with the access check;
   * absent in contexts made outside a request (jobs).
   */
  sessionIdleMinutes?: number | null;
}

/**
 * Runs `fn` inside the request's tenant, in one transaction under row-level security, after checking
 * the caller may enter it. A tenant the caller may not enter answers 404, exactly like one that
 * does not exist, so ids of other tenants reveal nothing.
 */
export function inTenant<T>(request: FastifyRequest, fn: (ctx: TenantContext) => Promise<T>): Promise<T> {
  const tenantId = request.tenantId;
  if (!tenantId) throw new Error('inTenant used on a route without config.auth = tenant');
  const caller = callerOf(request);
  const guarded = (ctx: TenantContext) => {
    refuseIdleSession(ctx, caller);
    return fn(ctx);
  };
  const feature = featureOfApiRoute(request.method, request.routeOptions.url ?? '');
  return runInTenant(request.server.db, tenantId, actorOf(request), guarded, feature).catch(
    endIdleSession(request),
  );
}

/**
 * `feature`: the feature flag the route belongs to (tenants/features.ts). When the organisation has
 * it off, the request is refused with 403 FEATURE_OFF after the access check, so a stranger still
 * learns nothing but 404.
 */
export function runInTenant<T>(
  db: Parameters<typeof withTenant>[0],
  tenantId: string,
  actor: Actor,
  fn: (ctx: TenantContext) => Promise<T>,
  feature: TenantFeature | null = null,
): Promise<T> {
  const accessValues = [tenantId, actor.id];
  // The access check rides in the transaction's opening round trip where the connection has it.
  const opening = { name: accessStatement.name, values: accessValues };
  return withTenant(
    db,
    tenantId,
    actor,
    async (tx) => {
      const [row] = await checkAccess(tx, accessValues);
      if (!row) throw new AppError('NOT_FOUND', 'Organisation not found');
      const access: TenantAccess = {
        platformRole: actor.platformRole,
        membershipRole: row.membershipRole,
        hasApprovedAccessRequest: row.hasApprovedAccessRequest,
      };
      if (!canEnterTenant(access)) throw new AppError('NOT_FOUND', 'Organisation not found');
      if (feature && row.features?.[feature] === false) {
        throw new AppError('FEATURE_OFF', featureOffMessage(feature, row.slug), { feature });
      }
      return fn({
        tx,
        tenantId,
        actor,
        access,
        tenantRole: effectiveTenantRole(access),
        membershipRole: row.membershipRole,
        sharedTeamIds: row.sharedTeamIds ?? [],
        sessionIdleMinutes: row.sessionIdleMinutes,
        timeZone: row.timeZone,
      });
    },
    opening,
  );
}

interface AccessRow {
  membershipRole: MembershipRole | null;
  sharedTeamIds: string[] | null;
  sessionIdleMinutes: number | null;
  hasApprovedAccessRequest: boolean;
  timeZone: string;
  /** The organisation's feature flags as stored (a flag not stored is on) and its slug, for refusals. */
  features: Record<string, boolean> | null;
  slug: string;
}

/**
 * The caller's standing in the tenant: membership role, shared teams, and whether an approved access
 * request is in force; and the tenant's time zone, which most requests need for "today". Runs on every tenant request, so it is plain SQL prepared once per connection
 * (per database on PGlite, where the query builder's statements are planned on every call).
 */
const accessStatement: HotStatement = {
  name: 'wattle_access_check',
  paramTypes: ['uuid', 'uuid'],
  text: `select "memberships"."role" as "membershipRole",
    array_to_json("memberships"."shared_team_ids") as "sharedTeamIds",
    "tenants"."session_idle_minutes" as "sessionIdleMinutes",
    exists (select 1 from "tenant_access_requests"
      where "tenant_access_requests"."tenant_id" = "tenants"."id"
        and "tenant_access_requests"."requested_by" = $2
        and "tenant_access_requests"."status" = 'approved'
        and "tenant_access_requests"."expires_at" > now()) as "hasApprovedAccessRequest",
    "tenants"."time_zone" as "timeZone",
    "tenants"."features" as "features",
    "tenants"."slug" as "slug"
  from "tenants" left join "memberships"
    on "memberships"."tenant_id" = "tenants"."id" and "memberships"."user_id" = $2
  where "tenants"."id" = $1 limit 1`,
};

async function checkAccess(tx: Tx, [tenantId, userId]: string[]): Promise<AccessRow[]> {
  const rows = await runHotStatement<AccessRow>(tx, accessStatement, [tenantId!, userId!]);
  // Null only outside a `withTenant` transaction, and this check runs in none other.
  if (!rows) throw new Error('The tenant access check ran outside a withTenant transaction');
  return rows;
}

/** A session refused because it sat idle longer than the organisation allows; it is ended too. */
class IdleSessionError extends AppError {
  constructor(
    readonly sessionId: string,
    minutes: number,
  ) {
    super(
      'UNAUTHENTICATED',
      `You were signed out after ${minutes} minutes without activity, as this organisation requires. Please sign in again.`,
      // The web app tells the person why they are back at the sign-in page.
      { reason: 'session-idle', minutes },
    );
  }
}

/**
 * The organisation's session idle time (Security settings), checked with no query of its own: the
 * limit comes with the access check, the session's last activity with the session (written at most
 * once a minute, so a session may end up to a minute early, never late). API and OIDC tokens have no
 * idle time.
 */
function refuseIdleSession(ctx: TenantContext, caller: Caller): void {
  const limit = ctx.sessionIdleMinutes ?? null;
  if (limit === null || !caller.sessionId || !caller.sessionLastSeenAt) return;
  if (Date.now() - caller.sessionLastSeenAt.getTime() > limit * 60_000) {
    throw new IdleSessionError(caller.sessionId, limit);
  }
}

/**
 * Ends a session refused as idle, after its transaction rolled back: the refused request itself
 * counted as activity, so without this the next one would pass.
 */
function endIdleSession(request: FastifyRequest) {
  return async (error: unknown): Promise<never> => {
    if (error instanceof IdleSessionError) await deleteSessionById(request.server.db, error.sessionId);
    throw error;
  };
}

/** Refuses unless the caller's tenant-wide role grants the permission. */
export function requireTenantPermission(ctx: TenantContext, permission: Permission): void {
  if (!can(ctx.tenantRole, permission)) {
    throw new AppError('FORBIDDEN', 'You do not have permission to do that');
  }
}
