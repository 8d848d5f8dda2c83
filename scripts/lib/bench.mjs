// What the benchmark scripts (bench-api.mjs, bench-cards.mjs, bench-search.mjs) share around their
// measurements: the common options, a clean-up stack that also runs on Ctrl+C, a scratch data
// directory and Postgres database per run, starting and stopping the built server, waiting for a
// quiet machine, the warm-up and measured runs of a load, and the JSON results file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { assertClean, medianByThroughput, runLoad } from './bench-load.mjs';
import { createScratchDatabase } from './bench-postgres.mjs';
import { describeExit, freePort, startServer, tail, waitForQuiet } from './bench-server.mjs';
import { formatMs } from './bench-stats.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const defaultServerEntry = path.join(repoRoot, 'apps/server/dist/main.js');

/** The parseArgs options every benchmark takes (each script adds its own). */
export const commonArgs = {
  db: { type: 'string', default: 'both' },
  duration: { type: 'string', default: '10' },
  connections: { type: 'string', default: '10' },
  warmup: { type: 'string', default: '3' },
  repeat: { type: 'string', default: '3' },
  'quiet-wait': { type: 'string', default: '60' },
  env: { type: 'string', multiple: true, default: [] },
  server: { type: 'string' },
  json: { type: 'string' },
  'check-targets': { type: 'boolean', default: false },
  keep: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
};

/**
 * The command line: the common options and the script's `extra` ones. --help prints `usage` and
 * exits. Returns the values as parseArgs gives them.
 */
export function parseBenchArgs(usage, extra) {
  const { values } = parseArgs({ options: { ...commonArgs, ...extra } });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return values;
}

/** Reads a whole-number option of `values`: `number(name, min, max)`, for commonOptions and the script's own. */
export function wholeNumberReader(values) {
  return (name, min, max) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
}

/**
 * The common options' values. `number(name, min, max)` reads and checks one numeric option (each
 * script says whether fractions are allowed).
 */
