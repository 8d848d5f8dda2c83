import { listSchema, OkSchema, oneSchema } from '@wattle/domain/api/envelope';
import {
  DecideNotificationSchema,
  NotificationSchema,
  NotificationsQuerySchema,
  ReadAllNotificationsResultSchema,
  TenantUnreadCountSchema,
  UnreadCountSchema,
  UpdateNotificationSchema,
} from '@wattle/domain/notifications/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../http/context';
import { inTenant } from '../../http/tenant-scope';
import {
  countUnread,
  decideFromNotification,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  setNotificationRead,
} from './notification-service';
import { unreadByTenant } from './unread-by-tenant';

const Params = z.object({ id: z.uuid() });
const tags = ['notifications'];

/**
 * The caller's inbox in the current tenant (spec shell sections 3, 4 and 8). Every member has one;
 * only the recipient sees or changes a notification (404 for anyone else's).
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      config: { auth: 'tenant', readCache: true },
      schema: {
        tags,
        description:
          'Newest first. unread=true keeps what the unread count counts (unread, or an approval still pending); ' +
          'unread=false the rest. A notification about a card (a mention in its comments) carries its cardId; the ' +
          'inbox links it to /card/{cardId}.',
        querystring: NotificationsQuerySchema,
        response: { 200: listSchema(NotificationSchema) },
      },
    },
    async (request) => {
      const { limit, offset, unread } = request.query;
      const { data, total } = await inTenant(request, (ctx) =>
        listNotifications(ctx, {
          limit,
          offset,
          unread: unread === undefined ? undefined : unread === 'true',
        }),
      );
      return { success: true as const, data, meta: { total, limit, offset } };
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      config: { auth: 'tenant', readCache: true },
      schema: {
        tags,
        description: 'Unread notifications plus approvals still pending: the inbox badge.',
        response: { 200: oneSchema(UnreadCountSchema) },
      },
    },
    async (request) => {
      const unread = await inTenant(request, countUnread);
      return { success: true as const, data: { unread } };
    },
  );

  app.get(
    '/api/notifications/unread-counts',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        description:
          "The signed-in person's unread count (unread notifications plus approvals still pending) in each organisation they are a member of, for the tenant switcher. Their memberships only; no X-Tenant-Id needed. A change of their notifications in any of them is announced on their event stream of every other as { entity: 'tenant-unread', id: <tenant id> }.",
        response: { 200: listSchema(TenantUnreadCountSchema) },
      },
    },
    async (request) => {
      const data = await unreadByTenant(app.db, actorOf(request));
      return { success: true as const, data, meta: { total: data.length, limit: data.length, offset: 0 } };
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { auth: 'tenant' },
      schema: { tags, response: { 200: oneSchema(ReadAllNotificationsResultSchema) } },
    },
    async (request) => {
      const marked = await inTenant(request, markAllNotificationsRead);
      return { success: true as const, data: { marked } };
    },
  );

  app.patch(
    '/api/notifications/:id',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        params: Params,
        body: UpdateNotificationSchema,
        response: { 200: oneSchema(NotificationSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        setNotificationRead(ctx, request.params.id, request.body.read),
      );
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/notifications/:id',
    { config: { auth: 'tenant' }, schema: { tags, params: Params, response: { 200: OkSchema } } },
    async (request) => {
      await inTenant(request, (ctx) => deleteNotification(ctx, request.params.id));
      return { success: true as const };
    },
  );

  app.post(
    '/api/notifications/:id/decision',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          "Approve or Reject the access request behind a 'tenant-access' notification (owners and admins). " +
          'Answers the notification, read and reworded with the outcome.',
        params: Params,
        body: DecideNotificationSchema,
        response: { 200: oneSchema(NotificationSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        decideFromNotification(ctx, request.params.id, request.body.decision),
      );
      return { success: true as const, data };
    },
  );
};
