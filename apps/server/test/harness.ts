import type { FastifyInstance, InjectOptions } from 'fastify';
import { type AppOptions, buildApp } from '../src/app';
import { csrfCookie, sessionCookie } from '../src/auth/cookies';
import { type Config, loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { seedDemoData } from '../src/seed/seed-demo';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** Signs in through demo sign-in and returns a client that sends that session's cookies and CSRF token. */
  signIn(email: string): Promise<TestClient>;
  /** A client with no credentials. */
  anonymous(): TestClient;
  /** The id of a seeded tenant by name. */
  tenantId(name: string): Promise<string>;
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

/**
 * Starts the real app (every plugin, route and hook) on a fresh database of its own, with the demo
 * data seeded unless told otherwise. Requests go through Fastify's inject: the same pipeline as a
 * socket, without one.
 */
export async function startTestApp(
  options: { seed?: boolean; env?: Record<string, string>; oidc?: AppOptions['oidc'] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    ...options.env,
  });
  if (options.seed !== false) await seedDemoData(database.db);
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
    async tenantId(name) {
      const client = await testApp.signIn('ava.global@wattle.example');
      const res = await client.get('/api/tenants');
      const tenant = (res.body.data as { id: string; name: string }[]).find((t) => t.name === name);
      if (!tenant) throw new Error(`no seeded tenant named ${name}`);
      return tenant.id;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return testApp;
}
