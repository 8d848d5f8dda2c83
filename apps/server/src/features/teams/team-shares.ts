import type { Team, TeamGuest } from '@wattle/domain/teams/schemas';
import { and, asc, eq } from 'drizzle-orm';
import { memberships } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { requireCardPermission } from '../cards/card-records';
import { setSharedTeams } from './add-team-member';
import { publishTeamChange } from './team-events';
import { findVisibleTeams } from './team-records';

/**
 * `GET /api/teams/{id}/shares`: the organisation's guests (memberships with role guest), each with
 * whether this team is shared with them (manage:team). A guest sees only the teams shared with them.
 */
export async function listTeamGuests(ctx: TenantContext, teamId: string): Promise<TeamGuest[]> {
  await requireCardPermission(ctx, teamId, 'manage:team');
  const rows = await ctx.tx
    .select({
      userId: memberships.userId,
      name: users.name,
      email: users.email,
      sharedTeamIds: memberships.sharedTeamIds,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.role, 'guest')))
    .orderBy(asc(users.name));
  return rows.map((row) => ({
    userId: row.userId,
    name: row.name,
    email: row.email,
    isShared: row.sharedTeamIds.includes(teamId),
  }));
}

/**
 * `POST /api/teams/{id}/shares` and `DELETE /api/teams/{id}/shares/{userId}`: shares the team with a
 * guest of the organisation, or stops sharing it (manage:team), audited on the guest's membership.
 * Someone who is not a guest of the organisation answers 404 'Guest not found'. Sharing what is
 * already shared (or unsharing what is not) changes nothing.
 */
export async function setTeamShared(
  ctx: TenantContext,
  teamId: string,
  userId: string,
  isShared: boolean,
): Promise<Team> {
  await requireCardPermission(ctx, teamId, 'manage:team');
  const [guest] = await ctx.tx
    .select({ sharedTeamIds: memberships.sharedTeamIds })
    .from(memberships)
    .where(
      and(
        eq(memberships.tenantId, ctx.tenantId),
        eq(memberships.userId, userId),
        eq(memberships.role, 'guest'),
      ),
    )
    .for('update');
  if (!guest) throw new AppError('NOT_FOUND', 'Guest not found');
  const before = guest.sharedTeamIds;
  const after = isShared ? [...before, teamId] : before.filter((id) => id !== teamId);
  if (before.includes(teamId) !== isShared) {
    await setSharedTeams(ctx.tx, { tenantId: ctx.tenantId, actor: ctx.actor, userId, before, after });
    await publishTeamChange(ctx, teamId);
  }
  const [team] = await findVisibleTeams(ctx, { teamId });
  return team!;
}
