import { seesAllTeams } from '@wattle/domain/auth/roles';
import type { TenantSummary } from '@wattle/domain/tenants/schemas';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { teamMembers, teams } from '../../db/schema/teams';
import { memberships, tenantAccessRequests, tenants } from '../../db/schema/tenants';
import { type Actor, withUser } from '../../db/with-tenant';
import { runInTenant } from '../../http/tenant-scope';
import { toTenantSummary } from './tenant-records';

/**
 * The tenant switcher's list: every tenant the caller belongs to, plus, for a system admin, those
 * opened to them by an approved access request, and for a global admin every tenant. Team counts
 * follow spec shell section 6: all of the tenant's teams for owners and admins, the shared (or own)
 * teams for everyone else.
 */
export async function listMyTenants(db: Database, actor: Actor): Promise<TenantSummary[]> {
  const entries = await withUser(db, actor, async (tx) => {
    const mine = await tx
      .select({ tenant: tenants, membership: memberships })
      .from(tenants)
      .leftJoin(memberships, and(eq(memberships.tenantId, tenants.id), eq(memberships.userId, actor.id)))
      .where(
        actor.platformRole === 'global-admin'
          ? undefined
          : sql`${memberships.userId} is not null or ${tenants.id} in (${tx
              .select({ id: tenantAccessRequests.tenantId })
              .from(tenantAccessRequests)
              .where(
                and(
                  eq(tenantAccessRequests.requestedBy, actor.id),
                  eq(tenantAccessRequests.status, 'approved'),
                  gt(tenantAccessRequests.expiresAt, sql`now()`),
                ),
              )})`,
      )
      .orderBy(asc(tenants.name));
    const grants = await tx
      .select({
        tenantId: tenantAccessRequests.tenantId,
        expiresAt: sql<Date>`max(${tenantAccessRequests.expiresAt})`,
      })
      .from(tenantAccessRequests)
      .where(
        and(
          eq(tenantAccessRequests.requestedBy, actor.id),
          eq(tenantAccessRequests.status, 'approved'),
          gt(tenantAccessRequests.expiresAt, sql`now()`),
        ),
      )
      .groupBy(tenantAccessRequests.tenantId);
    const grantExpiry = new Map(grants.map((g) => [g.tenantId, new Date(g.expiresAt)]));
    return mine.map((row) => ({ ...row, accessExpiresAt: grantExpiry.get(row.tenant.id) ?? null }));
  });

  const summaries: TenantSummary[] = [];
  for (const entry of entries) {
    const teamCount = await runInTenant(db, entry.tenant.id, actor, async (ctx) => {
      if (seesAllTeams(ctx.access)) {
        const [row] = await ctx.tx.select({ n: count() }).from(teams).where(eq(teams.tenantId, ctx.tenantId));
        return row?.n ?? 0;
      }
      if (ctx.membershipRole === 'guest') {
        if (ctx.sharedTeamIds.length === 0) return 0;
        const [row] = await ctx.tx
          .select({ n: count() })
          .from(teams)
          .where(and(eq(teams.tenantId, ctx.tenantId), inArray(teams.id, ctx.sharedTeamIds)));
        return row?.n ?? 0;
      }
      const [row] = await ctx.tx
        .select({ n: count() })
        .from(teamMembers)
        .where(and(eq(teamMembers.tenantId, ctx.tenantId), eq(teamMembers.userId, actor.id)));
      return row?.n ?? 0;
    });
    summaries.push(
      toTenantSummary(entry.tenant, {
        role: entry.membership?.role ?? null,
        teamCount,
        joinedAt: entry.membership?.joinedAt.toISOString() ?? null,
        accessExpiresAt: entry.accessExpiresAt?.toISOString() ?? null,
      }),
    );
  }
  return summaries;
}
