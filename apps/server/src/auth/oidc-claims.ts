import { z } from 'zod';

/**
 * Pure rules of OpenID Connect sign-in, kept apart from the HTTP and database code so they can be
 * tested on their own: which email of an identity Wattle trusts, where a user may be sent back to,
 * and what the short-lived flow cookie holds.
 */

/** The claims Wattle reads, from the ID token merged with the userinfo response. */
export type OidcClaims = Record<string, unknown> & { sub: string; iss?: string };

const EmailSchema = z.email().max(254);

/** Microsoft Entra ID (the public cloud), whose issuers all live on this host. */
export function isMicrosoftEntraIssuer(issuer: string): boolean {
  try {
    return new URL(issuer).hostname === 'login.microsoftonline.com';
  } catch {
    return false;
  }
}

function asEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  return EmailSchema.safeParse(email).success ? email : null;
}

/** `true`, or the string 'true' that a few providers send. */
function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

export type VerifiedEmail =
  | { email: string; source: 'email' | 'upn' | 'preferred_username' }
  | { email: null; reason: string };

/**
 * The email address of an identity that Wattle may trust to match people and invitations:
 *
 * 1. `email`, when the provider asserts `email_verified: true` (any provider).
 * 2. Microsoft Entra ID only (the configured issuer is on login.microsoftonline.com), which never
 *    sends `email_verified`:
 *    - `email`, when the optional claim `xms_edov` (email domain owner verified) is true;
 *    - else the user principal name, from `upn` or `preferred_username`, which Entra only issues in
 *      domains the directory has verified; but not for guests and personal Microsoft accounts (an
 *      `idp` claim naming another issuer), whose sign-in name belongs to another directory.
 *    The bare `email` claim of Entra is never trusted: an administrator of any directory can set it
 *    to anything.
 *
 * Anything else is refused.
 */
export function verifiedEmailOf(claims: OidcClaims, configuredIssuer: string): VerifiedEmail {
  const email = asEmail(claims.email);
  if (email && isTrue(claims.email_verified)) return { email, source: 'email' };
  if (!isMicrosoftEntraIssuer(configuredIssuer)) {
    return {
      email: null,
      reason: email ? 'the provider did not assert email_verified=true' : 'the provider sent no email claim',
    };
  }
  if (email && isTrue(claims.xms_edov)) return { email, source: 'email' };
  const idp = typeof claims.idp === 'string' ? claims.idp : null;
  if (idp && idp !== claims.iss) {
    return { email: null, reason: `guest or personal account (idp ${idp}) without a verified email` };
  }
  const upn = asEmail(claims.upn);
  if (upn) return { email: upn, source: 'upn' };
  const preferred = asEmail(claims.preferred_username);
  if (preferred) return { email: preferred, source: 'preferred_username' };
  return { email: null, reason: 'Entra ID sent no verified email, upn or preferred_username' };
}

/** A display name from the standard claims, else the part of the email before the @. */
export function displayNameOf(claims: OidcClaims, email: string): string {
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  if (name) return name.slice(0, 200);
  const given = typeof claims.given_name === 'string' ? claims.given_name.trim() : '';
  const family = typeof claims.family_name === 'string' ? claims.family_name.trim() : '';
  const joined = `${given} ${family}`.trim();
  if (joined) return joined.slice(0, 200);
  return email.split('@')[0] || email;
}

export const defaultReturnTo = '/inbox';

/**
 * Where to send the user after sign-in: only a path on this site ('/teams/x?tab=y'), never another
 * origin ('//evil.example', '/\\evil.example', 'https://…'), never an API path, else /inbox.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 512) return defaultReturnTo;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return defaultReturnTo;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return defaultReturnTo;
  let url: URL;
  try {
    url = new URL(value, 'http://wattle.invalid');
  } catch {
    return defaultReturnTo;
  }
  if (url.origin !== 'http://wattle.invalid') return defaultReturnTo;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return defaultReturnTo;
  if (url.pathname === '/login') return defaultReturnTo;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What the flow cookie holds between the redirect to the provider and its answer. */
export interface OidcFlowState {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

const FlowStateSchema = z.object({
  state: z.string().min(16).max(256),
  nonce: z.string().min(16).max(256),
  codeVerifier: z.string().min(43).max(128),
  returnTo: z.string().max(512),
});

export function encodeFlowState(flow: OidcFlowState): string {
  return Buffer.from(JSON.stringify(flow)).toString('base64url');
}

export function decodeFlowState(value: string): OidcFlowState | null {
  try {
    const parsed = FlowStateSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? { ...parsed.data, returnTo: safeReturnTo(parsed.data.returnTo) } : null;
  } catch {
    return null;
  }
}

/**
 * The short error codes of a refused sign-in, sent to the web app as /login?error=<code>.
 * The reason itself is only logged.
 */
export const oidcErrorCodes = {
  /** The flow cookie is missing, expired (10 minutes) or tampered with. */
  expired: 'oidc_expired',
  /** The state of the answer is not the one this browser sent. */
  state: 'oidc_state',
  /** The provider answered with an error (the user cancelled, or is not assigned to the app). */
  denied: 'oidc_denied',
  /** The code exchange or the ID token check failed, or the provider was unreachable. */
  failed: 'oidc_failed',
  /** No verified email address (see verifiedEmailOf). */
  emailUnverified: 'email_unverified',
  /** The Wattle account is deactivated. */
  disabled: 'account_disabled',
  /** The email belongs to a Wattle user already linked to another sign-in identity. */
  conflict: 'account_conflict',
} as const;

export type OidcErrorCode = (typeof oidcErrorCodes)[keyof typeof oidcErrorCodes];
