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
// gzipped here at level 9 (what a static server or CDN would send); the sum is the figure. Scripts
// first requested after the app started preloading its menus and tooltips at idle (a performance
// mark) are listed apart and not counted against the budget, since the page is shown without them.
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
/** The performance mark apps/web/src/ui/lazy-module.ts sets when an idle preload starts. */
const idlePreloadMark = 'wattle:idle-preload';
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
  'invoice-pages',
  'timesheet-page',
  'participants-page',
  'settings-layout',
  'appearance-page',
];

await withDemoApp(
  async ({ newSignedInContext }) => {
    const context = await newSignedInContext(args.user);
    const page = await context.newPage();
    const scripts = new Set();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto('/inbox', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();

    // The shell fetches the code of its menus and tooltips while the browser is idle after the first
    // render (apps/web/src/ui/lazy-module.ts marks when). Scripts requested from that mark on are
    // listed apart: the budget is for what the page needs to show /inbox.
    const timing = await page.evaluate((markName) => {
      const mark = performance.getEntriesByName(markName)[0];
      const starts = {};
      for (const entry of performance.getEntriesByType('resource'))
        starts[new URL(entry.name).pathname] ??= entry.startTime;
      return { markTime: mark ? mark.startTime : null, starts };
    }, idlePreloadMark);
    const isPreloadedAtIdle = (pathname) =>
      timing.markTime !== null && (timing.starts[pathname] ?? -1) >= timing.markTime;

    const rows = [...scripts].sort().map((pathname) => {
      const bytes = readFileSync(path.join(dist, pathname));
      return {
        file: pathname.replace(/^\/assets\//, ''),
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        atIdle: isPreloadedAtIdle(pathname),
      };
    });
    const sum = (list) => list.reduce((total, row) => total + row.gzip, 0);
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    const print = (row) =>
      console.log(
        `  ${row.file.padEnd(48)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(10)} gzip`,
      );
    const needed = rows.filter((row) => !row.atIdle);
    const preloaded = rows.filter((row) => row.atIdle);
    const total = sum(needed);
    console.log(`JavaScript loaded to show /inbox (signed in as ${args.user}):\n`);
    needed.forEach(print);
    console.log(`\n  total gzip: ${kb(total)} (budget ${kb(budgetBytes)})`);
    if (preloaded.length) {
      console.log('\nFetched afterwards while the browser was idle (the menus and tooltips):\n');
      preloaded.forEach(print);
      console.log(`\n  preloaded gzip: ${kb(sum(preloaded))}; everything fetched: ${kb(sum(rows))}`);
    }

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
