import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type AppOptions, buildApp } from '../src/app';
import { csrfCookie, sessionCookie } from '../src/auth/cookies';
import { type Config, loadConfig } from '../src/config';
import type { DatabaseHandle, Tx } from '../src/db/client';
import { type Actor, withTenant, withUser } from '../src/db/with-tenant';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /**
   * Signs in through demo sign-in and returns a client that sends that session's cookies and CSRF
   * token. Every call makes a new session: for a shared, long-lived one, use `as`.
   */
  signIn(email: string): Promise<TestClient>;
  /**
   * The signed-in client of this person, signing in on first use and kept for the app's life. Demo
   * sign-in is rate limited (60 a minute), so tests sign in once per person. Take `signIn` instead
   * for a session a test signs out, expires or otherwise spends.
   */
  as(email: string): Promise<TestClient>;
  /** A client with no credentials. */
  anonymous(): TestClient;
  /**
   * The id of a tenant by name, from the tenant list as the global admin sees it. The list is
   * fetched once and again only for a name it lacks.
   */
  tenantId(name: string): Promise<string>;
  /**
   * Runs `fn` in the tenant as the app does (the `wattle_app` role under row-level security), as a
   * test actor with no platform role: for reading tenant data straight from the database.
   */
  readInTenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` outside any tenant as a global-admin test actor: row-level security then shows every
   * tenant in the directory, and no tenant's data.
   */
  readAsGlobalAdmin<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

export interface TestClient {
  userEmail: string | null;
  cookies: Record<string, string>;
  tenant: string | null;
  /** Sets the X-Tenant-Id header for the following calls. */
  inTenant(tenantId: string | null): TestClient;
  request<T = any>(options: InjectOptions & { tenant?: string | null }): Promise<TestResponse<T>>;
  get<T = any>(url: string, headers?: Record<string, string>): Promise<TestResponse<T>>;
  post<T = any>(url: string, payload?: unknown, headers?: Record<string, string>): Promise<TestResponse<T>>;
  patch<T = any>(url: string, payload?: unknown, headers?: Record<string, string>): Promise<TestResponse<T>>;
  delete<T = any>(url: string, headers?: Record<string, string>): Promise<TestResponse<T>>;
}

/** The global admin of the demo data, who sees every tenant. */
const globalAdminEmail = 'ava.global@wattle.example';

/**
 * Someone acting straight on the database in a test (no such user exists): by default a fresh id and
 * no platform role.
 */
export function testActor(overrides: Partial<Actor> = {}): Actor {
  return {
    id: randomUUID(),
    email: 'test.actor@test.example',
    name: 'Test actor',
    platformRole: null,
    ip: null,
    userAgent: null,
    ...overrides,
  };
}

/**
 * Starts the real app (every plugin, route and hook) on a fresh database of its own, with the demo
 * data seeded unless told otherwise. Requests go through Fastify's inject: the same pipeline as a
 * socket, without one.
 */
export async function startTestApp(
  options: { seed?: boolean; env?: Record<string, string>; oidc?: AppOptions['oidc'] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.seed !== false);
  // Attachments go to a directory of this app's own, never to ./data/files, unless a test names one.
  const ownFilesDir =
    options.env?.FILES_DIR || options.env?.S3_BUCKET
      ? null
      : path.join(tmpdir(), `wattle-test-files-${randomUUID()}`);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    // Tests change sessions behind the app's back; the cache has a test of its own.
    SESSION_CACHE_SECONDS: '0',
    ...(ownFilesDir ? { FILES_DIR: ownFilesDir } : {}),
    ...options.env,
  });
  const app = await buildApp({ config, database, oidc: options.oidc, logger: false });
  await app.ready();

  const makeClient = (
    userEmail: string | null,
    cookies: Record<string, string>,
    tenant: string | null,
  ): TestClient => {
    const client: TestClient = {
      userEmail,
      cookies,
      tenant,
      inTenant: (t) => makeClient(userEmail, cookies, t),
      async request(opts) {
        const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
        const t = opts.tenant === undefined ? tenant : opts.tenant;
        if (t && headers['x-tenant-id'] === undefined) headers['x-tenant-id'] = t;
        const method = (opts.method ?? 'GET').toUpperCase();
        if (method !== 'GET' && cookies[csrfCookie] && headers['x-csrf-token'] === undefined) {
          headers['x-csrf-token'] = cookies[csrfCookie];
        }
        const res = await app.inject({ ...opts, headers, cookies: { ...cookies, ...(opts.cookies ?? {}) } });
        let body: unknown = res.body;
        try {
          body = res.json();
        } catch {
          /* not JSON */
        }
        return { status: res.statusCode, body: body as never, headers: res.headers };
      },
      get: (url, headers) => client.request({ method: 'GET', url, headers }),
      post: (url, payload, headers) =>
        client.request({ method: 'POST', url, payload: payload as never, headers }),
      patch: (url, payload, headers) =>
        client.request({ method: 'PATCH', url, payload: payload as never, headers }),
      delete: (url, headers) => client.request({ method: 'DELETE', url, headers }),
    };
    return client;
  };

  const signedIn = new Map<string, Promise<TestClient>>();
  // The tenant directory as the global admin lists it: fetched on first use, again when asked to.
  let tenantList: Promise<{ id: string; name: string }[]> | undefined;
  const listTenants = (refresh = false) => {
    if (refresh || !tenantList) {
      const list = (async () => {
        const res = await (await testApp.as(globalAdminEmail)).get('/api/tenants');
        if (res.status !== 200)
          throw new Error(`listing tenants failed: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.data as { id: string; name: string }[];
      })();
      // A failed listing is not kept.
      list.catch(() => {
        if (tenantList === list) tenantList = undefined;
      });
      tenantList = list;
    }
    return tenantList;
  };
  const reader = testActor();
  const globalAdmin = testActor({ platformRole: 'global-admin' });

  const testApp: TestApp = {
    app,
    database,
    config,
    anonymous: () => makeClient(null, {}, null),
    async signIn(email) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/demo/login', payload: { email } });
      if (res.statusCode !== 200)
        throw new Error(`sign-in as ${email} failed: ${res.statusCode} ${res.body}`);
      const cookies: Record<string, string> = {};
      for (const c of res.cookies) cookies[c.name] = c.value;
      if (!cookies[sessionCookie] || !cookies[csrfCookie]) throw new Error('sign-in set no session cookies');
      return makeClient(email, cookies, null);
    },
    as(email) {
      let client = signedIn.get(email);
      if (!client) {
        client = testApp.signIn(email);
        signedIn.set(email, client);
        // A failed sign-in is not kept: the next call tries again.
        client.catch(() => {
          if (signedIn.get(email) === client) signedIn.delete(email);
        });
      }
      return client;
    },
    async tenantId(name) {
      const named = (list: { id: string; name: string }[]) => list.find((x) => x.name === name);
      // Not in the list kept: perhaps made since, so fetch it again before giving up.
      const tenant = named(await listTenants()) ?? named(await listTenants(true));
      if (!tenant) throw new Error(`no tenant named ${name}`);
      return tenant.id;
    },
    readInTenant: (tenantId, fn) => withTenant(database.db, tenantId, reader, fn),
    readAsGlobalAdmin: (fn) => withUser(database.db, globalAdmin, fn),
    async close() {
      await app.close();
      await database.close();
      if (ownFilesDir) await rm(ownFilesDir, { recursive: true, force: true });
    },
  };
  return testApp;
}
