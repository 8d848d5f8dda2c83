import { can } from '@wattle/domain/auth/permissions';
import { effectiveTeamRole, type TeamRole } from '@wattle/domain/auth/roles';
import { and, eq, inArray } from 'drizzle-orm';
import { teamMembers } from '../../db/schema/teams';
import type { TenantContext } from '../../http/tenant-scope';
import { myTeamMemberships } from '../teams/my-team-memberships';

/**
 * Whose staff profiles the caller may read: 'all' for tenant-wide roles holding read:staff (owners,
 * admins, auditors, platform admins in the tenant); otherwise themselves and the people on the teams
 * where their role holds read:staff (a Team Lead's teams; a guest's only when shared with them).
 */
export async function readableStaff(ctx: TenantContext): Promise<'all' | Set<string>> {
  if (can(ctx.tenantRole, 'read:staff')) return 'all';
  const mine = await myTeamMemberships(ctx);
  const leading = mine
    .filter((m) =>
      can(
        effectiveTeamRole(ctx.access, {
          teamRole: m.role as TeamRole,
          isSharedWithGuest: ctx.sharedTeamIds.includes(m.teamId),
        }),
        'read:staff',
      ),
    )
    .map((m) => m.teamId);
  const readable = new Set([ctx.actor.id]);
  if (leading.length === 0) return readable;
  const people = await ctx.tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.tenantId, ctx.tenantId), inArray(teamMembers.teamId, leading)));
  for (const { userId } of people) readable.add(userId);
  return readable;
}

export async function canReadStaff(ctx: TenantContext, userId: string): Promise<boolean> {
  if (userId === ctx.actor.id) return true;
  const readable = await readableStaff(ctx);
  return readable === 'all' || readable.has(userId);
}

/** A person edits their own profile; tenant admins (manage:members) edit anyone's. */
export function canWriteStaff(ctx: TenantContext, userId: string): boolean {
  return userId === ctx.actor.id || can(ctx.tenantRole, 'manage:members');
}
