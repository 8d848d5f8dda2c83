#!/usr/bin/env node
// How long a work board of 2,000 cards takes to become interactive in Chromium (issue 5: under 1.5 s).
//
//   npm run build && node scripts/bench-board.mjs [--cards 2000] [--runs 5] [--target-ms 1500]
//     [--dist apps/web/dist] [--server apps/server/dist/main.js] [--json out.json] [--check-target]
//
// It starts the built server (demo sign-in, throw-away PGlite data directory: scripts/lib/demo-app.mjs),
// signs in as the Sunrise owner, creates a team and --cards cards in it through the API (8 at a time),
// spreads them over the team's columns (half To Do, a third In Progress, the rest Done, as a working
// team's board looks), then opens /my-teams/{slug}/work-board in Debian's Chromium (1280×800) once to
// warm the HTTP cache and --runs more times, measured.
//
// "Interactive" is the later of:
//   - the board drawn: every column of the team on the page, and the first card's drag handle in it
//     (taken by a MutationObserver the moment it holds, and checked by focusing that handle after);
//   - the main thread quiet: the end of the last long task (over 50 ms, PerformanceObserver
//     'longtask'), once 500 ms have passed without another.
// both counted from navigation start (performance.timeOrigin). The figure is the median of the runs.
// Exits 1 with --check-target when the median is over --target-ms.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot, withDemoApp } from './lib/demo-app.mjs';

