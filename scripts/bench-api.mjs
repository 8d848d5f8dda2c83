#!/usr/bin/env node
// API benchmark: the reads every page load makes (GET /api/me with the session cookie and with a
// personal API token, /api/tenants, /api/teams, /api/notifications/unread-count and the inbox's first
// page) at 10 concurrent connections, on PGlite and on Postgres, each also as a share of a bare
// Fastify app (scripts/lib/bare-fastify.mjs, its own process: the framework's ceiling on this
// machine) and of a bare route of the server itself, both measured in the same run; plus the server's
// memory at idle and after the load. Results: docs/performance.md.
//
//   node scripts/bench-api.mjs [--db pglite|postgres|both] [--duration 10] [--connections 10]
//       [--warmup 3] [--idle 5] [--repeat 3] [--quiet-wait 60] [--max-other 25]
//       [--route fastify,bare,me,me-token,tenants,teams,unread,inbox]
//       [--env KEY=VALUE ...] [--node-arg=--flag ...] [--server path/to/main.js]
//       [--json out.json] [--check-targets] [--keep] [--memory]
//
// --memory measures no load: it starts the server (first start, then a restart on PGlite), lets it
// idle and prints its memory.
//
// It builds nothing: run `npm run build` (at least `npm run build -w apps/server`) first; it stops
// with a message if apps/server/dist/main.js is missing. For each database it starts that file on a
// free port of 127.0.0.1, with a fresh temporary DATA_DIR (PGlite) or a freshly created Postgres
// database (dropped afterwards), waits for /api/health, lets it idle and reads its memory, signs in
// as the demo owner of Sunrise Support Network, warms up, measures each route, and stops the server
// with SIGTERM, requiring exit code 0. PGlite is then started once more on the same data directory,
// to read the idle memory of a restart (no first-start initdb), and stopped again.
//
// Postgres: BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) names a local
// server and a role that may create databases. --env KEY=VALUE is passed to the server, e.g.
// --env LOG_LEVEL=warn or --env DATABASE_POOL_SIZE=20. Exits 1 on any error, including a non-2xx
// answer under load or an unclean shutdown; with --check-targets, exits 2 when a target is missed.
//
// Two ceilings: `fastify` is GET /bare of a bare Fastify app started by this script in a process of
// its own (no hooks, no logging); `bare` is GET /bench/bare of the server, which registers it only
// with BENCH_BARE_ROUTE=1 (this script sets it): it passes through every hook a real route does and
// answers {"success":true}. The targets are shares of the bare Fastify app.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  commonOptions,
  createCleanups,
  describeHost,
  launchServer,
  parseBenchArgs,
  scratchData,
  stopCleanly,
  waitForQuietMachine,
  withServerLog,
  writeJsonResults,
} from './lib/bench.mjs';
import { assertClean, medianByThroughput, runLoad } from './lib/bench-load.mjs';
import { describePostgres } from './lib/bench-postgres.mjs';
import { cpuMsOfPostgresBackends, describeExit, machineCpuMs } from './lib/bench-server.mjs';
import { formatMb, formatMs, renderTable } from './lib/bench-stats.mjs';

const bareFastifyEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lib/bare-fastify.mjs');

const demoOwner = 'olivia.owner@sunrise.example';
const demoTenant = 'Sunrise Support Network';

/**
 * The issues' targets on the 2-core benchmark machine (issue 18 item 5: every hot read at least 10%
 * of a bare Fastify route's requests/s on Postgres and 5% on PGlite, p95 under 15 ms on Postgres).
 */
const targets = {
  postgresMinRps: 1000,
  postgresMaxP95Ms: 15,
  postgresMinShareOfBare: 0.1,
  pgliteMinShareOfBare: 0.05,
  pgliteMaxIdleRssMb: 250,
};
const routeNames = ['fastify', 'bare', 'me', 'me-token', 'tenants', 'teams', 'unread', 'inbox'];
/** The ceilings the reads are compared with, measured first. */
const ceilings = ['fastify', 'bare'];

const print = (text = '') => process.stdout.write(`${text}\n`);
const note = (text) => process.stderr.write(`bench-api: ${text}\n`);

const usage = `usage: node scripts/bench-api.mjs [--db pglite|postgres|both] [--duration 10] [--connections 10]
    [--warmup 3] [--idle 5] [--repeat 3] [--quiet-wait 60] [--max-other 25]
    [--route ${routeNames.join(',')}] [--env KEY=VALUE ...] [--node-arg=--flag ...]
    [--server apps/server/dist/main.js] [--json out.json] [--check-targets] [--keep] [--memory]`;

