import type { MembershipRole } from '@wattle/domain/auth/roles';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { memberships, tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import type { Actor } from '../../db/with-tenant';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/write-audit';
import { requireRoomFor } from './subscription-limits';

/**
 * Adds someone to a tenant, audited. The internal tenant is owned only by system admins (spec shell
 * section 6), so ownership of it is refused to anyone else. Refused (403 LIMIT_REACHED) when the
 * organisation's subscription has no room for another person.
 */
export async function addMembership(
  tx: Tx,
  options: {
    tenantId: string;
    userId: string;
    role: MembershipRole;
    actor: Actor | null;
    sharedTeamIds?: string[];
  },
) {
  if (options.role === 'owner') {
    const [tenant] = await tx
      .select({ isInternal: tenants.isInternal })
      .from(tenants)
      .where(eq(tenants.id, options.tenantId));
    const [user] = await tx
      .select({ platformRole: users.platformRole })
      .from(users)
      .where(eq(users.id, options.userId));
    if (tenant?.isInternal && user?.platformRole !== 'system-admin') {
      throw new AppError('FORBIDDEN', 'Only system admins can own the internal tenant');
    }
  }
  await requireRoomFor(tx, options.tenantId, 'users');
  await tx.insert(memberships).values({
    tenantId: options.tenantId,
    userId: options.userId,
    role: options.role,
    sharedTeamIds: options.sharedTeamIds ?? [],
  });
  await writeAudit(tx, {
    tenantId: options.tenantId,
    actor: options.actor,
    entity: 'membership',
    entityId: options.userId,
    action: 'created',
    changes: [{ field: 'role', oldValue: null, newValue: options.role }],
  });
}
