import type { TenantUnreadCount } from '@wattle/domain/notifications/schemas';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships } from '../../db/schema/tenants';
import { type Actor, withUser } from '../../db/with-tenant';
import { runInTenant } from '../../http/tenant-scope';
import { countUnreadNotifications } from './notification-service';

/**
 * `GET /api/notifications/unread-counts`: the signed-in person's unread count (unread notifications
 * plus approvals still pending, as the inbox badge counts) in each organisation they are a member
 * of, for the tenant switcher (issue 18 item 6). Their memberships only: an organisation entered
 * through an access request or as a global admin is not theirs to be notified in. Each count is
 * read inside that organisation (`runInTenant`, row-level security on), as the badge's own is, and
 * nothing is written (the trial reminder waits until they open that organisation's inbox).
 */
export async function unreadByTenant(db: Database, actor: Actor): Promise<TenantUnreadCount[]> {
  const mine = await withUser(db, actor, (tx) =>
    tx
      .select({ tenantId: memberships.tenantId })
      .from(memberships)
      .where(eq(memberships.userId, actor.id))
      .orderBy(asc(memberships.tenantId)),
  );
  const counts: TenantUnreadCount[] = [];
  for (const { tenantId } of mine) {
    counts.push({ tenantId, unread: await runInTenant(db, tenantId, actor, countUnreadNotifications) });
  }
  return counts;
}