const { values: args } = parseArgs({
  options: {
    cards: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '5' },
    'target-ms': { type: 'string', default: '1500' },
    user: { type: 'string', default: 'olivia.owner@sunrise.example' },
    dist: { type: 'string' },
    server: { type: 'string' },
    json: { type: 'string' },
    'check-target': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  process.stdout.write(
    'usage: node scripts/bench-board.mjs [--cards 2000] [--runs 5] [--target-ms 1500] [--user EMAIL]\n' +
      '    [--dist apps/web/dist] [--server apps/server/dist/main.js] [--json out.json] [--check-target]\n',
  );
  process.exit(0);
}
const cardCount = Number(args.cards);
const runs = Number(args.runs);
const targetMs = Number(args['target-ms']);
const quietMs = 500;
const dist = args.dist ? path.resolve(args.dist) : path.join(repoRoot, 'apps/web/dist');
const serverEntry = args.server ? path.resolve(args.server) : path.join(repoRoot, 'apps/server/dist/main.js');

/** Runs `fn` over `items` with at most `limit` at a time. */
async function eachLimited(items, limit, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await fn(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function json(response, what) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()).data;
}

/** A team of `count` cards spread over its columns, made through the API as the signed-in owner. */
async function createBoard(request) {
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === 'wattle_csrf')?.value;
  const tenants = await json(await request.get('/api/tenants'), 'GET /api/tenants');
  const tenant = tenants.find((candidate) => candidate.name === 'Sunrise Support Network') ?? tenants[0];
  const headers = { 'X-CSRF-Token': decodeURIComponent(csrf ?? ''), 'X-Tenant-Id': tenant.id };
  const team = await json(
    await request.post('/api/teams', { data: { name: 'Board benchmark team' }, headers }),
    'POST /api/teams',
  );
  const states = [...team.workflowStates].sort((a, b) => a.order - b.order);
  const priorities = ['low', 'medium', 'high'];
  const started = Date.now();
  const cards = [];
  await eachLimited(
    Array.from({ length: cardCount }, (_, i) => i),
    8,
    async (i) => {
      const due = new Date(Date.UTC(2026, 0, 1 + (i % 400))).toISOString().slice(0, 10);
      const card = await json(
        await request.post('/api/cards', {
          data: {
            teamId: team.id,
            title: `Benchmark card ${i + 1}: follow up the support plan review`,
            templateId: null,
            priority: priorities[i % 3],
            dueDate: due,
          },
          headers,
        }),
        'POST /api/cards',
      );
      cards[i] = card;
    },
  );
  // Half stay in the first column; a third go to the second, the rest to the last.
  const moves = cards.flatMap((card, i) => {
    const share = i / cards.length;
    const state = share < 0.5 ? null : share < 0.83 ? states[1] : states[states.length - 1];
    return state ? [{ card, state }] : [];
  });
  await eachLimited(moves, 8, async ({ card, state }) => {
    await json(
      await request.patch(`/api/cards/${card.id}`, {
        data: { version: card.version, workflowStateId: state.id },
        headers,
      }),
      `PATCH /api/cards/${card.id}`,
    );
  });
  console.log(
    `Created team ${team.slug}: ${cardCount} cards over ${states.length} columns in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return { team, tenant, columnCount: states.length };
}

/** Installed before the app's own scripts: records long tasks and the moment the board is drawn. */
function instrument(columnCount) {
  const w = window;
  w.__longTaskEnds = [];
  w.__boardReadyAt = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTaskEnds.push(entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const isReady = () =>
    document.querySelectorAll('[data-testid="board-column"]').length === columnCount &&
    document.querySelector('[data-testid="board-card"] button[aria-roledescription="sortable"]') !== null;
  const observer = new MutationObserver(() => {
    if (w.__boardReadyAt === null && isReady()) {
      w.__boardReadyAt = performance.now();
      observer.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { childList: true, subtree: true }),
  );
}

async function measure(page, url, columnCount) {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__boardReadyAt !== null, null, { timeout: 60_000, polling: 50 });
  // The first card's handle takes focus: the board answers the keyboard.
  const focused = await page.evaluate(() => {
    const handle = document.querySelector(
      '[data-testid="board-card"] button[aria-roledescription="sortable"]',
    );
    handle?.focus();
    return handle !== null && document.activeElement === handle;
  });
  if (!focused) throw new Error('the first card could not take focus');
  await page.waitForFunction(
    (quiet) => {
      const w = window;
      const lastBusy = Math.max(w.__boardReadyAt, ...w.__longTaskEnds);
      return performance.now() - lastBusy >= quiet;
    },
    quietMs,
    { timeout: 60_000, polling: 100 },
  );
  const result = await page.evaluate(() => ({
    boardReadyMs: window.__boardReadyAt,
    lastLongTaskMs: Math.max(0, ...window.__longTaskEnds),
    longTasks: window.__longTaskEnds.length,
    cardsDrawn: document.querySelectorAll('[data-testid="board-card"]').length,
    columns: document.querySelectorAll('[data-testid="board-column"]').length,
  }));
  if (result.columns !== columnCount)
    throw new Error(`expected ${columnCount} columns, saw ${result.columns}`);
  return { ...result, interactiveMs: Math.max(result.boardReadyMs, result.lastLongTaskMs) };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const report = await withDemoApp(
  async ({ newSignedInContext }) => {
    const context = await newSignedInContext(args.user, { viewport: { width: 1280, height: 800 } });
    const { team, tenant, columnCount } = await createBoard(context.request);
    const me = await json(await context.request.get('/api/me'), 'GET /api/me');
    await context.addInitScript(
      ([user, tenantId]) =>
        window.localStorage.setItem('wattle.selectedTenant', JSON.stringify({ [user]: tenantId })),
      [me.id, tenant.id],
    );
    await context.addInitScript(instrument, columnCount);
    const page = await context.newPage();
    const url = `/my-teams/${team.slug}/work-board`;

    const warmUp = await measure(page, url, columnCount);
    console.log(`warm-up (cold HTTP cache): interactive ${warmUp.interactiveMs.toFixed(0)} ms`);
    const samples = [];
    for (let run = 1; run <= runs; run += 1) {
      const sample = await measure(page, url, columnCount);
      samples.push(sample);
      console.log(
        `run ${run}: interactive ${sample.interactiveMs.toFixed(0)} ms (board drawn ${sample.boardReadyMs.toFixed(0)} ms, ` +
          `${sample.longTasks} long tasks, last ending ${sample.lastLongTaskMs.toFixed(0)} ms; ${sample.cardsDrawn} cards drawn)`,
      );
    }
    return { cards: cardCount, columns: columnCount, warmUp, samples };
  },
  { serverEntry, webDist: dist },
);

const medianMs = median(report.samples.map((sample) => sample.interactiveMs));
const verdict = medianMs <= targetMs ? 'meets' : 'misses';
console.log(
  `Board of ${report.cards} cards: interactive in ${medianMs.toFixed(0)} ms (median of ${runs}); ${verdict} the ${targetMs} ms target`,
);
if (args.json) writeFileSync(args.json, JSON.stringify({ ...report, medianMs, targetMs }, null, 2));
if (args['check-target'] && medianMs > targetMs) process.exit(1);
