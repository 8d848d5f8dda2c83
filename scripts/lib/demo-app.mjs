// Starts the built Wattle server in demo mode on a throw-away PGlite data directory, with Debian's
// Chromium beside it, for scripts that look at the app as a user would (bundle size, screenshots).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, startServer } from './bench-server.mjs';

export const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The flags this machine's Chromium needs (see the README's notes on browsers). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Runs `fn({ baseUrl, browser, newSignedInContext })` against a fresh demo server, then stops both.
 * `newSignedInContext(email, options)` opens a browser context already signed in as that demo user.
 * `serverEntry` and `webDist` point at other builds than apps/server/dist and apps/web/dist (a
 * private build, when several people build in one checkout). `dataDir` is a data directory of the
 * caller's, kept afterwards (so a slow seed can be reused by the next run); without it a throw-away
 * one is made and removed.
 */
export async function withDemoApp(fn, { serverEntry, webDist, dataDir: keptDataDir } = {}) {
  if (keptDataDir) mkdirSync(keptDataDir, { recursive: true });
  const dataDir = keptDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'wattle-demo-app-'));
  const port = await freePort();
  const server = startServer({
    entry: serverEntry ?? path.join(repoRoot, 'apps/server/dist/main.js'),
    port,
    logPath: path.join(dataDir, 'server.log'),
    env: {
      DATA_DIR: dataDir,
      AUTH_MODE: 'demo',
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'demo-app-script-session-secret-0123456789',
      ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
    },
  });
  let browser;
  try {
    await server.waitHealthy();
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
    const newSignedInContext = async (email, options = {}) => {
      const context = await browser.newContext({ baseURL: server.baseUrl, ...options });
      const response = await context.request.post('/api/auth/demo/login', { data: { email } });
      if (!response.ok()) throw new Error(`demo sign-in as ${email}: ${response.status()}`);
      return context;
    };
    return await fn({ baseUrl: server.baseUrl, browser, newSignedInContext, dataDir });
  } finally {
    await browser?.close();
    await server.stop().catch(() => undefined);
    if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
