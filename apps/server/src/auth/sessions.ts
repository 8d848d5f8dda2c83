import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema/users';
import { hmac, randomSecret, sha256 } from './secrets';

export type UserRow = typeof users.$inferSelect;

/** Extending a session writes to the database; doing it at most once a minute keeps reads cheap. */
const touchIntervalMs = 60_000;

/** The CSRF token of a session: derived from its secret, so nothing more is stored. */
export function csrfTokenFor(sessionSecret: string, sessionToken: string): string {
  return hmac(sessionSecret, `csrf:${sessionToken}`);
}

/** Starts a new session (a new id at every sign-in, so a planted cookie is worthless). */
export async function createSession(
  db: Database,
  options: { userId: string; idleMinutes: number; ip: string | null; userAgent: string | null },
): Promise<{ token: string }> {
  const token = randomSecret();
  await db.insert(sessions).values({
    id: sha256(token),
    userId: options.userId,
    expiresAt: new Date(Date.now() + options.idleMinutes * 60_000),
    ip: options.ip,
    userAgent: options.userAgent?.slice(0, 500) ?? null,
  });
  return { token };
}

/** The signed-in user of a session token, sliding its idle expiry; null when unknown or expired. */
export async function resolveSession(
  db: Database,
  token: string,
  idleMinutes: number,
): Promise<{ user: UserRow; sessionId: string } | null> {
  const id = sha256(token);
  const now = new Date();
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row?.user.isActive) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > touchIntervalMs) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + idleMinutes * 60_000) })
      .where(eq(sessions.id, id));
  }
  return { user: row.user, sessionId: id };
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sha256(token)));
}

/** Removes expired sessions; run at start and then hourly. */
export async function purgeExpiredSessions(db: Database): Promise<number> {
  const result = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
}
