import { oneSchema } from '@wattle/domain/api/envelope';
import { diffFields } from '@wattle/domain/audit/schemas';
import {
  type NotificationSettings,
  NotificationSettingsSchema,
  notificationKinds,
  UpdateNotificationSettingsSchema,
} from '@wattle/domain/notifications/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inTenant } from '../../http/tenant-scope';
import { writeAudit } from '../audit/write-audit';
import { readNotificationSettings, writeNotificationSettings } from './settings-records';

const tags = ['settings'];

/** The settings as the audit names them: `comments.inApp`, `comments.email`, …, `dailyDigest`. */
function auditFields(settings: NotificationSettings): Record<string, boolean> {
  const fields: Record<string, boolean> = {};
  for (const kind of notificationKinds) {
    fields[`${kind}.inApp`] = settings.kinds[kind].inApp;
    fields[`${kind}.email`] = settings.kinds[kind].email;
  }
  return { ...fields, dailyDigest: settings.dailyDigest };
}

/**
 * The signed-in person's notification settings in the organisation of the request (issue 17,
 * `settings/notifications`). Everyone who belongs to the organisation reads and changes their own, and
 * only their own: the route names no user.
 */
export const notificationSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings/notifications',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description: `Your notification settings in this organisation: per kind (${notificationKinds.join(', ')}), whether it shows in the app (inApp) and whether it is e-mailed (email), and dailyDigest (e-mail once a day summarising unread notifications instead of one e-mail each). Until changed, everything is on and e-mails come one at a time (updatedAt null).`,
        response: { 200: oneSchema(NotificationSettingsSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, (ctx) =>
        readNotificationSettings(ctx.tx, ctx.tenantId, ctx.actor.id),
      );
      return { success: true as const, data };
    },
  );

  app.put(
    '/api/settings/notifications',
    {
      config: { auth: 'tenant' },
      schema: {
        tags,
        description:
          'Replaces your notification settings in this organisation; every kind must be sent. Approvals and organisation notices ask you to decide something in the app, so their inApp cannot be false (400 naming the kind). Notifications raised afterwards follow the new settings: a kind with inApp false no longer reaches your inbox, one with email false is not e-mailed, and with dailyDigest the e-mails wait for one digest a day (sent from 07:00 in your time zone, of those still unread). Audited.',
        body: UpdateNotificationSettingsSchema,
        response: { 200: oneSchema(NotificationSettingsSchema) },
      },
    },
    async (request) => {
      const data = await inTenant(request, async (ctx) => {
        const before = await readNotificationSettings(ctx.tx, ctx.tenantId, ctx.actor.id);
        const after = await writeNotificationSettings(ctx.tx, ctx.tenantId, ctx.actor.id, request.body);
        const changes = diffFields(auditFields(before), auditFields(after));
        if (changes.length > 0) {
          await writeAudit(ctx.tx, {
            tenantId: ctx.tenantId,
            actor: ctx.actor,
            entity: 'notification-settings',
            entityId: ctx.actor.id,
            action: 'updated',
            changes,
          });
        }
        return after;
      });
      return { success: true as const, data };
    },
  );
};
