import { canBeAssignedCards } from '@wattle/domain/auth/permissions';
import type { TeamRole } from '@wattle/domain/auth/roles';
import { and, eq, inArray } from 'drizzle-orm';
import { teamMembers } from '../../db/schema/teams';
import { memberships } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';

/**
 * The name of someone a card of this team may be assigned to: a member of the team who reads its
 * cards (not a family guardian), or an owner or admin of the tenant (who may work on every team).
 * Anyone else is refused with 400.
 */
export async function assigneeNameOnTeam(
  ctx: TenantContext,
  teamId: string,
  userId: string,
): Promise<string> {
  const [onTeam] = await ctx.tx
    .select({ name: users.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(
        eq(teamMembers.tenantId, ctx.tenantId),
        eq(teamMembers.teamId, teamId),
        eq(teamMembers.userId, userId),
      ),
    );
  if (onTeam && canBeAssignedCards(onTeam.role as TeamRole)) return onTeam.name;
  if (onTeam) {
    const message = `${onTeam.name} cannot be assigned cards: as ${onTeam.role} they do not see the team's cards`;
    throw new AppError('VALIDATION_FAILED', message, [{ path: ['assigneeId'], message }]);
  }
  const [admin] = await ctx.tx
    .select({ name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.tenantId, ctx.tenantId),
        eq(memberships.userId, userId),
        inArray(memberships.role, ['owner', 'admin']),
      ),
    );
  if (admin) return admin.name;
  throw new AppError('VALIDATION_FAILED', 'Assignee is not on this team', [
    { path: ['assigneeId'], message: 'Assignee is not on this team' },
  ]);
}