function parseOptions() {
  const values = parseBenchArgs(usage, {
    idle: { type: 'string', default: '5' },
    'max-other': { type: 'string', default: '25' },
    route: { type: 'string', default: routeNames.join(',') },
    'node-arg': { type: 'string', multiple: true, default: [] },
    memory: { type: 'boolean', default: false },
  });
  const number = (name, min, max) => {
    const n = Number(values[name]);
    if (!Number.isFinite(n) || n < min || n > max) {
      throw new Error(`--${name} must be a number from ${min} to ${max}`);
    }
    return n;
  };
  const common = commonOptions(values, number);
  const routes = values.route.split(',').map((r) => r.trim());
  if (routes.some((r) => !routeNames.includes(r))) {
    throw new Error(`--route takes a comma-separated list of ${routeNames.join(', ')}`);
  }
  // The ceilings are measured first, so every read's share of them comes from the same run.
  routes.sort((a, b) => routeNames.indexOf(a) - routeNames.indexOf(b));
  return {
    ...common,
    idle: number('idle', 0, 120),
    maxOther: number('max-other', 0, 1000),
    routes,
    nodeArgs: values['node-arg'],
    memoryOnly: values.memory,
  };
}

/**
 * Signs in through demo sign-in; returns the Cookie header value, the tenant id and a new personal
 * API token of the same person.
 */
