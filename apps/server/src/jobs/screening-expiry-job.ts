import { and, eq } from 'drizzle-orm';
import { staffProfiles } from '../db/schema/staff';
import { memberships } from '../db/schema/tenants';
import { users } from '../db/schema/users';
import { checkNotice, expiringChecks } from './deadline-notices';
import type { JobScope } from './job-scope';
import { type DedupedNotification, notifyOnce } from './notify-once';
import { findTenantAdmins } from './recipients';

/**
 * Screening expiry: each NDIS Worker Screening, Working with Children Check or registration of a
 * member's staff profile that expires within `expiryWarningDays` or has expired tells the person and
 * the tenant's owners and admins once per expiry date: `screening:<userId>:<kind>:<expiryDate>`, so a
 * renewed check (a new date) is told again when it in turn comes near.
 */
export async function notifyScreeningExpiring(scope: JobScope): Promise<number> {
  const { tx, tenantId, today } = scope;
  const profiles = await tx
    .select({
      userId: staffProfiles.userId,
      name: users.name,
      workerScreening: staffProfiles.workerScreening,
      workingWithChildrenCheck: staffProfiles.workingWithChildrenCheck,
      registrations: staffProfiles.registrations,
    })
    .from(staffProfiles)
    .innerJoin(
      memberships,
      and(eq(memberships.tenantId, staffProfiles.tenantId), eq(memberships.userId, staffProfiles.userId)),
    )
    .innerJoin(users, eq(users.id, staffProfiles.userId))
    .where(eq(staffProfiles.tenantId, tenantId));
  const due = profiles.flatMap((profile) =>
    expiringChecks(today, profile).map((check) => ({ profile, check })),
  );
  if (due.length === 0) return 0;

  const admins = await findTenantAdmins(tx, tenantId);
  const rows: DedupedNotification[] = due.flatMap(({ profile, check }) =>
    [...new Set([profile.userId, ...admins])].map((userId) => {
      const notice = checkNotice(check, profile.name, userId === profile.userId);
      return {
        tenantId,
        userId,
        type: 'screening' as const,
        priority: notice.priority,
        message: notice.message,
        dedupeKey: `screening:${profile.userId}:${check.kind}:${check.expiryDate}`,
      };
    }),
  );
  return notifyOnce(tx, rows);
}
