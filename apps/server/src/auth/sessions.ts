import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema/users';
import { forgetCachedTokensOf } from './api-tokens';
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

/**
 * Recently resolved sessions, reused for SESSION_CACHE_SECONDS (default 5) so a burst of requests
 * costs one lookup. Sign-out on this instance removes the entry at once; on other instances a
 * signed-out or deactivated session lives at most that much longer (docs/decisions/0004).
 */
const sessionCacheMax = 10_000;
const sessionCache = new Map<string, { user: UserRow; cachedAt: number; expiresAt: number }>();

/**
 * Drops cached sessions and API tokens of a user whose record just changed, so this instance serves
 * the new one.
 */
export function forgetCachedUser(userId: string): void {
  for (const [id, entry] of sessionCache) if (entry.user.id === userId) sessionCache.delete(id);
  forgetCachedTokensOf(userId);
}

/** The signed-in user of a session token, sliding its idle expiry; null when unknown or expired. */
export async function resolveSession(
  db: Database,
  token: string,
  options: { idleMinutes: number; cacheSeconds: number },
): Promise<{ user: UserRow; sessionId: string } | null> {
  const { idleMinutes, cacheSeconds } = options;
  const id = sha256(token);
  const cached = sessionCache.get(id);
  const nowMs = Date.now();
  if (cached && nowMs - cached.cachedAt < cacheSeconds * 1000 && nowMs < cached.expiresAt) {
    return { user: cached.user, sessionId: id };
  }
  sessionCache.delete(id);
  const resolved = await lookUpSession(db, id, idleMinutes);
  if (!resolved) return null;
  if (cacheSeconds === 0) return { user: resolved.user, sessionId: id };
  if (sessionCache.size >= sessionCacheMax) sessionCache.delete(sessionCache.keys().next().value!);
  sessionCache.set(id, { user: resolved.user, cachedAt: nowMs, expiresAt: resolved.expiresAt.getTime() });
  return { user: resolved.user, sessionId: id };
}

async function lookUpSession(
  db: Database,
  id: string,
  idleMinutes: number,
): Promise<{ user: UserRow; expiresAt: Date } | null> {
  const now = new Date();
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row?.user.isActive) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > touchIntervalMs) {
    const expiresAt = new Date(now.getTime() + idleMinutes * 60_000);
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
    return { user: row.user, expiresAt };
  }
  return { user: row.user, expiresAt: row.expiresAt };
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  sessionCache.delete(sha256(token));
  await db.delete(sessions).where(eq(sessions.id, sha256(token)));
}

/** Removes expired sessions; run at start and then hourly. */
export async function purgeExpiredSessions(db: Database): Promise<number> {
  const result = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
}
