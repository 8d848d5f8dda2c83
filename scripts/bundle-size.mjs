#!/usr/bin/env node
// Prints the gzip size of the JavaScript a signed-in user's browser loads for /inbox, and checks it
// against the budget of issue 3 (at most 200 KB) and that every area of the app is a chunk of its own.
//
//   npm run build && node scripts/bundle-size.mjs [--budget-kb 200] [--user olivia.owner@sunrise.example]
//
// It starts the built server (apps/server/dist/main.js, demo sign-in, a throw-away PGlite data
// directory), signs in, opens /inbox in Debian's Chromium and records every script the page fetched.
// Each script is gzipped here at level 9 (what a static server or CDN would send); the sum is the
// figure. Exits 1 when over budget or when an area shares a chunk with the entry.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, startServer } from './lib/bench-server.mjs';

const { values: args } = parseArgs({
  options: {
    'budget-kb': { type: 'string', default: '200' },
    user: { type: 'string', default: 'olivia.owner@sunrise.example' },
  },
});
const budgetBytes = Number(args['budget-kb']) * 1024;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'apps/web/dist');

/** Page modules that must each load in a chunk of their own, never inside the entry. */
const areaModules = [
  'inbox-page',
  'login-page',
  'onboarding-page',
  'verification-page',
  'appearance-page',
  'not-found',
];

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wattle-bundle-'));
const port = await freePort();
const server = startServer({
  entry: path.join(root, 'apps/server/dist/main.js'),
  port,
  logPath: path.join(dataDir, 'server.log'),
  env: {
    DATA_DIR: dataDir,
    AUTH_MODE: 'demo',
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bundle-size-script-session-secret-0123456789',
  },
});
let browser;
try {
  await server.waitHealthy();
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const signIn = await context.request.post('/api/auth/demo/login', { data: { email: args.user } });
  if (!signIn.ok()) throw new Error(`demo sign-in as ${args.user}: ${signIn.status()}`);

  const page = await context.newPage();
  const scripts = new Set();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto('/inbox', { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();

  const rows = [...scripts].sort().map((pathname) => {
    const bytes = readFileSync(path.join(dist, pathname));
    return {
      file: pathname.replace(/^\/assets\//, ''),
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
    };
  });
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`JavaScript loaded for /inbox (signed in as ${args.user}):\n`);
  for (const row of rows)
    console.log(`  ${row.file.padEnd(48)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(10)} gzip`);
  console.log(`\n  total gzip: ${kb(total)} (budget ${kb(budgetBytes)})`);

  // Every area in its own chunk: each page module named above is emitted as a file of its own.
  const assets = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  const missing = areaModules.filter((name) => !assets.some((file) => file.startsWith(`${name}-`)));
  console.log(
    `  chunks in the build: ${assets.length}; area chunks missing: ${missing.length ? missing.join(', ') : 'none'}`,
  );

  const isOver = total > budgetBytes;
  console.log(`\n${isOver ? 'MISSED' : 'MET   '}  /inbox JavaScript <= ${kb(budgetBytes)} gzip`);
  console.log(`${missing.length ? 'MISSED' : 'MET   '}  every area in its own chunk`);
  process.exitCode = isOver || missing.length ? 1 : 0;
} finally {
  await browser?.close();
  await server.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
