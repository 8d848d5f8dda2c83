import { checkState, type StaffProfile } from '@wattle/domain/staff/schemas';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { staffProfiles } from '../../db/schema/staff';
import { memberships } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import type { TenantContext } from '../../http/tenant-scope';
import { tenantToday } from '../cards/card-values';

const supervisors = alias(users, 'supervisor');

/**
 * A staff profile is a membership of the tenant, with the person's saved profile when there is one:
 * everyone who belongs to the tenant has a profile to read, empty (version 0) until first saved.
 */
function selectStaff(tx: Tx) {
  return tx
    .select({
      userId: memberships.userId,
      role: memberships.role,
      joinedAt: memberships.joinedAt,
      name: users.name,
      email: users.email,
      profile: staffProfiles,
      supervisorName: supervisors.name,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(
      staffProfiles,
      and(eq(staffProfiles.tenantId, memberships.tenantId), eq(staffProfiles.userId, memberships.userId)),
    )
    .leftJoin(supervisors, eq(supervisors.id, staffProfiles.supervisorId))
    .$dynamic();
}

type StaffRow = Awaited<ReturnType<ReturnType<typeof selectStaff>['execute']>>[number];
export type StaffProfileRow = typeof staffProfiles.$inferSelect;

export function toStaffProfile(row: StaffRow, today: string): StaffProfile {
  const p = row.profile;
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    qualifications: p?.qualifications ?? [],
    registrations: p?.registrations ?? [],
    specializations: p?.specializations ?? [],
    supervisorId: p?.supervisorId ?? null,
    supervisorName: p?.supervisorId ? (row.supervisorName ?? null) : null,
    workingWithChildrenCheck: p?.workingWithChildrenCheck ?? null,
    workerScreening: p?.workerScreening ?? null,
    screening: checkState(today, p?.workerScreening ?? null),
    childrenCheck: checkState(today, p?.workingWithChildrenCheck ?? null),
    version: p?.version ?? 0,
    updatedAt: p?.updatedAt.toISOString() ?? null,
  };
}

/** One member's profile, or undefined when they are not a member of the tenant. */
export async function findStaffProfile(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  userId: string,
  today?: string,
): Promise<StaffProfile | undefined> {
  const [row] = await selectStaff(ctx.tx).where(
    and(eq(memberships.tenantId, ctx.tenantId), eq(memberships.userId, userId)),
  );
  return row ? toStaffProfile(row, today ?? (await tenantToday(ctx))) : undefined;
}

/**
 * A page of the tenant's members' profiles by name, limited to `userIds` when given (an empty list
 * reads nothing), with how many there are in all.
 */
export async function findStaffProfiles(
  ctx: Pick<TenantContext, 'tx' | 'tenantId'>,
  options: { userIds?: readonly string[]; limit: number; offset: number },
): Promise<{ data: StaffProfile[]; total: number }> {
  if (options.userIds?.length === 0) return { data: [], total: 0 };
  const where: SQL | undefined = and(
    eq(memberships.tenantId, ctx.tenantId),
    options.userIds ? inArray(memberships.userId, [...options.userIds]) : undefined,
  );
  const rows = await selectStaff(ctx.tx)
    .where(where)
    .orderBy(asc(users.name), asc(memberships.userId))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await ctx.tx.select({ n: count() }).from(memberships).where(where);
  const today = await tenantToday(ctx);
  return { data: rows.map((row) => toStaffProfile(row, today)), total: total?.n ?? 0 };
}