export function commonOptions(values, number) {
  if (!['pglite', 'postgres', 'both'].includes(values.db)) {
    throw new Error('--db must be pglite, postgres or both');
  }
  const env = {};
  for (const pair of values.env) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw new Error(`--env expects KEY=VALUE, got ${pair}`);
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return {
    dbs: values.db === 'both' ? ['pglite', 'postgres'] : [values.db],
    duration: number('duration', 1, 600),
    connections: number('connections', 1, 200),
    warmup: number('warmup', 0, 60),
    repeat: number('repeat', 1, 20),
    quietWait: number('quiet-wait', 0, 600),
    env,
    serverEntry: path.resolve(values.server ?? defaultServerEntry),
    json: values.json,
    checkTargets: values['check-targets'],
    keep: values.keep,
    postgresAdminUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

/**
 * A stack of clean-ups, run last first by `run()` and on SIGINT or SIGTERM (then the process exits
 * with 130). A clean-up that fails is reported through `note` and the others still run.
 */
export function createCleanups(note) {
  const stack = [];
  const run = async () => {
    while (stack.length) {
      try {
        await stack.pop()();
      } catch (error) {
        note(`clean-up failed: ${error.message}`);
      }
    }
  };
  let interrupted = false;
  const onSignal = (signal) => {
    if (interrupted) return;
    interrupted = true;
    note(`${signal}: stopping`);
    run().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { push: (cleanup) => stack.push(cleanup), run };
}

/**
 * A fresh temporary DATA_DIR (with the server's log in it) and, for `kind` postgres, a freshly
 * created database, both removed by `cleanups` unless `options.keep` is set by then. The database is
 * dropped even then unless `keepDatabase`. Returns the server environment that points at them.
 */
export async function scratchData(kind, { prefix, options, cleanups, keepDatabase = false }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-${kind}-`));
  const logPath = path.join(dataDir, 'server.log');
  cleanups.push(() => {
    if (!options.keep) rmSync(dataDir, { recursive: true, force: true });
  });
  const env = { DATA_DIR: dataDir, ...options.env };
  let postgres = null;
  if (kind === 'postgres') {
    postgres = await createScratchDatabase(options.postgresAdminUrl);
    cleanups.push(() => (keepDatabase && options.keep ? undefined : postgres.drop()));
    env.DATABASE_URL = postgres.url;
  }
  return { dataDir, logPath, env, postgres };
}

/**
 * Starts the built server on a free port and waits until it is healthy; a clean-up kills it if it
 * still runs by then.
 */
export async function launchServer({ entry, env, logPath, nodeArgs = [], cleanups, note, healthyTimeoutMs }) {
  const port = await freePort();
  const server = startServer({ entry, port, env, logPath, nodeArgs });
  cleanups.push(async () => {
    if (!server.hasExited) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
  note(`server pid ${server.pid} on ${server.baseUrl}, log ${logPath}`);
  const startedAt = performance.now();
  await server.waitHealthy(healthyTimeoutMs);
  return { server, startupSeconds: (performance.now() - startedAt) / 1000 };
}

/** SIGTERM, and the exit must be code 0 (the graceful shutdown in main.ts). Returns how it ended. */
export async function stopCleanly(label, server) {
  const exit = await server.stop();
  const described = describeExit(exit);
  if (exit.code !== 0) {
    throw new Error(`${label}: server did not shut down cleanly (${described})\n${tail(server.logPath)}`);
  }
  return described;
}

/**
 * Before a measured run: waits up to `quietWait` seconds (none if 0) for the rest of the machine to be
 * quiet, and says so when it is not. Returns what waitForQuiet found, or null.
 */
export async function waitForQuietMachine({ quietWait, ownPids, note }) {
  if (quietWait <= 0) return null;
  const quiet = await waitForQuiet({ ownPids, timeoutSeconds: quietWait });
  if (!quiet.quiet) {
    note(`machine still busy (${quiet.busyPercent.toFixed(0)}% of a core elsewhere) after ${quietWait} s`);
  }
  return quiet;
}

/**
 * Warm-up, then the median (by throughput) of --repeat measured runs of the requests `makeRequests()`
 * gives against `server`. `afterRun` runs after each load (the save load of bench-cards re-reads the
 * cards whose last answer autocannon dropped when its time ran out).
 */
export async function measureLoad({ label, options, server, makeRequests, note, afterRun = async () => {} }) {
  const load = { url: server.baseUrl, connections: options.connections };
  if (options.warmup > 0) {
    assertClean(
      `${label} warm-up`,
      await runLoad({ ...load, requests: makeRequests(), durationSeconds: options.warmup, record: false }),
    );
    await afterRun();
  }
  const runs = [];
  for (let i = 0; i < options.repeat; i++) {
    const quiet = await waitForQuietMachine({
      quietWait: options.quietWait,
      ownPids: [process.pid, server.pid],
      note,
    });
    const run = await runLoad({ ...load, requests: makeRequests(), durationSeconds: options.duration });
    if (server.hasExited)
      throw new Error(`the server exited during the measurement (${describeExit(server.exitInfo)})`);
    assertClean(label, run);
    await afterRun();
    run.backgroundBeforePercent = quiet?.busyPercent ?? null;
    note(
      `${label} run ${i + 1}: ${run.requestsPerSecond.toFixed(0)} req/s, p50 ${formatMs(run.latencyMs.p50)} ms, p95 ${formatMs(run.latencyMs.p95)} ms`,
    );
    runs.push(run);
  }
  return { ...medianByThroughput(runs), runs };
}

/** A run's figures as report cells: req/s, p50, p95, p99 and max ms, requests. */
export function runCells(run) {
  return [
    run.requestsPerSecond.toFixed(0),
    formatMs(run.latencyMs.p50),
    formatMs(run.latencyMs.p95),
    formatMs(run.latencyMs.p99),
    formatMs(run.latencyMs.max),
    run.requests,
  ];
}

/** A failed run's error, with the end of the server's log; the scratch data is kept to look at. */
export function withServerLog(error, logPath, options) {
  error.message += `\n--- last lines of ${logPath} ---\n${tail(logPath)}`;
  options.keep = true;
  return error;
}

/** "2 CPUs (model), node v22…", for a report's first line. */
export function describeHost() {
  const cpus = os.cpus();
  return `${cpus.length} CPUs (${cpus[0]?.model.trim()}), node ${process.version}`;
}

/** Writes the options (without the Postgres admin URL), host, results and verdicts as JSON. */
export function writeJsonResults(file, { options, results, verdicts }) {
  const { postgresAdminUrl: _omitted, ...recorded } = options;
  const host = { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version };
  const out = { date: new Date().toISOString(), host, options: recorded, results, verdicts };
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
}
