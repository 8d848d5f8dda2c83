import { diffFields } from '@wattle/domain/audit/schemas';
import type { StaffCostRate, UpdateStaffCostRate } from '@wattle/domain/staff/cost-rates';
import type { StaffListQuery } from '@wattle/domain/staff/schemas';
import { and, asc, count, eq } from 'drizzle-orm';
import { memberships } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { notFound } from '../../http/app-error';
import { requireTenantPermission, type TenantContext } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';

/**
 * Each person's hourly cost rate in the organisation (issue 17, settings user/rates): what the
 * organisation pays them an hour, kept on their membership. Owners and admins (manage:rates) alone
 * read and set it; it is pay, so team leads and the person's colleagues do not see it.
 */

const personNotFound = () => notFound('Person');

function selectCostRates(ctx: TenantContext) {
  return ctx.tx
    .select({
      userId: memberships.userId,
      name: users.name,
      email: users.email,
      role: memberships.role,
      hourlyCostRateCents: memberships.hourlyCostRateCents,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .$dynamic();
}

/** `GET /api/staff/cost-rates`: a page of the organisation's people by name, with their rates. */
export async function listCostRates(
  ctx: TenantContext,
  query: StaffListQuery,
): Promise<{ data: StaffCostRate[]; total: number }> {
  requireTenantPermission(ctx, 'manage:rates');
  const mine = eq(memberships.tenantId, ctx.tenantId);
  const data = await selectCostRates(ctx)
    .where(mine)
    .orderBy(asc(users.name), asc(memberships.userId))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await ctx.tx.select({ n: count() }).from(memberships).where(mine);
  return { data, total: total?.n ?? 0 };
}

/**
 * `PUT /api/staff/{userId}/cost-rate`: sets (or, with null, clears) one person's rate. Someone who is
 * not a member of the organisation answers 404. The change is audited with the old and new rate;
 * saving the rate already held writes nothing.
 */
export async function setCostRate(
  ctx: TenantContext,
  userId: string,
  input: UpdateStaffCostRate,
): Promise<StaffCostRate> {
  requireTenantPermission(ctx, 'manage:rates');
  const theirs = and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, userId));
  // Locked so two admins saving at once are audited in order, each with the rate it replaced.
  const [current] = await ctx.tx
    .select({ hourlyCostRateCents: memberships.hourlyCostRateCents })
    .from(memberships)
    .where(theirs)
    .for('update');
  if (!current) throw personNotFound();

  const changes = diffFields(
    { hourlyCostRateCents: current.hourlyCostRateCents },
    { hourlyCostRateCents: input.hourlyCostRateCents },
  );
  if (changes.length > 0) {
    await ctx.tx.update(memberships).set({ hourlyCostRateCents: input.hourlyCostRateCents }).where(theirs);
    await writeAudit(ctx.tx, {
      tenantId: ctx.tenantId,
      actor: ctx.actor,
      entity: 'staff-cost-rate',
      entityId: userId,
      action: input.hourlyCostRateCents === null ? 'cleared' : 'updated',
      changes,
    });
  }
  const [row] = await selectCostRates(ctx).where(theirs);
  return row!;
}
