import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { memberships, tenantAccessRequests, tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import type { Actor } from '../../db/with-tenant';
import { announceNotifications, createNotifications } from './create-notifications';

/**
 * A system admin asked to enter the tenant: each of its owners and admins, who decide such requests,
 * gets a high-priority 'tenant-access' notification carrying the request. Runs in the request's
 * transaction, in the tenant.
 */
export async function notifyAccessRequested(
  tx: Tx,
  options: { tenantId: string; tenantName: string; requestId: string; requester: Actor; reason: string },
): Promise<void> {
  const deciders = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, options.tenantId), inArray(memberships.role, ['owner', 'admin'])));
  const { requester } = options;
  await createNotifications(
    tx,
    deciders.map(({ userId }) => ({
      tenantId: options.tenantId,
      userId,
      type: 'tenant-access' as const,
      priority: 'high' as const,
      approvalStatus: 'pending' as const,
      message: `${requester.name} (${requester.email}) asks to access ${options.tenantName}: ${options.reason}`,
      tenantAccessRequestId: options.requestId,
    })),
  );
}

type Decision = 'approved' | 'rejected' | 'revoked';

const outcome = (decision: Decision, decider: string, requester: string, tenant: string) =>
  decision === 'revoked'
    ? `${decider} revoked ${requester}'s access to ${tenant}.`
    : `${decider} ${decision} ${requester}'s request to access ${tenant}.`;

/**
 * An access request was decided (approved, rejected, or an approval revoked), by whichever route.
 * Every notification of it is marked read and reworded with the outcome ('You approved …' for the
 * person who decided, 'Olivia Owner approved …' for the others); its status comes from the request.
 * Then the system admin who asked is told (see notifyRequester).
 */
export async function notifyAccessDecided(
  tx: Tx,
  options: { tenantId: string; requestId: string; decision: Decision; decider: Actor },
): Promise<void> {
  const [request] = await tx
    .select({
      requestedBy: tenantAccessRequests.requestedBy,
      durationHours: tenantAccessRequests.durationHours,
      tenantName: tenants.name,
      requesterName: users.name,
    })
    .from(tenantAccessRequests)
    .innerJoin(tenants, eq(tenants.id, tenantAccessRequests.tenantId))
    .innerJoin(users, eq(users.id, tenantAccessRequests.requestedBy))
    .where(
      and(
        eq(tenantAccessRequests.tenantId, options.tenantId),
        eq(tenantAccessRequests.id, options.requestId),
      ),
    );
  if (!request) return;
  const { decision, decider } = options;
  const now = new Date();
  const ofRequest = and(
    eq(notifications.tenantId, options.tenantId),
    eq(notifications.tenantAccessRequestId, options.requestId),
  );
  const changes = {
    read: true,
    readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)`,
    updatedAt: now,
    // A revocation ends an approval; the approval itself is no longer waiting on anyone.
    ...(decision === 'revoked' ? {} : { approvalStatus: decision }),
  };
  const returning = { id: notifications.id, tenantId: notifications.tenantId, userId: notifications.userId };
  const mine = await tx
    .update(notifications)
    .set({ ...changes, message: outcome(decision, 'You', request.requesterName, request.tenantName) })
    .where(and(ofRequest, eq(notifications.userId, decider.id)))
    .returning(returning);
  const others = await tx
    .update(notifications)
    .set({ ...changes, message: outcome(decision, decider.name, request.requesterName, request.tenantName) })
    .where(and(ofRequest, ne(notifications.userId, decider.id)))
    .returning(returning);
  await announceNotifications(tx, 'updated', [...mine, ...others]);
  await notifyRequester(tx, { ...options, ...request });
}

/**
 * Tells the system admin who asked how their request went. They are no member of the tenant they
 * asked to enter (and after a rejection cannot enter it), so the notification goes to the platform's
 * own tenant, Wattle Platform, where system admins are owners and read their inbox. That is another
 * tenant than this transaction's, so the tenant setting is switched for the insert (row-level
 * security checks the new row against it) and switched back; both writes commit or fail together.
 * A requester who is no member of the internal tenant would never see it, so none is written.
 */
async function notifyRequester(
  tx: Tx,
  options: {
    tenantId: string;
    decision: Decision;
    decider: Actor;
    requestedBy: string;
    durationHours: number;
    tenantName: string;
  },
): Promise<void> {
  const result = (await tx.execute(sql`select wattle_internal_tenant() as id`)) as unknown as {
    rows: { id: string | null }[];
  };
  const internalTenantId = result.rows[0]?.id;
  if (!internalTenantId) return;
  const { decision, decider, tenantName, durationHours } = options;
  const hours = `${durationHours} ${durationHours === 1 ? 'hour' : 'hours'}`;
  const message =
    decision === 'approved'
      ? `${decider.name} approved your request to access ${tenantName} for ${hours}.`
      : decision === 'rejected'
        ? `${decider.name} rejected your request to access ${tenantName}.`
        : `${decider.name} ended your access to ${tenantName}.`;

  const setTenant = (id: string) => tx.execute(sql`select set_config('app.tenant_id', ${id}, true)`);
  if (internalTenantId !== options.tenantId) await setTenant(internalTenantId);
  const [member] = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, internalTenantId), eq(memberships.userId, options.requestedBy)));
  if (member) {
    await createNotifications(tx, [
      {
        tenantId: internalTenantId,
        userId: options.requestedBy,
        type: decision === 'revoked' ? 'info' : decision,
        priority: 'normal',
        message,
      },
    ]);
  }
  if (internalTenantId !== options.tenantId) await setTenant(options.tenantId);
}
