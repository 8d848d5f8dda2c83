// Starts the built Wattle server as a child process for benchmarks, watches its memory and CPU, and
// stops it the way production does (SIGTERM), checking that it exits cleanly.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** `getconf CLK_TCK`: 100 on the Linux distributions this runs on (Node does not expose it). */
const clockTicksPerSecond = 100;

/** Environment variables the server's config reads: the caller's shell must not leak them in. */
const serverEnvKeys = [
  'NODE_ENV',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'AUTH_MODE',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_SCOPES',
  'SESSION_SECRET',
  'SESSION_IDLE_MINUTES',
  'PUBLIC_URL',
  'WEB_DIST_DIR',
  'LOG_LEVEL',
  'SEED_DEMO_DATA',
  'BENCH_BARE_ROUTE',
  'TRUST_PROXY',
  'NODE_OPTIONS',
];

/**
 * The node flags the server runs with in production (package.json's `start`, apps/server's `serve`,
 * docs/operations.md): one V8 background thread and an 8 MB young generation, for idle memory.
 */
export const productionNodeFlags = ['--v8-pool-size=1', '--max-semi-space-size=8'];

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `node <productionNodeFlags> <entry>` listening on 127.0.0.1:<port>, with stdout and stderr going to `logPath`
 * (a file, as under a process supervisor: the server's request logging is part of what is measured).
 */
export function startServer({ entry, port, env, logPath, nodeArgs = [] }) {
  if (!existsSync(entry)) {
    throw new Error(
      `${entry} does not exist. This script builds nothing: run \`npm run build\` (or \`npm run build -w apps/server\`) first.`,
    );
  }
  const childEnv = { ...process.env };
  for (const key of serverEnvKeys) delete childEnv[key];
  Object.assign(childEnv, env, { PORT: String(port), HOST: '127.0.0.1' });

  const logFd = openSync(logPath, 'a');
  const child = spawn(process.execPath, [...productionNodeFlags, ...nodeArgs, entry], {
    env: childEnv,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);

  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });
  let exitInfo = null;
  exited.then((info) => {
    exitInfo = info;
  });

  return {
    child,
    pid: child.pid,
    baseUrl: `http://127.0.0.1:${port}`,
    logPath,
    exited,
    get hasExited() {
      return exitInfo !== null;
    },
    /** How the process ended ({ code, signal }), or null while it runs. */
    get exitInfo() {
      return exitInfo;
    },
    /** Polls GET /api/health until it answers 200, the process dies, or `timeoutMs` passes. */
    async waitHealthy(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      let lastError = 'no answer yet';
      while (Date.now() < deadline) {
        if (exitInfo) throw new Error(`server exited during start-up (${describeExit(exitInfo)})`);
        try {
          const res = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
          if (res.status === 200) return res.json();
          lastError = `status ${res.status}`;
        } catch (error) {
          lastError = error.cause?.code ?? error.message;
        }
        await sleep(200);
      }
      throw new Error(`server not healthy after ${timeoutMs / 1000} s (${lastError})`);
    },
    /** Resident and peak-resident memory in kB, from /proc/<pid>/status (Linux). */
    memory() {
      return readMemory(child.pid);
    },
    /** User + system CPU time consumed so far, in ms (Linux). */
    cpuMs() {
      return readCpuMs(child.pid);
    },
    /**
     * SIGTERM, then waits for the exit. Resolves with the exit; throws if the process had to be killed
     * because it did not stop within `timeoutMs` (the server's own drain deadline is 10 s).
     */
    async stop(timeoutMs = 15_000) {
      if (exitInfo) return exitInfo;
      child.kill('SIGTERM');
      const timer = sleep(timeoutMs).then(() => 'timeout');
      const outcome = await Promise.race([exited, timer]);
      if (outcome === 'timeout') {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`server did not exit within ${timeoutMs / 1000} s of SIGTERM; killed it`);
      }
      return outcome;
    },
  };
}

export function describeExit({ code, signal, error }) {
  if (error) return `spawn error: ${error.message}`;
  return signal ? `killed by ${signal}` : `exit code ${code}`;
}

export function readMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => {
    const match = status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) : null;
  };
  return { rssKb: field('VmRSS'), peakRssKb: field('VmHWM') };
}

export function readCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which is in parentheses and may contain spaces).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
  return (ticks * 1000) / clockTicksPerSecond;
}

/** The last `lines` lines of a log file, for error messages. */
export function tail(path, lines = 30) {
  try {
    return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * CPU time (ms) of the Postgres backends serving database `database`: their process title
 * (/proc/<pid>/cmdline) is "postgres: <user> <database> <client> <state>". Other databases on the
 * same server, and its shared background processes, are not counted.
 */
export function cpuMsOfPostgresBackends(database) {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!title.split(' ').includes(database)) continue;
      total += readCpuMs(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}

/**
 * A counter of the CPU time (ms) the Postgres backends of `database` have used since it was made,
 * counted per backend: a pool closes idle connections between measurements, and a sum over the
 * backends alive at each reading (cpuMsOfPostgresBackends) would lose what a closed one had used.
 * Call the returned function before and after a measurement and subtract.
 */
export function postgresBackendCpuCounter(database) {
  const seen = new Map();
  let used = 0;
  return () => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
        const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
        if (!title.split(' ').includes(database)) continue;
        const cpu = readCpuMs(Number(entry));
        used += cpu - (seen.get(entry) ?? 0);
        seen.set(entry, cpu);
      } catch {
        // The process ended while we looked.
      }
    }
    return used;
  };
}

/** Busy and total CPU time of the whole machine (all cores) in ms, from /proc/stat. */
export function machineCpuMs() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return {
    busyMs: (busy * 1000) / clockTicksPerSecond,
    totalMs: ((busy + idle + iowait) * 1000) / clockTicksPerSecond,
  };
}

/**
 * Waits until the rest of the machine is quiet: over a 1 s window, CPU use outside `ownPids` at most
 * `maxBusyPercent` of one core. Other work on a 2-core machine (builds, test runs) would otherwise
 * be measured as the server's slowness. Gives up after `timeoutSeconds` and says how busy it was.
 */
export async function waitForQuiet({ ownPids, maxBusyPercent = 25, timeoutSeconds = 60 }) {
  const started = Date.now();
  const ownCpu = () => ownPids.reduce((sum, pid) => sum + safeCpuMs(pid), 0);
  let busyPercent = Number.NaN;
  do {
    const a = machineCpuMs();
    const ownA = ownCpu();
    await sleep(1_000);
    const b = machineCpuMs();
    const ownB = ownCpu();
    busyPercent = ((b.busyMs - a.busyMs - (ownB - ownA)) / 1000) * 100;
    if (busyPercent <= maxBusyPercent) break;
  } while (Date.now() - started < timeoutSeconds * 1000);
  return { waitedSeconds: (Date.now() - started) / 1000, busyPercent, quiet: busyPercent <= maxBusyPercent };
}

function safeCpuMs(pid) {
  try {
    return readCpuMs(pid);
  } catch {
    return 0;
  }
}
