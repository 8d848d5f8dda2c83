import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { notificationEmails } from '../../db/schema/notification-settings';
import { notifications, sentReminders } from '../../db/schema/notifications';
import { tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { maintenanceActor, withTenant, withUser } from '../../db/with-tenant';
import type { Mailer } from '../../mail/mailer';
import {
  digestMessage,
  type NotificationMailItem,
  notificationMessage,
} from '../../mail/notification-message';
import { todayIn } from '../cards/card-values';

/** E-mails claimed per tenant per run; the rest wait for the next run (a minute later). */
const batchSize = 100;
/** A message SMTP keeps refusing is given up after this many tries. */
const maxAttempts = 5;
/** The digest goes from this hour of the recipient's day, so it arrives with the morning. */
export const digestHour = 7;
/** Sent and failed outbox rows are kept this long (to answer "was I e-mailed?"), then deleted. */
const keepDays = 30;

export interface NotificationMailOptions {
  /** Null when no SMTP_URL is set: nothing can be e-mailed, and the outbox is marked so. */
  mailer: Mailer | null;
  /** Where Wattle is reached, for the links in the e-mails. */
  baseUrl: string;
  now?: Date;
  signal?: AbortSignal;
  log?: { error(details: object, message: string): void };
}

export interface NotificationMailResult {
  tenants: number;
  sent: number;
  digests: number;
  failed: number;
}

/**
 * The notification mail job (every minute): in each tenant, under row-level security, sends the
 * outbox's e-mails one at a time, then each daily digest that is due. What was sent lives in the
 * database, so a restart, or a second instance, sends nothing twice:
 * - an e-mail is claimed (`sending`) in a committed transaction before SMTP sees it, and other
 *   instances skip claimed and locked rows;
 * - a digest is claimed by a `sent_reminders` row keyed by the recipient's day
 *   (`notification-digest:2026-11-26`), committed before sending; a failed send gives the claim back
 *   so the next run tries again, a claimed day is never sent again.
 */
export async function runNotificationMail(
  db: Database,
  options: NotificationMailOptions,
): Promise<NotificationMailResult> {
  const now = options.now ?? new Date();
  const directory = await withUser(db, maintenanceActor, (tx) =>
    tx
      .select({ id: tenants.id, name: tenants.name, timeZone: tenants.timeZone })
      .from(tenants)
      .orderBy(asc(tenants.id)),
  );
  const result: NotificationMailResult = { tenants: 0, sent: 0, digests: 0, failed: 0 };
  for (const tenant of directory) {
    if (options.signal?.aborted) break;
    result.tenants += 1;
    try {
      if (!options.mailer) {
        await withTenant(db, tenant.id, maintenanceActor, (tx) => giveUpWithoutSmtp(tx, tenant.id, now));
        continue;
      }
      const run = { ...options, mailer: options.mailer, now, tenant };
      const immediate = await sendPending(db, run);
      result.sent += immediate.sent;
      result.failed += immediate.failed;
      result.digests += await sendDigests(db, run);
      await withTenant(db, tenant.id, maintenanceActor, (tx) => forgetOldEmails(tx, tenant.id, now));
    } catch (err) {
      result.failed += 1;
      options.log?.error({ err, tenantId: tenant.id }, 'notification mail failed');
    }
  }
  return result;
}

interface TenantRun {
  mailer: Mailer;
  baseUrl: string;
  now: Date;
  tenant: { id: string; name: string; timeZone: string };
  signal?: AbortSignal;
  log?: NotificationMailOptions['log'];
}

async function recipients(tx: Tx, userIds: readonly string[]) {
  if (userIds.length === 0)
    return new Map<string, { email: string; name: string; timeZone: string | null }>();
  const rows = await tx
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      timeZone: users.timeZone,
      isActive: users.isActive,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.filter((r) => r.isActive).map((r) => [r.id, r]));
}

