import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema/users';
import { writeAccountAudit } from '../features/audit/write-audit';
import { setSessionCookies } from './cookies';
import { createSession, csrfTokenFor, type UserRow } from './sessions';

/**
 * Signs the user in on this browser: a brand-new session (its id never reused from before sign-in),
 * the session and CSRF cookies, the last-login time and an account audit entry.
 */
export async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  method: 'demo' | 'oidc',
): Promise<UserRow> {
  const { db, config } = request.server;
  const ip = request.ip ?? null;
  const userAgent = request.headers['user-agent'] ?? null;
  const { token } = await createSession(db, {
    userId: user.id,
    idleMinutes: config.sessionIdleMinutes,
    ip,
    userAgent,
  });
  const now = new Date();
  const [updated] = await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id)).returning();
  await writeAccountAudit(db, { userId: user.id, action: 'signed-in', ip, userAgent, metadata: { method } });
  setSessionCookies(reply, config, { token, csrf: csrfTokenFor(config.sessionSecret, token) });
  return updated ?? user;
}
