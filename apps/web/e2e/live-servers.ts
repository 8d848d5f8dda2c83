import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * For the fan-out spec: a database of its own on a Postgres server and real server processes on it,
 * started from the same build the rest of the browser tests use (playwright.config.ts).
 */

const root = path.resolve(import.meta.dirname, '../../..');

/** The Postgres server: TEST_DATABASE_URL as the API tests use it, else the local default. */
export const postgresServerUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresServerUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Null when Postgres answers, else why not (for the skip message). */
export async function postgresUnavailable(): Promise<string | null> {
  try {
    await onServer((client) => client.query('select 1'));
    return null;
  } catch (error) {
    return `Postgres is not reachable at ${redact(postgresServerUrl)} (${(error as Error).message}); set TEST_DATABASE_URL to run the fan-out test`;
  }
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** A new empty database on the server; `drop()` removes it, closing whatever is still connected. */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wattle_e2e_fanout_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`create database ${name}`));
  return {
    url: withDatabase(postgresServerUrl, name),
    drop: () =>
      onServer((client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}

export interface ServerProcess {
  baseURL: string;
  stop(): Promise<void>;
}

/** The built server and web app, as playwright.config.ts finds them. */
function builtPaths(): { entry: string; webDist: string } {
  const entry = path.resolve(root, process.env.E2E_SERVER_ENTRY ?? 'apps/server/dist/main.js');
  const webDist = path.resolve(root, process.env.E2E_WEB_DIST ?? 'apps/web/dist');
  const missing = (what: string, file: string) => {
    if (!existsSync(file))
      throw new Error(`The built ${what} is missing at ${file}: run npm run build first`);
  };
  missing('server', entry);
  missing('web app', webDist);
  return { entry, webDist };
}

/**
 * Starts one server process on `port` against `databaseUrl` in demo mode (it migrates and seeds on
 * start) and resolves once /api/health answers. It runs in a process group of its own, so `stop()`
 * ends it and anything it started; call it in a `finally` or an afterAll.
 */
export async function startServer(options: { port: number; databaseUrl: string }): Promise<ServerProcess> {
  const { entry, webDist } = builtPaths();
  const baseURL = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      AUTH_MODE: 'demo',
      DATABASE_URL: options.databaseUrl,
      SEED_DEMO_DATA: 'true',
      SESSION_SECRET: 'e2e-test-session-secret-at-least-32-characters-long',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDist,
    },
  });
  // The last of what it printed, for the failure message when it does not come up.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const server: ServerProcess = { baseURL, stop: () => stopProcessGroup(child) };
  try {
    await waitForHealth(baseURL, child, () => stderr);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function waitForHealth(baseURL: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server on ${baseURL} exited (${child.exitCode ?? child.signalCode}):\n${stderr()}`,
      );
    }
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server on ${baseURL} did not answer /api/health within 90 s:\n${stderr()}`);
}

/** SIGTERM to the whole group (the server drains and exits), SIGKILL if it is still there after 5 s. */
async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      /* already gone */
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
