import { and, eq } from 'drizzle-orm';
import { teamMembers } from '../../db/schema/teams';
import type { TenantContext } from '../../http/tenant-scope';

/** One of the caller's own team memberships: the team and their team role there (Team Lead…). */
export interface TeamMembership {
  teamId: string;
  role: string;
}

/**
 * The caller's team memberships in the tenant. The reach functions of time, invoices and the
 * dashboard each fold these into what the caller may do; a request asking several of them reads
 * the memberships once and passes them on.
 */
export function myTeamMemberships(ctx: TenantContext): Promise<TeamMembership[]> {
  return ctx.tx
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.tenantId, ctx.tenantId), eq(teamMembers.userId, ctx.actor.id)));
}
