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
const sessionCache = new Map<
  string,
  { user: UserRow; cachedAt: number; expiresAt: number; lastSeenAt: Date }
>();

/** Drops one session from this instance's cache; call it after its deletion commits. */
export function forgetCachedSession(sessionId: string): void {
  sessionCache.delete(sessionId);
}

/**
 * Drops cached sessions and API tokens of a user whose record just changed, so this instance serves
 * the new one.
 */
export function forgetCachedUser(userId: string): void {
  for (const [id, entry] of sessionCache) if (entry.user.id === userId) sessionCache.delete(id);
  forgetCachedTokensOf(userId);
}

/**
 * The signed-in user of a session token, sliding its idle expiry; null when unknown or expired.
 * `lastSeenAt` is the session's last recorded activity before this request (written at most once a
 * minute): what an organisation's shorter idle time is measured from (http/tenant-scope.ts).
 */
export async function resolveSession(
  db: Database,
  token: string,
  options: { idleMinutes: number; cacheSeconds: number },
): Promise<{ user: UserRow; sessionId: string; lastSeenAt: Date } | null> {
  const { idleMinutes, cacheSeconds } = options;
  const id = sha256(token);
  const cached = sessionCache.get(id);
  const nowMs = Date.now();
  if (cached && nowMs - cached.cachedAt < cacheSeconds * 1000 && nowMs < cached.expiresAt) {
    return { user: cached.user, sessionId: id, lastSeenAt: cached.lastSeenAt };
  }
  sessionCache.delete(id);
  const resolved = await lookUpSession(db, id, idleMinutes);
  if (!resolved) return null;
  const result = { user: resolved.user, sessionId: id, lastSeenAt: resolved.previousSeenAt };
  if (cacheSeconds === 0) return result;
  if (sessionCache.size >= sessionCacheMax) sessionCache.delete(sessionCache.keys().next().value!);
  sessionCache.set(id, {
    user: resolved.user,
    cachedAt: nowMs,
    expiresAt: resolved.expiresAt.getTime(),
    lastSeenAt: resolved.lastSeenAt,
  });
  return result;
}

async function lookUpSession(
  db: Database,
  id: string,
  idleMinutes: number,
): Promise<{ user: UserRow; expiresAt: Date; lastSeenAt: Date; previousSeenAt: Date } | null> {
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
    return { user: row.user, expiresAt, lastSeenAt: now, previousSeenAt: row.lastSeenAt };
  }
  return {
    user: row.user,
    expiresAt: row.expiresAt,
    lastSeenAt: row.lastSeenAt,
    previousSeenAt: row.lastSeenAt,
  };
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await deleteSessionById(db, sha256(token));
}

/** Ends a session by its stored id (the token's hash), here and in this instance's cache. */
export async function deleteSessionById(db: Database, sessionId: string): Promise<void> {
  sessionCache.delete(sessionId);
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  // A request that resolved the session meanwhile may have cached it again.
  sessionCache.delete(sessionId);
}

/** Removes expired sessions; run at start and then hourly. */
export async function purgeExpiredSessions(db: Database): Promise<number> {
  const result = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
}
