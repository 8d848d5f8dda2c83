#!/usr/bin/env node
// Makes sure ClamAV's scanning daemon (clamd) is installed for the virus-scanning API tests
// (apps/server/src/features/files/virus-scan.api.test.ts), which start a real clamd of their own on a
// free port with a signature database holding only the EICAR test signature. Installs Debian's
// clamav-daemon package with apt-get when clamd is missing, as ensure-chromium.mjs does for Chromium.
// No official signature databases are fetched (freshclam is never run by the tests).
// WATTLE_SKIP_CLAMD_TESTS=1 skips both this and those tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

function fail(message) {
  console.error(`ensure-clamd: ${message}`);
  process.exit(1);
}

function run(command, args) {
  console.warn(`ensure-clamd: running: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) fail(`could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited with status ${result.status}`);
}

function findClamd() {
  if (process.env.CLAMD_PATH) {
    if (existsSync(process.env.CLAMD_PATH)) return process.env.CLAMD_PATH;
    fail(`CLAMD_PATH is ${process.env.CLAMD_PATH}, which does not exist.`);
  }
  const dirs = ['/usr/sbin', '/usr/local/sbin', '/usr/bin', ...(process.env.PATH ?? '').split(':')];
  for (const dir of dirs) {
    if (dir && existsSync(path.join(dir, 'clamd'))) return path.join(dir, 'clamd');
  }
  return null;
}

if (process.env.WATTLE_SKIP_CLAMD_TESTS === '1') {
  console.warn(
    'ensure-clamd: WATTLE_SKIP_CLAMD_TESTS=1, so the virus-scanning tests are skipped; nothing to do.',
  );
  process.exit(0);
}

const found = findClamd();
if (found) {
  console.warn(`ensure-clamd: ${found} is present, nothing to do.`);
  process.exit(0);
}

console.warn("ensure-clamd: clamd is missing; installing Debian's clamav-daemon package with apt-get.");
const hint =
  'install clamd yourself (Debian/Ubuntu: apt-get install clamav-daemon; macOS: brew install clamav), ' +
  'set CLAMD_PATH to it, or set WATTLE_SKIP_CLAMD_TESTS=1 to skip the virus-scanning tests';
if (process.platform !== 'linux') fail(`automatic install only works on Debian/Ubuntu Linux; ${hint}.`);
if (typeof process.getuid === 'function' && process.getuid() !== 0) {
  fail(`installing clamd needs root. Run as root, or ${hint}.`);
}
const aptCheck = spawnSync('apt-get', ['--version'], { stdio: 'ignore' });
if (aptCheck.error || aptCheck.status !== 0) fail(`apt-get is not available; ${hint}.`);

run('apt-get', ['update']);
run('apt-get', ['install', '-y', '--no-install-recommends', 'clamav-daemon']);

const installed = findClamd();
if (!installed) fail('apt-get finished but clamd still cannot be found.');
console.warn(`ensure-clamd: installed ${installed}.`);
