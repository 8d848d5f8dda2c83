import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pingClamd } from '../src/features/files/clamd-client';

/**
 * A real clamd for tests: started on a free port of 127.0.0.1 with a temporary configuration and a
 * signature database holding ONLY the EICAR test signature (the official databases are not fetched:
 * no freshclam). The EICAR string is the industry's harmless test file: every scanner reports it.
 *
 * clamd comes from Debian's clamav-daemon package (scripts/ensure-clamd.mjs installs it). When it is
 * missing or will not start, `startClamd` throws saying why; tests fail rather than skip, unless
 * WATTLE_SKIP_CLAMD_TESTS=1 is set (README, "Tests").
 */

/** The 68-byte EICAR test string (eicar.org), which scanners report as a virus by agreement. */
export const eicarTestString = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
export const eicarSignatureName = 'Wattle.Test.EICAR';

export const skipClamdTests = process.env.WATTLE_SKIP_CLAMD_TESTS === '1';

export interface RunningClamd {
  url: string;
  stop(): Promise<void>;
}

function findClamd(): string | null {
  if (process.env.CLAMD_PATH) return process.env.CLAMD_PATH;
  const dirs = ['/usr/sbin', '/usr/local/sbin', '/usr/bin', ...(process.env.PATH ?? '').split(':')];
  for (const dir of dirs) {
    const candidate = path.join(dir, 'clamd');
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export async function startClamd(): Promise<RunningClamd> {
  const binary = findClamd();
  if (!binary) {
    throw new Error(
      'clamd is not installed: run `node scripts/ensure-clamd.mjs` (Debian package clamav-daemon), ' +
        'or set WATTLE_SKIP_CLAMD_TESTS=1 to skip the virus-scanning tests',
    );
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'wattle-clamd-'));
  const databaseDir = path.join(dir, 'db');
  const scratchDir = path.join(dir, 'tmp');
  await mkdir(databaseDir);
  await mkdir(scratchDir);
  // An extended (.ndb) signature: any file type (0), anywhere in the file (*), the EICAR bytes.
  const hex = Buffer.from(eicarTestString, 'latin1').toString('hex');
  await writeFile(path.join(databaseDir, 'wattle-test.ndb'), `${eicarSignatureName}:0:*:${hex}\n`);
  const port = await freePort();
  const logFile = path.join(dir, 'clamd.log');
  const configFile = path.join(dir, 'clamd.conf');
  await writeFile(
    configFile,
    [
      'Foreground yes',
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      `DatabaseDirectory ${databaseDir}`,
      `TemporaryDirectory ${scratchDir}`,
      `LogFile ${logFile}`,
      `PidFile ${path.join(dir, 'clamd.pid')}`,
      'StreamMaxLength 25M',
      'MaxThreads 4',
      'SelfCheck 0',
      '',
    ].join('\n'),
  );

  const child: ChildProcess = spawn(binary, [`--config-file=${configFile}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited with ${signal ?? `status ${code}`}`;
  });
  child.once('error', (error) => {
    exited = `could not be started: ${error.message}`;
  });

  const url = `tcp://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  let last = '';
  while (Date.now() < deadline) {
    if (exited) break;
    const ping = await pingClamd(url, { timeoutMs: 1_000 });
    if (ping.ok) return { url, stop };
    last = ping.message;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const log = await readFile(logFile, 'utf8').catch(() => '');
  await stop();
  throw new Error(
    `clamd (${binary}) did not start on ${url}: ${exited ?? `no answer within 60 s (${last})`}\n` +
      `stderr:\n${stderr.trim()}\nlog:\n${log.trim()}`,
  );
}
