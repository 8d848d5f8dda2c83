import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { teamMembers, teams } from '../db/schema/teams';
import { invitations, tenants } from '../db/schema/tenants';
import { users } from '../db/schema/users';
import { seedDemoData } from '../seed/seed-demo';
import { createOidc } from './oidc';

/**
 * OpenID Connect sign-in end to end, with nothing mocked: a real OpenID provider (oidc-provider)
 * listening on 127.0.0.1, driven over HTTP like a browser would, and the real app on its own
 * database talking to it for discovery, the code exchange and userinfo.
 */

const publicUrl = 'http://app.test';
const callbackUrl = `${publicUrl}/api/auth/oidc/callback`;
const clientId = 'wattle-test';
const clientSecret = 'wattle-test-secret-that-is-long-enough';

/** The provider's people, by subject. */
const accounts: Record<string, Record<string, unknown>> = {
  'alice-sub': { email: 'Alice.Newcomer@example.org', email_verified: true, name: 'Alice Newcomer' },
  'olivia-sub': { email: 'olivia.owner@sunrise.example', email_verified: true, name: 'Olivia Owner' },
  'mallory-sub': { email: 'mallory@example.org', email_verified: false, name: 'Mallory Unverified' },
  'nomail-sub': { name: 'No Mail' },
  'aria-sub': { email: 'aria.auditor@sunrise.example', email_verified: true, name: 'Aria Auditor' },
  'imposter-sub': { email: 'alice.newcomer@example.org', email_verified: true, name: 'Not Alice' },
  'bob-sub': { email: 'bob@example.org', email_verified: true, name: 'Bob Never Signed In' },
};
/** Whom the provider's login page signs in next: the interaction logs in without a form. */
let nextAccount = 'alice-sub';

let provider: Provider;
let providerServer: Server;
let issuer: string;
let database: DatabaseHandle;
let config: Config;
let app: FastifyInstance;

beforeAll(async () => {
  providerServer = createServer((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      finishInteraction(req, res).catch((err) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [callbackUrl],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { AccessToken: 3600, Grant: 3600, IdToken: 3600, Interaction: 600, Session: 3600 },
    findAccount: (_ctx, sub) => {
      const claims = accounts[sub];
      if (!claims) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...claims }) };
    },
  });

  database = await createTestDatabase();
  await seedDemoData(database.db);
  config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    AUTH_MODE: 'oidc',
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: clientId,
    OIDC_CLIENT_SECRET: clientSecret,
    PUBLIC_URL: publicUrl,
  });
  const oidc = await createOidc(config, database.db);
  app = await buildApp({ config, database, oidc, logger: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await new Promise((resolve) => providerServer?.close(resolve));
});