async function signIn(baseUrl) {
  const login = await fetch(`${baseUrl}/api/auth/demo/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoOwner }),
  });
  if (login.status !== 200) throw new Error(`demo sign-in answered ${login.status}: ${await login.text()}`);
  const session = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('wattle_session='));
  if (!session) throw new Error('demo sign-in set no wattle_session cookie');
  const csrf = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('wattle_csrf='));
  if (!csrf) throw new Error('demo sign-in set no wattle_csrf cookie');

  const res = await fetch(`${baseUrl}/api/tenants`, { headers: { cookie: session } });
  if (res.status !== 200) throw new Error(`GET /api/tenants answered ${res.status}`);
  const tenant = (await res.json()).data.find((t) => t.name === demoTenant);
  if (!tenant) throw new Error(`${demoOwner} has no tenant named ${demoTenant}`);

  const created = await fetch(`${baseUrl}/api/me/tokens`, {
    method: 'POST',
    headers: {
      cookie: `${session}; ${csrf}`,
      'x-csrf-token': csrf.slice('wattle_csrf='.length),
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name: 'bench-api' }),
  });
  if (created.status !== 201) throw new Error(`POST /api/me/tokens answered ${created.status}`);
  return { cookie: session, tenantId: tenant.id, apiToken: (await created.json()).data.token };
}

/** One checked request per route before any load: a wrong answer would make every figure meaningless. */
async function checkRoute(baseUrl, route) {
  const res = await fetch(`${baseUrl}${route.path}`, { headers: route.headers });
  const text = await res.text();
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // reported below
  }
  if (res.status !== 200 || body?.success !== true) {
    throw new Error(`GET ${route.path} answered ${res.status}: ${text.slice(0, 300)}`);
  }
  return { bytes: Buffer.byteLength(text), items: Array.isArray(body.data) ? body.data.length : 1 };
}

/** Starts the server and waits until it is healthy; registers a kill for the clean-up stack. */
function launch(options, env, logPath, cleanups) {
  return launchServer({
    entry: options.serverEntry,
    env,
    logPath,
    nodeArgs: options.nodeArgs,
    cleanups,
    note,
  });
}

async function benchOne(kind, options, cleanups) {
  const { logPath, env, postgres } = await scratchData(kind, { prefix: 'wattle-bench', options, cleanups });
  env.BENCH_BARE_ROUTE ??= '1';

  const result = { db: kind, routes: [], memory: {} };
  try {
    note(`${kind}: starting (first start: migrations and demo seed)`);
    const { server, startupSeconds } = await launch(options, env, logPath, cleanups);
    result.startupSeconds = startupSeconds;
    if (postgres) result.postgres = await describePostgres(postgres.url);

    // Idle memory: after migrations and the demo seed, with nothing asked of the server.
    await sleep(options.idle * 1000);
    result.memory.idle = server.memory();
    if (options.memoryOnly) {
      result.memory.afterLoad = server.memory();
    } else {
      if (options.routes.includes('fastify')) {
        result.routes.push(await benchBareFastify(kind, options, logPath, cleanups));
      }
      const { cookie, tenantId, apiToken } = await signIn(server.baseUrl);
      const inTenant = { cookie, 'x-tenant-id': tenantId };
      const available = {
        bare: { name: 'bare', path: '/bench/bare', headers: {} },
        me: { name: 'me', label: '(cookie)', path: '/api/me', headers: { cookie } },
        'me-token': {
          name: 'me-token',
          label: '(API token)',
          path: '/api/me',
          headers: { authorization: `Bearer ${apiToken}` },
        },
        tenants: { name: 'tenants', path: '/api/tenants', headers: { cookie } },
        teams: { name: 'teams', path: '/api/teams', headers: inTenant },
        unread: { name: 'unread', path: '/api/notifications/unread-count', headers: inTenant },
        // The inbox's first page, as the web app asks for it.
        inbox: {
          name: 'inbox',
          label: '?limit=50&offset=0',
          path: '/api/notifications?limit=50&offset=0',
          headers: inTenant,
        },
      };
      for (const name of options.routes.filter((r) => r !== 'fastify')) {
        result.routes.push(await benchRoute(kind, server, available[name], options, postgres?.name));
      }
      result.memory.afterLoad = server.memory();
    }
    result.shutdown = await stopCleanly(kind, server);

    if (kind === 'pglite') {
      // The steady state of a PGlite deployment: a restart on an existing data directory.
      note('pglite: restarting on the same data directory');
      const again = await launch(options, env, logPath, cleanups);
      await sleep(options.idle * 1000);
      result.memory.idleAfterRestart = again.server.memory();
      result.restartSeconds = again.startupSeconds;
      result.restartShutdown = await stopCleanly(kind, again.server);
    }
  } catch (error) {
    throw withServerLog(error, logPath, options);
  }
  return result;
}

/**
 * The framework's ceiling: GET /bare of a bare Fastify app in a process of its own, measured while the
 * server idles, then stopped, so it does not compete with the server's runs.
 */
async function benchBareFastify(kind, options, logPath, cleanups) {
  const { server: bare } = await launchServer({
    entry: bareFastifyEntry,
    env: {},
    logPath: `${logPath}.bare-fastify`,
    cleanups,
    note,
  });
  const route = { name: 'fastify', label: '(bare Fastify app)', path: '/bare', headers: {} };
  const measured = await benchRoute(kind, bare, route, options, null);
  await stopCleanly(`${kind} bare Fastify`, bare);
  return measured;
}

async function benchRoute(kind, server, route, options, postgresName) {
  const response = await checkRoute(server.baseUrl, route);
  const load = {
    url: `${server.baseUrl}${route.path}`,
    headers: route.headers,
    connections: options.connections,
  };
  if (options.warmup > 0) {
    const warmup = await runLoad({ ...load, durationSeconds: options.warmup, record: false });
    assertClean(`${kind} ${warmup.url} warm-up`, warmup);
  }
  // A run during which other work on the machine used more than --max-other % of a core is
  // disturbed: it is kept in the JSON but retried, up to three attempts per wanted run.
  const runs = [];
  const clean = () => runs.filter((r) => !r.disturbed);
  for (let attempt = 1; clean().length < options.repeat && attempt <= options.repeat * 3; attempt++) {
    const quiet = await waitForQuietMachine({
      quietWait: options.quietWait,
      ownPids: [process.pid, server.pid],
      note,
    });
    const before = cpuSnapshot(server, postgresName);
    const run = await runLoad({ ...load, durationSeconds: options.duration });
    if (server.hasExited) throw exitedEarly(server);
    run.cpu = cpuShares(before, cpuSnapshot(server, postgresName), run.durationSeconds, run.requests);
    run.backgroundBeforePercent = quiet?.busyPercent ?? null;
    run.disturbed = run.cpu.other > options.maxOther;
    assertClean(`${kind} ${run.url} measurement`, run);
    note(
      `${kind} ${route.path} attempt ${attempt}: ${run.requestsPerSecond.toFixed(0)} req/s, ` +
        `p95 ${formatMs(run.latencyMs.p95)} ms, other CPU ${run.cpu.other.toFixed(0)}%` +
        (run.disturbed ? ' (disturbed)' : ''),
    );
    runs.push(run);
  }
  // The median clean run by throughput stands for the route (the median of all runs if none was
  // clean, flagged); every run is kept in the JSON output.
  const pool = clean().length > 0 ? clean() : runs;
  return {
    ...medianByThroughput(pool),
    name: route.name,
    label: route.label,
    response,
    runs,
    counted: pool.length,
  };
}

function exitedEarly(server) {
  return new Error(
    `the server (pid ${server.pid}) exited during the measurement (${describeExit(server.exitInfo)}); ` +
      'if its log shows a SIGTERM, something outside this script stopped it',
  );
}

/**
 * CPU time so far of the server, the Postgres backends of the benchmark database, this process (the
 * load generator) and the whole machine.
 */
function cpuSnapshot(server, postgresName) {
  const own = process.cpuUsage();
  let serverMs;
  try {
    serverMs = server.cpuMs();
  } catch (error) {
    throw server.hasExited ? exitedEarly(server) : error;
  }
  return {
    server: serverMs,
    postgres: postgresName ? cpuMsOfPostgresBackends(postgresName) : 0,
    loadgen: (own.user + own.system) / 1000,
    machine: machineCpuMs(),
  };
}

/**
 * Each party's CPU use over the run in % of one core (the machine has 100% per core), `other` being
 * everything else on the machine; and the server's and Postgres's CPU milliseconds per request.
 */
function cpuShares(a, b, seconds, requests) {
  const pct = (ms) => (ms / (seconds * 1000)) * 100;
  const server = pct(b.server - a.server);
  const postgres = pct(b.postgres - a.postgres);
  const loadgen = pct(b.loadgen - a.loadgen);
  const machine = pct(b.machine.busyMs - a.machine.busyMs);
  return {
    server,
    postgres,
    loadgen,
    other: Math.max(0, machine - server - postgres - loadgen),
    machine,
    serverMsPerRequest: (b.server - a.server) / requests,
    postgresMsPerRequest: (b.postgres - a.postgres) / requests,
  };
}

/**
 * A read's requests/s as a share of a ceiling's (`fastify` or `bare`) in the same run; null without
 * that ceiling's run, and for the ceilings themselves.
 */
function shareOf(ceiling, result, run) {
  const bare = result.routes.find((r) => r.name === ceiling);
  if (!bare || ceilings.includes(run.name)) return null;
  return run.requestsPerSecond / bare.requestsPerSecond;
}

/** The share the targets are about: of the bare Fastify app, or of the server's bare route without it. */
const targetCeiling = (result) => (result.routes.some((r) => r.name === 'fastify') ? 'fastify' : 'bare');
const ceilingTitle = { fastify: 'the bare Fastify app', bare: "the server's bare route" };
const percent = (share) => (share === null ? '-' : `${(share * 100).toFixed(1)}%`);

const routeTitle = (run) => `GET ${run.url}${run.label ? ` ${run.label}` : ''}`;

function verdictsOf(results) {
  const verdicts = [];
  for (const r of results) {
    const minShare = r.db === 'postgres' ? targets.postgresMinShareOfBare : targets.pgliteMinShareOfBare;
    const ceiling = targetCeiling(r);
    for (const run of r.routes) {
      const share = shareOf(ceiling, r, run);
      if (share === null) continue;
      verdicts.push({
        target: `${r.db} ${routeTitle(run)} >= ${minShare * 100}% of ${ceilingTitle[ceiling]}'s req/s (${percent(share)})`,
        met: share >= minShare,
      });
    }
    if (r.db === 'postgres') {
      for (const run of r.routes.filter((x) => !ceilings.includes(x.name))) {
        verdicts.push({
          target: `postgres ${routeTitle(run)} >= ${targets.postgresMinRps} req/s`,
          met: run.requestsPerSecond >= targets.postgresMinRps,
        });
        verdicts.push({
          target: `postgres ${routeTitle(run)} p95 < ${targets.postgresMaxP95Ms} ms`,
          met: run.latencyMs.p95 < targets.postgresMaxP95Ms,
        });
      }
    } else {
      verdicts.push({
        target: `pglite idle RSS < ${targets.pgliteMaxIdleRssMb} MB (first start)`,
        met: r.memory.idle.rssKb / 1024 < targets.pgliteMaxIdleRssMb,
      });
      if (r.memory.idleAfterRestart) {
        verdicts.push({
          target: `pglite idle RSS < ${targets.pgliteMaxIdleRssMb} MB (restart)`,
          met: r.memory.idleAfterRestart.rssKb / 1024 < targets.pgliteMaxIdleRssMb,
        });
      }
    }
  }
  return verdicts;
}

