import { and, eq } from 'drizzle-orm';
import * as client from 'openid-client';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';
import type { OidcBearerResolver } from './guard';
import { sha256 } from './secrets';

/** How long a token's answer is reused: a revoked or expired token is refused within this. */
const cacheTtlMs = 60_000;
/** Oldest entries go first past this many tokens. */
const cacheMaxEntries = 1000;
/** An unreadable answer of the provider (it was down) is not remembered longer than this. */
const failureTtlMs = 5_000;

type Identity = { issuer: string; subject: string } | null;

/**
 * `Authorization: Bearer <access token of the OpenID provider>`: the token is shown to the
 * provider's userinfo endpoint, which works for opaque and JWT tokens alike and, at Microsoft
 * Entra ID, for Graph tokens. The answer's subject is then matched to a linked, active user, by
 * issuer and subject only (never by email). Answers are cached in memory for at most 60 s per token
 * (by its SHA-256), so a burst of API calls costs one userinfo call; the user row is read every
 * time, so deactivation takes effect at once.
 */
export function createOidcBearerResolver(options: {
  db: Database;
  oidc: client.Configuration;
  clientId: string;
  onError?: (err: unknown) => void;
  now?: () => number;
}): OidcBearerResolver {
  const { db, oidc, clientId } = options;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { expiresAt: number; identity: Promise<Identity> }>();
  const issuerTemplate = oidc.serverMetadata().issuer;

  const lookup = async (token: string, jwt: Record<string, unknown> | null): Promise<Identity> => {
    const info = await client.fetchUserInfo(oidc, token, client.skipSubjectCheck);
    if (typeof info.sub !== 'string' || !info.sub) return null;
    let issuer = issuerTemplate;
    if (issuer.includes('{tenantid}')) {
      // Entra ID through /organizations or /common: the directory is the token's own tenant.
      const tid = jwt?.tid ?? (info as Record<string, unknown>).tid;
      if (typeof tid !== 'string' || !/^[\w-]{1,64}$/.test(tid)) return null;
      issuer = issuer.replace('{tenantid}', tid);
    }
    return { issuer, subject: info.sub };
  };

  const identityOf = (token: string): Promise<Identity> => {
    const key = sha256(token);
    const at = now();
    const hit = cache.get(key);
    if (hit && hit.expiresAt > at) return hit.identity;
    if (hit) cache.delete(key);

    const jwt = unverifiedJwtPayload(token);
    if (jwt && !issuedToUs(jwt, clientId)) return Promise.resolve(null);
    const exp = typeof jwt?.exp === 'number' ? jwt.exp * 1000 : Number.POSITIVE_INFINITY;
    if (exp <= at) return Promise.resolve(null);

    const entry = { expiresAt: Math.min(at + cacheTtlMs, exp), identity: lookup(token, jwt) };
    entry.identity = entry.identity.catch((err: unknown) => {
      // The provider refused the token (401 and the like): remember that. Anything else (down,
      // timed out, a 5xx) is retried soon instead.
      const status = (err as { status?: unknown })?.status;
      if (!(typeof status === 'number' && status >= 400 && status < 500)) {
        entry.expiresAt = Math.min(entry.expiresAt, now() + failureTtlMs);
        options.onError?.(err);
      }
      return null;
    });
    cache.set(key, entry);
    while (cache.size > cacheMaxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
    return entry.identity;
  };

  return async (accessToken) => {
    if (accessToken.length > 8192 || !/^[\w\-.~+/]+=*$/.test(accessToken)) return null;
    const identity = await identityOf(accessToken);
    if (!identity) return null;
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject)))
      .limit(1);
    return user?.isActive ? user : null;
  };
}

/**
 * The claims of a JWT access token, unverified: only ever used to refuse a token early (expired,
 * or issued to another application), or, once the provider's userinfo endpoint has accepted the
 * token (so it is genuine), to read its Entra tenant id.
 */
function unverifiedJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * A token that names the application it was issued to (`azp`, `client_id`, or Entra's `appid`)
 * must name Wattle: a token the same user gave another application is not accepted here.
 */
function issuedToUs(jwt: Record<string, unknown>, clientId: string): boolean {
  const named = [jwt.azp, jwt.client_id, jwt.appid].filter((v): v is string => typeof v === 'string');
  return named.every((v) => v === clientId);
}
