#!/usr/bin/env node
// Prints the gzip size of the JavaScript a signed-in user's browser loads for /inbox, and checks it
// against the budget of issue 3 (at most 200 KB) and that every area of the app is a chunk of its own.
//
//   npm run build && node scripts/bundle-size.mjs [--budget-kb 200] [--user olivia.owner@sunrise.example]
//     [--dist apps/web/dist] [--server apps/server/dist/main.js]
//
// It starts the built server (apps/server/dist/main.js, or --server) serving the web build
// (apps/web/dist, or --dist) with demo sign-in on a throw-away PGlite data directory, signs in,
// opens /inbox in Debian's Chromium and records every script the page fetched. Each script is
// gzipped here at level 9 (what a static server or CDN would send). The figure held to the budget is
// the sum of the scripts /inbox asks for itself. The card page's code, which the inbox fetches ahead
// once it is drawn and the browser is idle (so a card opens at once, issue 19), is listed and counted
// apart: the scripts asked for from the app's 'wattle:card-page-preload' mark on
// (features/cards/preload-card-page.ts).
// Exits 1 when over budget or when an area shares a chunk with the entry.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { repoRoot, withDemoApp } from './lib/demo-app.mjs';

const { values: args } = parseArgs({
  options: {
    'budget-kb': { type: 'string', default: '200' },
    user: { type: 'string', default: 'olivia.owner@sunrise.example' },
    // Another build than the shared one (a private build: several people build in one checkout).
    // Relative paths are from the current directory.
    dist: { type: 'string' },
    server: { type: 'string' },
  },
});
const budgetBytes = Number(args['budget-kb']) * 1024;
const dist = args.dist ? path.resolve(args.dist) : path.join(repoRoot, 'apps/web/dist');
const serverEntry = args.server ? path.resolve(args.server) : path.join(repoRoot, 'apps/server/dist/main.js');

/** Page modules that must each load in a chunk of their own, never inside the entry. */
const areaModules = [
  'login-page',
  'onboarding-page',
  'verification-page',
  'inbox-page',
  'teams-page',
  'dashboard-page',
  'invoices-page',
  'timesheet-page',
  'participants-page',
  'settings-layout',
  'appearance-page',
];

await withDemoApp(
  async ({ newSignedInContext }) => {
    const context = await newSignedInContext(args.user);
    const page = await context.newPage();
    await page.goto('/inbox', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    const { scripts, preloadStart } = await page.evaluate(() => ({
      preloadStart:
        performance.getEntriesByName('wattle:card-page-preload', 'mark')[0]?.startTime ??
        Number.POSITIVE_INFINITY,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ pathname: new URL(entry.name).pathname, start: entry.startTime })),
    }));

    const rows = scripts
      .sort((a, b) => a.pathname.localeCompare(b.pathname))
      .map(({ pathname, start }) => {
        const bytes = readFileSync(path.join(dist, pathname));
        return {
          file: pathname.replace(/^\/assets\//, ''),
          raw: bytes.length,
          gzip: gzipSync(bytes, { level: 9 }).length,
          ahead: start >= preloadStart,
        };
      });
    const sum = (list) => list.reduce((total, row) => total + row.gzip, 0);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    const print = (row) =>
      console.log(
        `  ${row.file.padEnd(48)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(10)} gzip`,
      );
    const needed = rows.filter((row) => !row.ahead);
    const ahead = rows.filter((row) => row.ahead);
    const total = sum(needed);
    console.log(`JavaScript /inbox asks for itself (signed in as ${args.user}):\n`);
    needed.forEach(print);
    console.log(`\n  total gzip: ${kb(total)} (budget ${kb(budgetBytes)})`);
    console.log(`\nThe card page's code, fetched ahead once the inbox is drawn (not in the budget):\n`);
    ahead.forEach(print);
    console.log(`\n  total gzip: ${kb(sum(ahead))}`);

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
  },
  { serverEntry, webDist: dist },
);
