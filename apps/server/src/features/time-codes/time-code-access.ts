import { can } from '@wattle/domain/auth/permissions';
import { effectiveTeamRole, type TeamRole } from '@wattle/domain/auth/roles';
import { and, eq } from 'drizzle-orm';
import { teamMembers } from '../../db/schema/teams';
import { forbidden } from '../../http/app-error';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';

/**
 * Who reads time codes and the support catalogue: whoever may write time somewhere in the tenant
 * (tenant-wide, or on any of their teams: support workers, practitioners, team leads), since they
 * bill against them, and whoever manages rates. Family guardians, auditors and guests without a
 * team they work on get 403.
 */
export async function requireTimeCodeReader(ctx: TenantContext): Promise<void> {
  if (can(ctx.tenantRole, 'write:time') || can(ctx.tenantRole, 'manage:rates')) return;
  const mine = await ctx.tx
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.tenantId, ctx.tenantId), eq(teamMembers.userId, ctx.actor.id)));
  const writesTime = mine.some((m) =>
    can(
      effectiveTeamRole(ctx.access, {
        teamRole: m.role as TeamRole,
        isSharedWithGuest: ctx.sharedTeamIds.includes(m.teamId),
      }),
      'write:time',
    ),
  );
  if (!writesTime) throw forbidden();
}

/** Time codes and the catalogue are changed by those who manage rates (owners and admins). */
export function requireRatesManager(ctx: TenantContext): void {
  requireTenantPermission(ctx, 'manage:rates');
}