function report(results, options, verdicts) {
  print();
  print(
    `Wattle API benchmark, ${new Date().toISOString()}: ${options.connections} connections, ` +
      `${options.duration} s per run after ${options.warmup} s warm-up` +
      (options.repeat > 1 ? `, median of ${options.repeat} runs` : '') +
      `; ${describeHost()}` +
      (Object.keys(options.env).length ? `; server env ${JSON.stringify(options.env)}` : '') +
      (options.nodeArgs.length ? `; node ${options.nodeArgs.join(' ')}` : ''),
  );
  print();
  if (results.some((r) => r.routes.length > 0)) printRoutes(results, options);
  print(
    renderTable(
      ['db', 'RSS', 'idle', 'after load', 'peak', 'idle after restart', 'start-up', 'SIGTERM'],
      results.map((r) => [
        r.db,
        '',
        formatMb(r.memory.idle?.rssKb),
        formatMb(r.memory.afterLoad?.rssKb),
        formatMb(r.memory.afterLoad?.peakRssKb),
        r.memory.idleAfterRestart ? formatMb(r.memory.idleAfterRestart.rssKb) : '-',
        `${r.startupSeconds.toFixed(1)} s`,
        r.restartShutdown ? `${r.shutdown}, ${r.restartShutdown}` : r.shutdown,
      ]),
    ),
  );
  print();
  for (const v of verdicts) print(`${v.met ? 'MET   ' : 'MISSED'}  ${v.target}`);
}

