import type { Notification } from '@wattle/domain/notifications/schemas';
import { and, count, desc, eq, isNull, ne, or } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications';
import { tenantAccessRequests } from '../../db/schema/tenants';
import { AppError } from '../../http/app-error';
import type { TenantContext } from '../../http/tenant-scope';
import { decideAccessRequest } from '../access-requests/access-request-service';
import { announceNotifications } from './create-notifications';
import { selectNotifications, toNotification } from './notification-records';
import { ensureTrialReminder } from './trial-reminder';

// Reading, marking and deleting notifications changes one person's inbox, not the tenant's records,
// so none of it is written to the tenant audit log. Deciding an access request from the inbox is
// audited, by the access-request service that does it.

/** Only the recipient sees a notification: every query is narrowed to the caller in the tenant. */
const mine = (ctx: TenantContext) =>
  and(eq(notifications.tenantId, ctx.tenantId), eq(notifications.userId, ctx.actor.id));
const mineWithId = (ctx: TenantContext, id: string) => and(mine(ctx), eq(notifications.id, id));
const notFound = () => new AppError('NOT_FOUND', 'Notification not found');

/** Unread, or an approval still pending: what the inbox badge counts (spec shell section 4). */
const countsAsUnread = or(eq(notifications.read, false), eq(notifications.approvalStatus, 'pending'));
const countsAsRead = and(
  eq(notifications.read, true),
  or(isNull(notifications.approvalStatus), ne(notifications.approvalStatus, 'pending')),
);

/**
 * The caller's notifications, newest first. `unread: true` keeps those the badge counts (unread or a
 * pending approval), `false` the rest.
 */
export async function listNotifications(
  ctx: TenantContext,
  query: { limit: number; offset: number; unread?: boolean | undefined },
): Promise<{ data: Notification[]; total: number }> {
  await ensureTrialReminder(ctx);
  const where =
    query.unread === undefined ? mine(ctx) : and(mine(ctx), query.unread ? countsAsUnread : countsAsRead);
  const rows = await selectNotifications(ctx.tx)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await ctx.tx.select({ n: count() }).from(notifications).where(where);
  return { data: rows.map(toNotification), total: total?.n ?? 0 };
}

export async function countUnread(ctx: TenantContext): Promise<number> {
  await ensureTrialReminder(ctx);
  return countUnreadNotifications(ctx);
}

/** The badge's count as it stands, writing nothing (the other organisations' counts in the switcher). */
export async function countUnreadNotifications(ctx: TenantContext): Promise<number> {
  const [row] = await ctx.tx
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(ctx), countsAsUnread));
  return row?.n ?? 0;
}

export async function findNotification(ctx: TenantContext, id: string): Promise<Notification> {
  const [row] = await selectNotifications(ctx.tx).where(mineWithId(ctx, id));
  if (!row) throw notFound();
  return toNotification(row);
}

export async function setNotificationRead(
  ctx: TenantContext,
  id: string,
  read: boolean,
): Promise<Notification> {
  const now = new Date();
  const changed = await ctx.tx
    .update(notifications)
    .set({ read, readAt: read ? now : null, updatedAt: now })
    .where(mineWithId(ctx, id))
    .returning({ id: notifications.id, tenantId: notifications.tenantId, userId: notifications.userId });
  if (changed.length === 0) throw notFound();
  await announceNotifications(ctx.tx, 'updated', changed);
  return findNotification(ctx, id);
}

/** Marks every unread notification of the caller read, answering how many it marked. */
export async function markAllNotificationsRead(ctx: TenantContext): Promise<number> {
  const now = new Date();
  const changed = await ctx.tx
    .update(notifications)
    .set({ read: true, readAt: now, updatedAt: now })
    .where(and(mine(ctx), eq(notifications.read, false)))
    .returning({ id: notifications.id, tenantId: notifications.tenantId, userId: notifications.userId });
  // One event for the lot: the client refetches the inbox per entity, not per record.
  if (changed.length > 0) await announceNotifications(ctx.tx, 'updated', [{ ...changed[0]!, id: '*' }]);
  return changed.length;
}

export async function deleteNotification(ctx: TenantContext, id: string): Promise<void> {
  const deleted = await ctx.tx
    .delete(notifications)
    .where(mineWithId(ctx, id))
    .returning({ id: notifications.id, tenantId: notifications.tenantId, userId: notifications.userId });
  if (deleted.length === 0) throw notFound();
  await announceNotifications(ctx.tx, 'deleted', deleted);
}

/**
 * Approve or Reject in the inbox: decides the access request behind a 'tenant-access' notification
 * through the access-request service (which checks the caller is an owner or admin, audits the
 * decision, and marks and rewords every notification of the request), then answers this one.
 */
export async function decideFromNotification(
  ctx: TenantContext,
  id: string,
  decision: 'approved' | 'rejected',
): Promise<Notification> {
  const [notification] = await ctx.tx
    .select({ type: notifications.type, requestId: notifications.tenantAccessRequestId })
    .from(notifications)
    .where(mineWithId(ctx, id));
  if (!notification) throw notFound();
  if (notification.type !== 'tenant-access' || !notification.requestId) {
    throw new AppError('BAD_REQUEST', 'This notification has no access request to decide');
  }
  const [request] = await ctx.tx
    .select({ version: tenantAccessRequests.version })
    .from(tenantAccessRequests)
    .where(
      and(
        eq(tenantAccessRequests.tenantId, ctx.tenantId),
        eq(tenantAccessRequests.id, notification.requestId),
      ),
    );
  if (!request) throw new AppError('NOT_FOUND', 'Access request not found');
  // The inbox decides what it shows: the request as it stands. A decision made meanwhile by someone
  // else still answers 409 ('This request is already approved') from the service.
  await decideAccessRequest(ctx, notification.requestId, { decision, version: request.version });
  return findNotification(ctx, id);
}
