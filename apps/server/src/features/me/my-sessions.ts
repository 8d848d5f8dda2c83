import { describeUserAgent, type MySession } from '@wattle/domain/users/sessions';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { forgetCachedSession } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema/users';
import type { Actor } from '../../db/with-tenant';
import { AppError } from '../../http/app-error';
import { writeAccountAudit } from '../audit/write-audit';

type SessionRow = typeof sessions.$inferSelect;

function toMySession(row: SessionRow, currentSessionId: string | undefined): MySession {
  return {
    id: row.publicId,
    device: describeUserAgent(row.userAgent),
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isCurrent: row.id === currentSessionId,
  };
}

/** The person's live sessions, the one asking first, then the most recently active. */
export async function listMySessions(
  db: Database,
  options: { userId: string; currentSessionId: string | undefined },
): Promise<MySession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, options.userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
  const list = rows.map((row) => toMySession(row, options.currentSessionId));
  return [...list.filter((s) => s.isCurrent), ...list.filter((s) => !s.isCurrent)];
}

/**
 * Signs out one of the person's own sessions (another person's answers 404, as if it did not exist).
 * The session is refused at once by this instance: its cache entry goes after the deletion commits,
 * so a request that resolved it meanwhile cannot leave it cached. Returns whether it was the caller's
 * own current session, so the route can clear its cookies.
 */
export async function signOutSession(
  db: Database,
  options: { actor: Actor; sessionPublicId: string; currentSessionId: string | undefined },
): Promise<{ wasCurrent: boolean }> {
  const { actor } = options;
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(sessions)
      .where(and(eq(sessions.publicId, options.sessionPublicId), eq(sessions.userId, actor.id)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'Session not found');
    await writeAccountAudit(tx, {
      userId: actor.id,
      action: 'session.signed-out',
      ip: actor.ip,
      userAgent: actor.userAgent,
      metadata: {
        sessionId: row.publicId,
        device: describeUserAgent(row.userAgent),
        sessionIp: row.ip,
        isCurrent: row.id === options.currentSessionId,
      },
    });
    return row;
  });
  forgetCachedSession(removed.id);
  return { wasCurrent: removed.id === options.currentSessionId };
}

/** Signs out every session of the person but the one asking (all of them when asked by token). */
export async function signOutOtherSessions(
  db: Database,
  options: { actor: Actor; currentSessionId: string | undefined },
): Promise<number> {
  const { actor } = options;
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, actor.id),
          options.currentSessionId ? ne(sessions.id, options.currentSessionId) : undefined,
        ),
      )
      .returning({ id: sessions.id, publicId: sessions.publicId });
    await writeAccountAudit(tx, {
      userId: actor.id,
      action: 'sessions.signed-out-others',
      ip: actor.ip,
      userAgent: actor.userAgent,
      metadata: { count: rows.length, sessionIds: rows.map((row) => row.publicId) },
    });
    return rows;
  });
  for (const row of removed) forgetCachedSession(row.id);
  return removed.length;
}