/** The table of routes and what it means. */
function printRoutes(results, options) {
  const rows = results.flatMap((r) =>
    r.routes.map((run) => [
      r.db,
      `${routeTitle(run)}${run.disturbed ? ' *' : ''}`,
      run.requestsPerSecond.toFixed(0),
      percent(shareOf('fastify', r, run)),
      percent(shareOf('bare', r, run)),
      formatMs(run.latencyMs.p50),
      formatMs(run.latencyMs.p95),
      formatMs(run.latencyMs.p99),
      formatMs(run.latencyMs.max),
      run.requests,
      run.non2xx,
      run.cpu.serverMsPerRequest.toFixed(2),
      r.db === 'postgres' ? run.cpu.postgresMsPerRequest.toFixed(2) : '-',
      [run.cpu.server, r.db === 'postgres' ? run.cpu.postgres : null, run.cpu.loadgen, run.cpu.other]
        .map((c) => (c === null ? '-' : Math.max(0, c).toFixed(0)))
        .join('/'),
      ...(options.repeat > 1
        ? [
            `${Math.min(...run.runs.map((x) => x.requestsPerSecond)).toFixed(0)}-` +
              `${Math.max(...run.runs.map((x) => x.requestsPerSecond)).toFixed(0)} ` +
              `(${run.counted}/${run.runs.length})`,
          ]
        : []),
    ]),
  );
  print(
    renderTable(
      [
        'db',
        'route',
        'req/s',
        'of Fastify',
        'of bare',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'requests',
        'non-2xx',
        'srv CPU ms/req',
        'pg CPU ms/req',
        'CPU % srv/pg/load/other',
        ...(options.repeat > 1 ? ['req/s range'] : []),
      ],
      rows,
    ),
  );
  print();
  print('CPU % is of one core (the machine has 100% per core): the server, the Postgres backends of the');
  print('benchmark database, this load generator, and everything else (including Postgres background');
  print('writers). A run with "other" above --max-other (default 25) is disturbed and retried; * marks a');
  print('route with no undisturbed run: rerun when the machine is quiet. "of Fastify" is the route\'s req/s');
  print('as a share of a bare Fastify app\'s GET /bare (its own process, no hooks), "of bare" as a share of');
  print('GET /bench/bare (a route doing nothing) served by the same server; both measured in the same run.');
  print();
}

async function main() {
  const options = parseOptions();
  if (!existsSync(options.serverEntry)) {
    throw new Error(
      `${options.serverEntry} does not exist. This script builds nothing: run \`npm run build\` first.`,
    );
  }
  const cleanups = createCleanups(note);
  const results = [];
  try {
    for (const kind of options.dbs) {
      results.push(await benchOne(kind, options, cleanups));
      await cleanups.run();
    }
  } finally {
    await cleanups.run();
  }

  const verdicts = verdictsOf(results);
  report(results, options, verdicts);
  if (options.json) writeJsonResults(options.json, { options, results, verdicts });
  if (options.checkTargets && verdicts.some((v) => !v.met)) process.exitCode = 2;
}

main().catch((error) => {
  console.error(`bench-api: ${error.message}`);
  process.exit(1);
});
