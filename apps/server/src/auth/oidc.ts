import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';
import type { AppOptions } from '../app';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createOidcBearerResolver } from './oidc-bearer';
import {
  decodeFlowState,
  encodeFlowState,
  type OidcClaims,
  type OidcErrorCode,
  oidcErrorCodes,
  safeReturnTo,
} from './oidc-claims';
import { acceptOpenInvitations, actorFor, findOrProvisionOidcUser } from './oidc-users';
import { signIn } from './sign-in';

/** The short-lived, signed cookie that carries state, nonce, PKCE verifier and return path. */
export const oidcFlowCookie = 'wattle_oidc';
const flowCookiePath = '/api/auth/oidc';
const flowMaxAgeSeconds = 600;

export const oidcLoginPath = '/api/auth/oidc/login';
export const oidcCallbackPath = '/api/auth/oidc/callback';

/**
 * OpenID Connect sign-in (AUTH_MODE=oidc): the authorization code flow with PKCE against any
 * OpenID provider (Microsoft Entra ID in production), server-side sessions afterwards, and the
 * resolver of provider access tokens sent as `Authorization: Bearer`.
 *
 * Discovery runs here, once: an unreachable or misconfigured issuer stops the server at start-up
 * with a message that says so.
 */
export async function createOidc(config: Config, db: Database): Promise<NonNullable<AppOptions['oidc']>> {
  if (!config.oidc) throw new Error('createOidc needs AUTH_MODE=oidc and the OIDC_* settings');
  if (!config.publicUrl)
    throw new Error('AUTH_MODE=oidc needs PUBLIC_URL (the redirect URI is built from it)');
  const settings = config.oidc;
  const redirectUri = `${config.publicUrl.replace(/\/+$/, '')}${oidcCallbackPath}`;
  const issuerUrl = new URL(settings.issuer);
  // openid-client talks HTTPS only; plain HTTP is for a local provider in development and tests.
  const insecure = issuerUrl.protocol === 'http:';
  if (insecure && config.env === 'production') {
    throw new Error(`OIDC_ISSUER must use https:// in production (got ${settings.issuer})`);
  }

  let discovered: client.Configuration;
  try {
    discovered = await client.discovery(issuerUrl, settings.clientId, undefined, undefined, {
      timeout: 15,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    throw new Error(
      `OpenID Connect discovery failed for OIDC_ISSUER=${settings.issuer}: ${detail}${cause}. ` +
        'Check that the issuer URL is right (for Microsoft Entra ID: https://login.microsoftonline.com/<tenant-id>/v2.0) ' +
        'and that this server can reach it.',
      { cause: error },
    );
  }

  const server = discovered.serverMetadata();
  const oidc = new client.Configuration(
    server,
    settings.clientId,
    settings.clientSecret ? { client_secret: settings.clientSecret } : { token_endpoint_auth_method: 'none' },
    clientAuthFor(server, settings.clientSecret),
  );
  if (insecure) client.allowInsecureRequests(oidc);
  oidc.timeout = 15;

  const bearer = createOidcBearerResolver({ db, oidc, clientId: settings.clientId });

  const routes: FastifyPluginAsync = async (app) => {
    app.get(
      oidcLoginPath,
      {
        config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['auth'],
          summary: 'Starts OpenID Connect sign-in: redirects to the identity provider',
          querystring: z.object({ returnTo: z.string().max(2000).optional() }),
        },
      },
      async (request, reply) => {
        const { returnTo } = request.query as { returnTo?: string };
        const flow = {
          state: client.randomState(),
          nonce: client.randomNonce(),
          codeVerifier: client.randomPKCECodeVerifier(),
          returnTo: safeReturnTo(returnTo),
        };
        const url = client.buildAuthorizationUrl(oidc, {
          redirect_uri: redirectUri,
          scope: settings.scopes,
          response_type: 'code',
          code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
          code_challenge_method: 'S256',
          state: flow.state,
          nonce: flow.nonce,
        });
        reply.setCookie(oidcFlowCookie, encodeFlowState(flow), {
          signed: true,
          httpOnly: true,
          sameSite: 'lax',
          secure: config.secureCookies,
          path: flowCookiePath,
          maxAge: flowMaxAgeSeconds,
        });
        return reply.header('cache-control', 'no-store').redirect(url.href, 302);
      },
    );

    app.get(
      oidcCallbackPath,
      {
        config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['auth'],
          summary: 'The redirect URI: finishes OpenID Connect sign-in and redirects into the app',
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        reply.clearCookie(oidcFlowCookie, {
          httpOnly: true,
          sameSite: 'lax',
          secure: config.secureCookies,
          path: flowCookiePath,
        });
        const refuse = (code: OidcErrorCode, reason: string, err?: unknown) => {
          request.log.warn({ err, reason, code }, `OpenID Connect sign-in refused: ${reason}`);
          return reply.redirect(`/login?error=${code}`, 302);
        };

        const flow = readFlowCookie(request);
        if (!flow)
          return refuse(oidcErrorCodes.expired, 'the flow cookie is missing, expired or not genuine');
        const query = new URL(request.url, 'http://callback.invalid').searchParams;
        if (query.get('state') !== flow.state) {
          return refuse(oidcErrorCodes.state, 'the state of the answer does not match the flow cookie');
        }
        if (query.has('error')) {
          const error = query.get('error')?.slice(0, 100);
          const description = query.get('error_description')?.slice(0, 500);
          return refuse(oidcErrorCodes.denied, `the provider answered ${error}: ${description ?? ''}`);
        }

        // The answer as openid-client sees it: the registered redirect URI with this query.
        const currentUrl = new URL(redirectUri);
        currentUrl.search = query.toString();
        let claims: OidcClaims;
        try {
          const tokens = await client.authorizationCodeGrant(oidc, currentUrl, {
            pkceCodeVerifier: flow.codeVerifier,
            expectedState: flow.state,
            expectedNonce: flow.nonce,
            idTokenExpected: true,
          });
          const idToken = tokens.claims();
          if (!idToken) throw new Error('no ID token in the token response');
          claims = { ...(idToken as OidcClaims) };
          claims = await withUserInfo(oidc, tokens.access_token, claims, request);
        } catch (err) {
          if (err instanceof client.AuthorizationResponseError) {
            return refuse(oidcErrorCodes.denied, `the provider answered ${err.error}`, err);
          }
          return refuse(oidcErrorCodes.failed, 'the code exchange or ID token check failed', err);
        }

        const ip = request.ip ?? null;
        const userAgent = request.headers['user-agent'] ?? null;
        try {
          const result = await findOrProvisionOidcUser(db, {
            issuer: typeof claims.iss === 'string' ? claims.iss : server.issuer,
            subject: claims.sub,
            claims,
            configuredIssuer: settings.issuer,
            ip,
            userAgent,
          });
          if (!result.ok) return refuse(result.code, result.reason);
          const accepted = await acceptOpenInvitations(db, actorFor(result.user, ip, userAgent), request.log);
          await signIn(request, reply, result.user, 'oidc');
          request.log.info(
            {
              userId: result.user.id,
              created: result.created,
              linked: result.linked,
              acceptedInvitations: accepted.length,
            },
            'signed in with OpenID Connect',
          );
        } catch (err) {
          return refuse(oidcErrorCodes.failed, 'signing the user in failed', err);
        }
        return reply.redirect(flow.returnTo, 302);
      },
    );
  };

  return { routes, bearer };
}

/**
 * A confidential client (OIDC_CLIENT_SECRET set) authenticates with client_secret_post when the
 * provider offers it (Entra ID does), else client_secret_basic; a public client sends no secret
 * and relies on PKCE.
 */
function clientAuthFor(server: client.ServerMetadata, secret: string | undefined): client.ClientAuth {
  if (!secret) return client.None();
  // The discovery default (RFC 8414) is client_secret_basic when the provider lists nothing.
  const supported = server.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  return supported.includes('client_secret_post') || !supported.includes('client_secret_basic')
    ? client.ClientSecretPost(secret)
    : client.ClientSecretBasic(secret);
}

function readFlowCookie(request: FastifyRequest) {
  const raw = request.cookies[oidcFlowCookie];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  return decodeFlowState(unsigned.value);
}

/**
 * Many providers (oidc-provider, Okta, Entra ID without optional claims) put email and profile in
 * the userinfo response rather than the ID token: its claims are added, for the same subject. A
 * provider whose userinfo cannot be read (an access token for another audience) keeps the ID
 * token's claims.
 */
async function withUserInfo(
  oidc: client.Configuration,
  accessToken: string,
  claims: OidcClaims,
  request: FastifyRequest,
): Promise<OidcClaims> {
  if (!oidc.serverMetadata().userinfo_endpoint) return claims;
  try {
    const info = await client.fetchUserInfo(oidc, accessToken, claims.sub);
    // The ID token's own claims (iss, sub, aud, nonce…) win; userinfo fills in the rest.
    return { ...(info as Record<string, unknown>), ...claims };
  } catch (err) {
    request.log.warn({ err }, 'OpenID Connect userinfo failed; using the ID token claims only');
    return claims;
  }
}