/** The e-mails waiting to go on their own: claimed, sent, then marked sent (or returned to wait). */
async function sendPending(db: Database, run: TenantRun): Promise<{ sent: number; failed: number }> {
  const tenantId = run.tenant.id;
  const claimed = await withTenant(db, tenantId, maintenanceActor, async (tx) => {
    const waiting = await tx
      .select({ id: notificationEmails.id })
      .from(notificationEmails)
      .where(and(eq(notificationEmails.tenantId, tenantId), eq(notificationEmails.status, 'pending')))
      .orderBy(asc(notificationEmails.createdAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (waiting.length === 0) return { rows: [], people: new Map() };
    const rows = await tx
      .update(notificationEmails)
      .set({ status: 'sending', attempts: sql`${notificationEmails.attempts} + 1`, updatedAt: run.now })
      .where(
        and(
          eq(notificationEmails.tenantId, tenantId),
          inArray(
            notificationEmails.id,
            waiting.map((w) => w.id),
          ),
        ),
      )
      .returning();
    return {
      rows,
      people: await recipients(
        tx,
        rows.map((r) => r.userId),
      ),
    };
  });
  let sent = 0;
  let failed = 0;
  for (const row of claimed.rows) {
    const person = claimed.people.get(row.userId);
    let outcome: 'sent' | 'pending' | 'failed';
    if (!person) {
      outcome = 'failed'; // An account made inactive since: nobody to write to.
    } else {
      try {
        await run.mailer.send(
          notificationMessage({
            to: person.email,
            recipientName: person.name,
            organisationName: run.tenant.name,
            baseUrl: run.baseUrl,
            timeZone: person.timeZone ?? run.tenant.timeZone,
            item: { type: row.type, message: row.message, link: row.link, createdAt: row.createdAt },
          }),
        );
        outcome = 'sent';
      } catch (err) {
        outcome = row.attempts >= maxAttempts ? 'failed' : 'pending';
        run.log?.error(
          { err, tenantId, emailId: row.id, attempts: row.attempts },
          'notification e-mail not sent',
        );
      }
    }
    await withTenant(db, tenantId, maintenanceActor, (tx) =>
      tx
        .update(notificationEmails)
        .set({ status: outcome, sentAt: outcome === 'sent' ? new Date() : null, updatedAt: new Date() })
        .where(and(eq(notificationEmails.tenantId, tenantId), eq(notificationEmails.id, row.id))),
    );
    if (outcome === 'sent') sent += 1;
    if (outcome === 'failed') failed += 1;
  }
  return { sent, failed };
}

/** The recipient's day and whether their digest hour has come, in their own time zone. */
export function digestDay(timeZone: string, now: Date): { day: string; due: boolean } {
  const hour = Number(
    new Intl.DateTimeFormat('en-AU', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(now),
  );
  return { day: todayIn(timeZone, now), due: hour >= digestHour };
}

export const digestKey = (day: string) => `notification-digest:${day}`;

/** Each daily digest of this tenant that is due: one e-mail per person per day, of what is unread. */
async function sendDigests(db: Database, run: TenantRun): Promise<number> {
  const tenantId = run.tenant.id;
  const waiting = await withTenant(db, tenantId, maintenanceActor, async (tx) => {
    const rows = await tx
      .selectDistinct({ userId: notificationEmails.userId })
      .from(notificationEmails)
      .where(and(eq(notificationEmails.tenantId, tenantId), eq(notificationEmails.status, 'held')));
    return recipients(
      tx,
      rows.map((r) => r.userId),
    );
  });
  let digests = 0;
  for (const [userId, person] of waiting) {
    if (run.signal?.aborted) break;
    const timeZone = person.timeZone ?? run.tenant.timeZone;
    const { day, due } = digestDay(timeZone, run.now);
    if (!due) continue;
    const key = digestKey(day);
    const claim = await withTenant(db, tenantId, maintenanceActor, async (tx) => {
      const held = await tx
        .select({ email: notificationEmails, read: notifications.read })
        .from(notificationEmails)
        .leftJoin(
          notifications,
          and(
            eq(notifications.tenantId, notificationEmails.tenantId),
            eq(notifications.id, notificationEmails.notificationId),
          ),
        )
        .where(
          and(
            eq(notificationEmails.tenantId, tenantId),
            eq(notificationEmails.userId, userId),
            eq(notificationEmails.status, 'held'),
          ),
        )
        .orderBy(asc(notificationEmails.createdAt))
        .for('update', { of: notificationEmails, skipLocked: true });
      // Read since it was raised: the digest no longer needs to tell of it.
      const read = held.filter((h) => h.read === true).map((h) => h.email.id);
      if (read.length > 0) {
        await tx
          .delete(notificationEmails)
          .where(and(eq(notificationEmails.tenantId, tenantId), inArray(notificationEmails.id, read)));
      }
      const unread = held.filter((h) => h.read !== true).map((h) => h.email);
      if (unread.length === 0) return null;
      const [claimed] = await tx
        .insert(sentReminders)
        .values({ tenantId, userId, key })
        .onConflictDoNothing()
        .returning({ key: sentReminders.key });
      if (!claimed) return null; // Today's digest has gone already; these wait for tomorrow's.
      await tx
        .update(notificationEmails)
        .set({ status: 'sending', attempts: sql`${notificationEmails.attempts} + 1`, updatedAt: run.now })
        .where(
          and(
            eq(notificationEmails.tenantId, tenantId),
            inArray(
              notificationEmails.id,
              unread.map((u) => u.id),
            ),
          ),
        );
      return unread;
    });
    if (!claim) continue;
    const ids = claim.map((c) => c.id);
    const items: NotificationMailItem[] = claim.map((c) => ({
      type: c.type,
      message: c.message,
      link: c.link,
      createdAt: c.createdAt,
    }));
    try {
      await run.mailer.send(
        digestMessage({
          to: person.email,
          recipientName: person.name,
          organisationName: run.tenant.name,
          baseUrl: run.baseUrl,
          timeZone,
          items,
        }),
      );
      await withTenant(db, tenantId, maintenanceActor, (tx) =>
        tx
          .update(notificationEmails)
          .set({ status: 'sent', sentAt: new Date(), updatedAt: new Date() })
          .where(and(eq(notificationEmails.tenantId, tenantId), inArray(notificationEmails.id, ids))),
      );
      digests += 1;
    } catch (err) {
      run.log?.error({ err, tenantId, userId }, 'notification digest not sent');
      // Give the day back, so the next run tries again; the notifications wait for it.
      await withTenant(db, tenantId, maintenanceActor, async (tx) => {
        await tx
          .delete(sentReminders)
          .where(
            and(
              eq(sentReminders.tenantId, tenantId),
              eq(sentReminders.userId, userId),
              eq(sentReminders.key, key),
            ),
          );
        await tx
          .update(notificationEmails)
          .set({ status: 'held', updatedAt: new Date() })
          .where(and(eq(notificationEmails.tenantId, tenantId), inArray(notificationEmails.id, ids)));
      });
    }
  }
  return digests;
}

/** Without SMTP nothing can be e-mailed: what waits is marked failed rather than kept for ever. */
async function giveUpWithoutSmtp(tx: Tx, tenantId: string, now: Date): Promise<void> {
  await tx
    .update(notificationEmails)
    .set({ status: 'failed', updatedAt: now })
    .where(
      and(
        eq(notificationEmails.tenantId, tenantId),
        or(eq(notificationEmails.status, 'pending'), eq(notificationEmails.status, 'held')),
      ),
    );
  await forgetOldEmails(tx, tenantId, now);
}

/**
 * Sent and failed e-mails older than `keepDays`, and any still `sending` that old: a run stopped
 * between claiming and recording (a crash) leaves them so, and they are never sent again.
 */
async function forgetOldEmails(tx: Tx, tenantId: string, now: Date): Promise<void> {
  const before = new Date(now.getTime() - keepDays * 86_400_000);
  await tx
    .delete(notificationEmails)
    .where(
      and(
        eq(notificationEmails.tenantId, tenantId),
        inArray(notificationEmails.status, ['sent', 'failed', 'sending']),
        lt(notificationEmails.updatedAt, before),
      ),
    );
}
