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

export async function resolveApiToken(db: Database, token: string): Promise<UserRow | null> {
  const [row] = await db
    .select({
      user: users,
      id: apiTokens.id,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, sha256(token)), isNull(apiTokens.revokedAt)))
    .limit(1);
  if (!row?.user.isActive) return null;
  const now = Date.now();
  if (row.expiresAt && row.expiresAt.getTime() <= now) return null;
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiTokens.id, row.id));
  }
  return row.user;
}
