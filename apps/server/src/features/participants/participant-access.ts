import { can, type Permission } from '@wattle/domain/auth/permissions';
import { effectiveTeamRole, type Role, type TeamRole } from '@wattle/domain/auth/roles';
import { and, eq } from 'drizzle-orm';
import { teamMembers, teams } from '../../db/schema/teams';
import { AppError, forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';

/** How much of a participant the caller reads: the whole record, a family guardian's summary, or nothing. */
export type ParticipantReach = 'full' | 'summary' | null;

export const verificationMessage = 'Verify your account to open participant records';

/**
 * Participant records are health information: an account that has not been verified ('I understand')
 * opens none of them, whatever its role (DESIGN.md section 5).
 */
export function requireVerified(ctx: TenantContext): void {
  if (ctx.actor.isVerified !== true) throw new AppError('VERIFICATION_REQUIRED', verificationMessage);
}

/**
 * The caller's role over participants of a team, or over participants without a team (`teamId`
 * null), which only tenant-wide roles that read every participant reach. Null when they have none.
 */
export async function roleOverParticipantsOf(
  ctx: TenantContext,
  teamId: string | null,
): Promise<Role | null> {
  if (!teamId) return can(ctx.tenantRole, 'read:all-participants') ? ctx.tenantRole : null;
  if (ctx.tenantRole) return ctx.tenantRole;
  const [mine] = await ctx.tx
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.tenantId, ctx.tenantId),
        eq(teamMembers.teamId, teamId),
        eq(teamMembers.userId, ctx.actor.id),
      ),
    );
  return effectiveTeamRole(ctx.access, {
    teamRole: (mine?.role as TeamRole | undefined) ?? null,
    isSharedWithGuest: ctx.sharedTeamIds.includes(teamId),
  });
}

/** What a role reads of a participant: read:participants the record, read:participant-summary the summary. */
export function reachOf(role: Role | null): ParticipantReach {
  if (can(role, 'read:participants')) return 'full';
  if (can(role, 'read:participant-summary')) return 'summary';
  return null;
}

/**
 * Checks that the caller may put participants on a team (or leave one without a team: tenant-wide
 * only) with `permission`: a team they cannot see answers 404 'Team not found', like a missing one;
 * a role without the permission 403.
 */
export async function requireParticipantTeamPermission(
  ctx: TenantContext,
  teamId: string | null,
  permission: Permission,
): Promise<void> {
  if (!teamId) {
    if (!can(ctx.tenantRole, permission)) throw forbidden();
    return;
  }
  const [team] = await ctx.tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.tenantId, ctx.tenantId), eq(teams.id, teamId)));
  const role = team ? await roleOverParticipantsOf(ctx, teamId) : null;
  if (!role) throw new AppError('NOT_FOUND', 'Team not found');
  if (!can(role, permission)) throw forbidden();
}
