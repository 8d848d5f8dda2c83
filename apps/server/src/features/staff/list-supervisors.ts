import { type StaffSupervisor, supervisorMembershipRoles } from '@wattle/domain/staff/schemas';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { memberships } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { forbidden } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';

const eligible = (tenantId: string) =>
  and(eq(memberships.tenantId, tenantId), inArray(memberships.role, [...supervisorMembershipRoles]));

/**
 * `GET /api/staff/supervisors`: the people a profile may name as supervisor, by name. Guests see only
 * the teams shared with them, so the tenant's list of people is not theirs to read.
 */
export async function listSupervisors(ctx: TenantContext): Promise<StaffSupervisor[]> {
  if (ctx.membershipRole === 'guest' && !ctx.tenantRole) {
    throw forbidden("Guests cannot list the organisation's people");
  }
  return ctx.tx
    .select({ userId: memberships.userId, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eligible(ctx.tenantId))
    .orderBy(asc(users.name), asc(memberships.userId));
}

/** Whether `userId` may be named as a supervisor in this tenant. */
export async function isEligibleSupervisor(ctx: TenantContext, userId: string): Promise<boolean> {
  const [row] = await ctx.tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eligible(ctx.tenantId), eq(memberships.userId, userId)));
  return !!row;
}
