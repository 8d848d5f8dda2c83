import type { TeamRole } from '@wattle/domain/auth/roles';
import type { Team } from '@wattle/domain/teams/schemas';
import { and, eq, ne } from 'drizzle-orm';
import { teamMembers } from '../../db/schema/teams';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { requireCardPermission } from '../cards/card-records';
import { publishTeamChange } from './team-events';
import { findVisibleTeams } from './team-records';

export const lastTeamLeadMessage = 'A team needs at least one Team Lead';

/**
 * `PATCH /api/teams/{id}/members/{userId}`: changes a member's team role (manage:team). The last
 * Team Lead of a team that has other members cannot be made something else: someone must lead the
 * people on it. A team whose only member is its lead may lose that lead (tenant admins manage every
 * team regardless). Members are not part of the team's version: a role change never makes a rename
 * of the same team stale.
 */
export async function changeMemberRole(
  ctx: TenantContext,
  teamId: string,
  userId: string,
  role: TeamRole,
): Promise<Team> {
  await requireCardPermission(ctx, teamId, 'manage:team');
  const member = await lockMember(ctx, teamId, userId);
  if (member.role !== role) {
    if (member.role === 'Team Lead') await refuseLosingLastLead(ctx, teamId, userId);
    await ctx.tx
      .update(teamMembers)
      .set({ role })
      .where(memberWhere(ctx, teamId, userId));
    await recordMemberChange(ctx, teamId, userId, 'updated', member.role, role);
  }
  return teamAfterChange(ctx, teamId);
}

/**
 * `DELETE /api/teams/{id}/members/{userId}`: takes someone off a team (manage:team). Only the team
 * membership goes: the cards, comments and time they recorded stay, attributed to them, and they stay
 * in the organisation. The same last-Team-Lead rule as a role change applies.
 */
export async function removeMember(ctx: TenantContext, teamId: string, userId: string): Promise<Team> {
  await requireCardPermission(ctx, teamId, 'manage:team');
  const member = await lockMember(ctx, teamId, userId);
  if (member.role === 'Team Lead') await refuseLosingLastLead(ctx, teamId, userId);
  await ctx.tx.delete(teamMembers).where(memberWhere(ctx, teamId, userId));
  await recordMemberChange(ctx, teamId, userId, 'deleted', member.role, null);
  return teamAfterChange(ctx, teamId);
}

function memberWhere(ctx: TenantContext, teamId: string, userId: string) {
  return and(
    eq(teamMembers.tenantId, ctx.tenantId),
    eq(teamMembers.teamId, teamId),
    eq(teamMembers.userId, userId),
  );
}

/** Audits a member's role change (or removal: no new role) and tells the team's viewers. */
async function recordMemberChange(
  ctx: TenantContext,
  teamId: string,
  userId: string,
  action: 'updated' | 'deleted',
  oldRole: TeamRole,
  newRole: TeamRole | null,
): Promise<void> {
  await writeAudit(ctx.tx, {
    tenantId: ctx.tenantId,
    actor: ctx.actor,
    entity: 'team-member',
    entityId: `${teamId}:${userId}`,
    action,
    changes: [{ field: 'role', oldValue: oldRole, newValue: newRole }],
  });
  await publishTeamChange(ctx, teamId);
}

async function teamAfterChange(ctx: TenantContext, teamId: string): Promise<Team> {
  const [team] = await findVisibleTeams(ctx, { teamId });
  return team!;
}

/**
 * The team's member rows, locked in a fixed order so that two leads demoting each other at once take
 * turns and the second sees the first's change (one of them keeps the lead).
 */
async function lockMember(ctx: TenantContext, teamId: string, userId: string) {
  const rows = await ctx.tx
    .select({ userId: teamMembers.userId, role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.tenantId, ctx.tenantId), eq(teamMembers.teamId, teamId)))
    .orderBy(teamMembers.userId)
    .for('update');
  const member = rows.find((row) => row.userId === userId);
  if (!member) throw new AppError('NOT_FOUND', 'Team member not found');
  return member;
}

async function refuseLosingLastLead(ctx: TenantContext, teamId: string, userId: string): Promise<void> {
  const others = await ctx.tx
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.tenantId, ctx.tenantId),
        eq(teamMembers.teamId, teamId),
        ne(teamMembers.userId, userId),
      ),
    );
  if (others.length > 0 && !others.some((other) => other.role === 'Team Lead')) {
    throw new AppError('BAD_REQUEST', lastTeamLeadMessage);
  }
}
