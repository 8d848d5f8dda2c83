import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

export const sessionCookie = 'wattle_session';
/** Readable by the page, which echoes it in the X-CSRF-Token header on writes. */
export const csrfCookie = 'wattle_csrf';

export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  session: { token: string; csrf: string },
) {
  const base = { path: '/', sameSite: 'lax' as const, secure: config.secureCookies };
  // No maxAge: the session row decides idle expiry (sliding), so the cookie need not.
  reply.setCookie(sessionCookie, session.token, { ...base, httpOnly: true });
  reply.setCookie(csrfCookie, session.csrf, { ...base, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, config: Config) {
  const base = { path: '/', sameSite: 'lax' as const, secure: config.secureCookies };
  reply.clearCookie(sessionCookie, { ...base, httpOnly: true });
  reply.clearCookie(csrfCookie, { ...base, httpOnly: false });
}