/** The provider's login and consent, done at once for `nextAccount` with the scopes asked for. */
async function finishInteraction(req: Parameters<Provider['interactionDetails']>[0], res: any) {
  const details = await provider.interactionDetails(req, res);
  const accountId = nextAccount;
  const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

/**
 * A browser at the provider: follows its redirects with its own cookies until it is sent back to
 * the app, and returns that URL (the callback with the code, or an error).
 */
async function browseProvider(start: string, account: string): Promise<URL> {
  nextAccount = account;
  const jar = new Map<string, string>();
  let current = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    if (current.origin === publicUrl) return current;
    const res = await fetch(current, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${current}: ${res.status} ${await res.text()}`);
    await res.body?.cancel();
    current = new URL(location, current);
  }
  throw new Error('too many redirects at the provider');
}

/** GET /api/auth/oidc/login: the redirect to the provider and the flow cookie. */
async function startLogin(returnTo?: string) {
  const url = `/api/auth/oidc/login${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`;
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(302);
  const cookie = res.cookies.find((c) => c.name === 'wattle_oidc');
  expect(cookie).toBeDefined();
  return { location: new URL(String(res.headers.location)), cookie: cookie!, flowCookie: cookie!.value };
}

/** The browser arriving back at the app's callback. */
function callback(url: URL, flowCookie: string | undefined) {
  return app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    cookies: flowCookie === undefined ? {} : { wattle_oidc: flowCookie },
  });
}

/** A whole sign-in as `account`: the session cookies and the final redirect. */
async function signInAs(account: string, returnTo?: string) {
  const login = await startLogin(returnTo);
  const back = await browseProvider(login.location.href, account);
  const res = await callback(back, login.flowCookie);
  const cookies: Record<string, string> = {};
  for (const c of res.cookies) cookies[c.name] = c.value;
  return { res, cookies, location: String(res.headers.location) };
}

function me(cookies: Record<string, string>) {
  return app.inject({ method: 'GET', url: '/api/me', cookies });
}

async function tenantIdNamed(name: string) {
  const [row] = await database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, name));
  return row!.id;
}

async function userByEmail(email: string) {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row;
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

describe('OpenID Connect sign-in', () => {
  it('sends the browser to the provider with PKCE, state and nonce kept in a signed httpOnly cookie', async () => {
    const { location, cookie } = await startLogin('/teams');
    expect(location.origin).toBe(issuer);
    const params = location.searchParams;
    expect(params.get('client_id')).toBe(clientId);
    expect(params.get('redirect_uri')).toBe(callbackUrl);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/api/auth/oidc');
    expect(cookie.maxAge).toBe(600);
    // Signed: the value carries an HMAC, and the verifier is not readable as plain text.
    expect(app.unsignCookie(cookie.value).valid).toBe(true);
    expect(cookie.value).not.toContain(params.get('state')!);
  });

  it('provisions a first-time user by verified email and accepts their pending invitation', async () => {
    const sunrise = await tenantIdNamed('Sunrise Support Network');
    const [jordan] = await database.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.tenantId, sunrise), eq(teams.name, "Jordan's Care Team")));
    const [invitation] = await database.db
      .insert(invitations)
      .values({
        tenantId: sunrise,
        email: 'alice.newcomer@example.org',
        role: 'member',
        teamId: jordan!.id,
        teamRole: 'Support Worker',
      })
      .returning();
    expect(await userByEmail('alice.newcomer@example.org')).toBeUndefined();

    const { res, cookies, location } = await signInAs('alice-sub', '/teams?tab=mine');
    expect(res.statusCode).toBe(302);
    expect(location).toBe('/teams?tab=mine');
    const session = res.cookies.find((c) => c.name === 'wattle_session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(res.cookies.find((c) => c.name === 'wattle_csrf')?.httpOnly).toBeFalsy();
    // The flow cookie is spent.
    expect(res.cookies.find((c) => c.name === 'wattle_oidc')?.value).toBe('');

    const meRes = await me(cookies);
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json().data).toMatchObject({
      email: 'alice.newcomer@example.org',
      name: 'Alice Newcomer',
      authMethod: 'session',
    });

    const alice = await userByEmail('alice.newcomer@example.org');
    expect(alice).toMatchObject({ oidcIssuer: issuer, oidcSubject: 'alice-sub', isActive: true });

    const [accepted] = await database.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.tenantId, sunrise), eq(invitations.id, invitation!.id)));
    expect(accepted!.acceptedAt).not.toBeNull();
    expect(accepted!.acceptedBy).toBe(alice!.id);

    const mine = await app.inject({ method: 'GET', url: '/api/tenants', cookies });
    expect(mine.statusCode).toBe(200);
    const sunriseEntry = mine.json().data.find((t: { id: string }) => t.id === sunrise);
    expect(sunriseEntry).toBeDefined();
    const onTeam = await database.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, jordan!.id), eq(teamMembers.userId, alice!.id)));
    expect(onTeam).toHaveLength(1);
    expect(onTeam[0]!.role).toBe('Support Worker');
  });

  it('signs the same user in again by issuer and subject, accepting invitations sent since', async () => {
    const before = await userByEmail('alice.newcomer@example.org');
    const bluegum = await tenantIdNamed('Bluegum Disability Services');
    await database.db
      .insert(invitations)
      .values({ tenantId: bluegum, email: 'alice.newcomer@example.org', role: 'guest' });

    const { res, cookies, location } = await signInAs('alice-sub');
    expect(location).toBe('/inbox');
    expect(res.cookies.some((c) => c.name === 'wattle_session')).toBe(true);
    expect((await me(cookies)).json().data.id).toBe(before!.id);
    const count = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'alice.newcomer@example.org'));
    expect(count).toHaveLength(1);

    const mine = await app.inject({ method: 'GET', url: '/api/tenants', cookies });
    const ids = mine.json().data.map((t: { id: string }) => t.id);
    expect(ids).toContain(bluegum);
    expect(ids).toContain(await tenantIdNamed('Sunrise Support Network'));
  });

  it('links an existing (seeded) user with the same verified email at their first OIDC sign-in', async () => {
    const seeded = await userByEmail('olivia.owner@sunrise.example');
    expect(seeded!.oidcSubject).toBeNull();
    const { res, cookies } = await signInAs('olivia-sub');
    expect(res.statusCode).toBe(302);
    const meRes = await me(cookies);
    expect(meRes.json().data.id).toBe(seeded!.id);
    expect(await userByEmail('olivia.owner@sunrise.example')).toMatchObject({
      oidcIssuer: issuer,
      oidcSubject: 'olivia-sub',
    });
    const mine = await app.inject({ method: 'GET', url: '/api/tenants', cookies });
    expect(mine.json().data.map((t: { name: string }) => t.name)).toContain('Sunrise Support Network');

    // And the session works for sign-out like any other.
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies,
      headers: { 'x-csrf-token': cookies.wattle_csrf! },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(cookies)).statusCode).toBe(401);
  });

  it('refuses an identity whose email is not verified, and one with no email, creating no one', async () => {
    const unverified = await signInAs('mallory-sub');
    expect(unverified.res.statusCode).toBe(302);
    expect(unverified.location).toBe('/login?error=email_unverified');
    expect(unverified.cookies.wattle_session).toBeUndefined();
    expect(await userByEmail('mallory@example.org')).toBeUndefined();

    const noEmail = await signInAs('nomail-sub');
    expect(noEmail.location).toBe('/login?error=email_unverified');
    expect(noEmail.cookies.wattle_session).toBeUndefined();
  });

  it('refuses a deactivated user', async () => {
    await database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.email, 'aria.auditor@sunrise.example'));
    const { location, cookies } = await signInAs('aria-sub');
    expect(location).toBe('/login?error=account_disabled');
    expect(cookies.wattle_session).toBeUndefined();
  });

  it('refuses another identity claiming the email of a user already linked', async () => {
    const { location, cookies } = await signInAs('imposter-sub');
    expect(location).toBe('/login?error=account_conflict');
    expect(cookies.wattle_session).toBeUndefined();
    expect((await userByEmail('alice.newcomer@example.org'))!.oidcSubject).toBe('alice-sub');
  });

  it('refuses an answer without the flow cookie, with a forged one, or with another state', async () => {
    const login = await startLogin();
    const back = await browseProvider(login.location.href, 'alice-sub');

    const missing = await callback(back, undefined);
    expect(missing.statusCode).toBe(302);
    expect(missing.headers.location).toBe('/login?error=oidc_expired');
    expect(missing.cookies.some((c) => c.name === 'wattle_session')).toBe(false);

    const forged = await callback(back, `${login.flowCookie.slice(0, -3)}abc`);
    expect(forged.headers.location).toBe('/login?error=oidc_expired');

    const wrongState = new URL(back);
    wrongState.searchParams.set('state', 'not-the-state-this-browser-sent');
    const mismatch = await callback(wrongState, login.flowCookie);
    expect(mismatch.headers.location).toBe('/login?error=oidc_state');
    expect(mismatch.cookies.some((c) => c.name === 'wattle_session')).toBe(false);

    // Another browser's flow cookie (a login CSRF attempt) does not match either.
    const other = await startLogin();
    const crossed = await callback(back, other.flowCookie);
    expect(crossed.headers.location).toBe('/login?error=oidc_state');

    // The genuine pair still works once, and the code cannot be used twice.
    const genuine = await callback(back, login.flowCookie);
    expect(genuine.headers.location).toBe('/inbox');
    expect(genuine.cookies.some((c) => c.name === 'wattle_session' && c.value)).toBe(true);
    const replay = await callback(back, login.flowCookie);
    expect(replay.headers.location).toBe('/login?error=oidc_failed');
  });

  it("passes on the provider's refusal as oidc_denied", async () => {
    const login = await startLogin();
    const state = login.location.searchParams.get('state')!;
    const res = await callback(
      new URL(`${callbackUrl}?error=access_denied&error_description=cancelled&state=${state}`),
      login.flowCookie,
    );
    expect(res.headers.location).toBe('/login?error=oidc_denied');
  });

  it('only sends users back to paths on this site', async () => {
    for (const evil of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/api/me']) {
      const login = await startLogin(evil);
      const back = await browseProvider(login.location.href, 'alice-sub');
      const res = await callback(back, login.flowCookie);
      expect(res.headers.location).toBe('/inbox');
    }
  });
});

describe('OpenID Connect access tokens as Bearer', () => {
  /** An authorization code flow of the test's own (like a CLI would do) for an access token. */
  async function accessTokenFor(account: string): Promise<string> {
    const { verifier, challenge } = pkce();
    const state = randomBytes(16).toString('base64url');
    const authorize = new URL(`${issuer}/auth`);
    authorize.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: callbackUrl,
      response_type: 'code',
      scope: 'openid profile email',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
    }).toString();
    const back = await browseProvider(authorize.href, account);
    expect(back.searchParams.get('state')).toBe(state);
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();
    const res = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: callbackUrl,
        code_verifier: verifier,
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string };
    return body.access_token;
  }

  const bearer = (token: string) =>
    app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });

  it('accepts an access token of a linked, active user, needing no CSRF token for writes', async () => {
    const token = await accessTokenFor('alice-sub');
    const res = await bearer(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'alice.newcomer@example.org', authMethod: 'oidc-token' });
    // Served again from the cache.
    expect((await bearer(token)).statusCode).toBe(200);
    const write = await app.inject({
      method: 'POST',
      url: '/api/me/tokens',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'from an OIDC token' },
    });
    expect(write.statusCode).toBe(201);
  });

  it('refuses the token of a user who was deactivated, even while it is cached', async () => {
    const token = await accessTokenFor('alice-sub');
    expect((await bearer(token)).statusCode).toBe(200);
    await database.db.update(users).set({ isActive: false }).where(eq(users.oidcSubject, 'alice-sub'));
    try {
      expect((await bearer(token)).statusCode).toBe(401);
    } finally {
      await database.db.update(users).set({ isActive: true }).where(eq(users.oidcSubject, 'alice-sub'));
    }
  });

  it('refuses a valid token of someone who never signed in to Wattle', async () => {
    const token = await accessTokenFor('bob-sub');
    const res = await bearer(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a made-up token', async () => {
    const res = await bearer('this-is-not-a-token');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'UNAUTHENTICATED', message: 'The access token is invalid or expired' },
    });
    expect((await bearer('eyJhbGciOiJub25lIn0.eyJzdWIiOiJhbGljZS1zdWIifQ.')).statusCode).toBe(401);
  });
});

describe('start-up', () => {
  it('lists the sign-in routes in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/oidc/login', '/api/auth/oidc/callback']),
    );
  });

  it('fails with a clear message when the issuer cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = { ...config, oidc: { ...config.oidc!, issuer: `http://127.0.0.1:${port}` } };
    await expect(createOidc(unreachable, database.db)).rejects.toThrow(
      /OpenID Connect discovery failed for OIDC_ISSUER=http:\/\/127\.0\.0\.1:\d+/,
    );
  });
});
