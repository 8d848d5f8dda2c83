import { isAppLink } from '@wattle/domain/notifications/rules';
import type { Notification } from '@wattle/domain/notifications/schemas';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { tenantAccessRequests, tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';

/** Notifications with the access request each may carry, its tenant's name and who asked. */
export function selectNotifications(tx: Queryable) {
  return tx
    .select({
      notification: notifications,
      request: {
        id: tenantAccessRequests.id,
        status: tenantAccessRequests.status,
        reason: tenantAccessRequests.reason,
        expiresAt: tenantAccessRequests.expiresAt,
      },
      tenantName: tenants.name,
      requesterName: users.name,
      requesterEmail: users.email,
    })
    .from(notifications)
    .leftJoin(
      tenantAccessRequests,
      and(
        eq(tenantAccessRequests.tenantId, notifications.tenantId),
        eq(tenantAccessRequests.id, notifications.tenantAccessRequestId),
      ),
    )
    .leftJoin(tenants, eq(tenants.id, tenantAccessRequests.tenantId))
    .leftJoin(users, eq(users.id, tenantAccessRequests.requestedBy))
    .$dynamic();
}

type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>['execute']>>[number];

export function toNotification(row: NotificationRow): Notification {
  const n = row.notification;
  const r = row.request;
  return {
    id: n.id,
    type: n.type,
    message: n.message,
    read: n.read,
    priority: n.priority,
    timestamp: n.createdAt.toISOString(),
    invoiceId: n.invoiceId,
    participantName: n.participantName,
    participantId: n.participantId,
    approvalStatus: n.approvalStatus,
    tenantAccessRequest: r
      ? {
          requestId: r.id,
          tenantName: row.tenantName ?? '',
          requestedBy: row.requesterName ?? '',
          requestedByEmail: row.requesterEmail ?? '',
          reason: r.reason,
          // As the access-request service reads it: an approval past its end no longer grants access.
          status: r.status === 'approved' && r.expiresAt && r.expiresAt <= new Date() ? 'revoked' : r.status,
        }
      : null,
    cardId: n.cardId,
    link: isAppLink(n.link) ? n.link : null,
  };
}
