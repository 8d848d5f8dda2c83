import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { apiTokens, users } from '../db/schema/users';
import { randomSecret, sha256 } from './secrets';
import type { UserRow } from './sessions';

/** Personal API tokens start with this, which is how a Bearer token is told apart from an OIDC one. */
export const apiTokenPrefix = 'wat_';

export async function createApiToken(
  db: Queryable,
  options: { userId: string; name: string; expiresInDays?: number | undefined },
) {
  const token = `${apiTokenPrefix}${randomSecret()}`;
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId: options.userId,
      name: options.name,
      tokenHash: sha256(token),
      prefix: token.slice(0, 10),
      expiresAt: options.expiresInDays ? new Date(Date.now() + options.expiresInDays * 86_400_000) : null,
    })
    .returning();
  return { row: row!, token };
}

export function listApiTokens(db: Database, userId: string) {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
}

/** Revokes one of the user's own tokens; false when there is no such live token. */
export async function revokeApiToken(db: Queryable, userId: string, tokenId: string): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/**
 * Recently verified tokens, reused for SESSION_CACHE_SECONDS (default 5) exactly as sessions are, so
 * a script's burst of Bearer requests costs one lookup, not one a request. Revoking a token on this
 * instance removes its entry at once; on other instances a revoked or expired token, or one of a
 * deactivated user, still works at most that many seconds longer (docs/decisions/0004).
 */
const tokenCacheMax = 10_000;
const tokenCache = new Map<string, { user: UserRow; tokenId: string; cachedAt: number; expiresAt: number }>();

/** Drops a user's cached tokens, so this instance serves their changed record (or refuses them). */
export function forgetCachedTokensOf(userId: string): void {
  for (const [hash, entry] of tokenCache) if (entry.user.id === userId) tokenCache.delete(hash);
}

/**
 * Drops a revoked token from this instance's cache. Call it after the revocation commits: a request
 * resolving the token before then still finds it live, and would cache it again.
 */
export function forgetCachedToken(tokenId: string): void {
  for (const [hash, entry] of tokenCache) if (entry.tokenId === tokenId) tokenCache.delete(hash);
}

/** The user of a live personal API token; null when unknown, revoked, expired or the user is inactive. */
export async function resolveApiToken(
  db: Database,
  token: string,
  options: { cacheSeconds: number },
): Promise<UserRow | null> {
  const hash = sha256(token);
  const nowMs = Date.now();
  const cached = tokenCache.get(hash);
  if (cached && nowMs - cached.cachedAt < options.cacheSeconds * 1000 && nowMs < cached.expiresAt) {
    return cached.user;
  }
  tokenCache.delete(hash);
  const resolved = await lookUpApiToken(db, hash, nowMs);
  if (!resolved || options.cacheSeconds === 0) return resolved?.user ?? null;
  if (tokenCache.size >= tokenCacheMax) tokenCache.delete(tokenCache.keys().next().value!);
  tokenCache.set(hash, { ...resolved, cachedAt: nowMs });
  return resolved.user;
}

async function lookUpApiToken(
  db: Database,
  hash: string,
  nowMs: number,
): Promise<{ user: UserRow; tokenId: string; expiresAt: number } | null> {
  const [row] = await db
    .select({
      user: users,
      id: apiTokens.id,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, hash), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row?.user.isActive) return null;
  if (row.expiresAt && row.expiresAt.getTime() <= nowMs) return null;
  // Last use is shown to the owner to the minute; writing it at most once a minute keeps reads cheap.
  if (!row.lastUsedAt || nowMs - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(nowMs) })
      .where(eq(apiTokens.id, row.id));
  }
  return { user: row.user, tokenId: row.id, expiresAt: row.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY };
}
