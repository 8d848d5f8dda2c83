import {
  completeNotificationKinds,
  type NotificationSettings,
  type UpdateNotificationSettings,
} from '@wattle/domain/notifications/settings';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { notificationSettings } from '../../db/schema/notification-settings';

/** A person's notification settings in one organisation, the defaults when they never chose. */
export async function readNotificationSettings(
  tx: Queryable,
  tenantId: string,
  userId: string,
): Promise<NotificationSettings> {
  const [row] = await tx
    .select()
    .from(notificationSettings)
    .where(and(eq(notificationSettings.tenantId, tenantId), eq(notificationSettings.userId, userId)));
  return {
    kinds: completeNotificationKinds(row?.kinds),
    dailyDigest: row?.dailyDigest ?? false,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Replaces a person's settings in one organisation (insert or update), answering the stored row. */
export async function writeNotificationSettings(
  tx: Queryable,
  tenantId: string,
  userId: string,
  input: UpdateNotificationSettings,
): Promise<NotificationSettings> {
  const now = new Date();
  const kinds = completeNotificationKinds(input.kinds);
  await tx
    .insert(notificationSettings)
    .values({ tenantId, userId, kinds, dailyDigest: input.dailyDigest, updatedAt: now })
    .onConflictDoUpdate({
      target: [notificationSettings.tenantId, notificationSettings.userId],
      set: { kinds, dailyDigest: input.dailyDigest, updatedAt: now },
    });
  return { kinds, dailyDigest: input.dailyDigest, updatedAt: now.toISOString() };
}

export type RecipientSettings = Pick<NotificationSettings, 'kinds' | 'dailyDigest'>;

/** The settings of several recipients, keyed `tenantId userId`; a recipient without a row gets the defaults. */
export async function settingsOfRecipients(
  tx: Queryable,
  recipients: readonly { tenantId: string; userId: string }[],
): Promise<(tenantId: string, userId: string) => RecipientSettings> {
  const byTenant = new Map<string, Set<string>>();
  for (const r of recipients) {
    const users = byTenant.get(r.tenantId) ?? new Set<string>();
    users.add(r.userId);
    byTenant.set(r.tenantId, users);
  }
  const stored = new Map<string, RecipientSettings>();
  for (const [tenantId, userIds] of byTenant) {
    const rows = await tx
      .select()
      .from(notificationSettings)
      .where(
        and(eq(notificationSettings.tenantId, tenantId), inArray(notificationSettings.userId, [...userIds])),
      );
    for (const row of rows) {
      stored.set(`${row.tenantId} ${row.userId}`, {
        kinds: completeNotificationKinds(row.kinds),
        dailyDigest: row.dailyDigest,
      });
    }
  }
  const defaults: RecipientSettings = { kinds: completeNotificationKinds(null), dailyDigest: false };
  return (tenantId, userId) => stored.get(`${tenantId} ${userId}`) ?? defaults;
}
