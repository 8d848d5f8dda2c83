import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The real server process, as `npm start` runs it: configuration errors, PGlite in DATA_DIR,
 * data surviving a restart, one process per data directory, and a clean stop on SIGTERM.
 */
const serverRoot = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'wattle-lifecycle-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

// A first start migrates and seeds the demo data through tsx: allow for a busy machine.
async function waitForHealth(port: number, timeoutMs = 150_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

async function signIn(port: number, email: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/demo/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const csrf = cookies.find((c) => c.startsWith('wattle_csrf='))!.split('=')[1]!;
  return { cookie: cookies.join('; '), csrf };
}

describe('the server process', () => {
  it('refuses to start on a bad setting and names it', async () => {
    const server = start({ PORT: 'not-a-port', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    const prod = start({ NODE_ENV: 'production', AUTH_MODE: 'demo', SESSION_SECRET: 'x'.repeat(40) });
    expect(await prod.exited).toBe(1);
    expect(prod.output()).toContain('demo sign-in is refused when NODE_ENV=production');
  });

  it('keeps data across a SIGTERM restart, and lets only one server use a data directory', async () => {
    const port = await freePort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port);
    const session = await signIn(port, 'olivia.owner@sunrise.example');
    const created = await fetch(`http://127.0.0.1:${port}/api/me/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
      body: JSON.stringify({ name: 'survives restarts' }),
    });
    expect(created.status).toBe(201);

    const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('The data directory is in use by process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    const again = start({ PORT: String(port), DATA_DIR: dataDir });
    await waitForHealth(port);
    const tokens = await fetch(`http://127.0.0.1:${port}/api/me/tokens`, {
      headers: { cookie: session.cookie },
    });
    expect(tokens.status).toBe(200);
    expect(
      ((await tokens.json()) as { data: { name: string }[] }).data.map((t: { name: string }) => t.name),
    ).toEqual(['survives restarts']);
    const users = (await (await fetch(`http://127.0.0.1:${port}/api/auth/demo/users`)).json()) as {
      data: unknown[];
    };
    expect(users.data).toHaveLength(13);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 330_000);
});
