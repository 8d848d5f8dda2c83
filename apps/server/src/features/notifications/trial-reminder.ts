import { trialStateOf } from '@wattle/domain/tenants/trial';
import { and, eq } from 'drizzle-orm';
import { sentReminders } from '../../db/schema/notifications';
import { tenants } from '../../db/schema/tenants';
import type { TenantContext } from '../../http/tenant-scope';
import { createNotifications } from './create-notifications';

/**
 * Gives an owner of a tenant in its trial one 'trial' notification once the end is within 7 days.
 * Nothing runs on a schedule: it is created the first time the owner lists notifications or reads
 * the unread count inside that window. `sent_reminders` remembers it was sent (its primary key makes
 * two concurrent requests create one), so deleting the notification does not bring it back.
 */
export async function ensureTrialReminder(ctx: TenantContext, now = new Date()): Promise<void> {
  if (ctx.membershipRole !== 'owner') return;
  const [tenant] = await ctx.tx
    .select({ name: tenants.name, timeZone: tenants.timeZone, subscription: tenants.subscription })
    .from(tenants)
    .where(eq(tenants.id, ctx.tenantId));
  // Within the last 7 days of the trial (spec shell sections 4 and 9), as Tenant Settings shows it.
  const trial = tenant ? trialStateOf(tenant.subscription, now) : null;
  if (!tenant || !trial?.isEndingSoon) return;

  const key = `trial:${trial.endsAt}`;
  const mine = and(
    eq(sentReminders.tenantId, ctx.tenantId),
    eq(sentReminders.userId, ctx.actor.id),
    eq(sentReminders.key, key),
  );
  const [already] = await ctx.tx.select({ key: sentReminders.key }).from(sentReminders).where(mine);
  if (already) return;
  const [claimed] = await ctx.tx
    .insert(sentReminders)
    .values({ tenantId: ctx.tenantId, userId: ctx.actor.id, key })
    .onConflictDoNothing()
    .returning({ key: sentReminders.key });
  if (!claimed) return;

  const days = trial.daysLeft;
  const endDate = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: tenant.timeZone }).format(
    new Date(trial.endsAt),
  );
  await createNotifications(ctx.tx, [
    {
      tenantId: ctx.tenantId,
      userId: ctx.actor.id,
      type: 'trial',
      priority: 'normal',
      message: `The trial of ${tenant.name} ends in ${days} ${days === 1 ? 'day' : 'days'}, on ${endDate}.`,
    },
  ]);
}
