#!/usr/bin/env node
// Makes sure Debian's Chromium is installed at /usr/bin/chromium for the Playwright browser tests.
// Playwright is configured never to download its own browsers (playwright.config.ts); this script
// installs the distribution package instead, with apt-get, when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumPath = '/usr/bin/chromium';

function fail(message) {
  console.error(`ensure-chromium: ${message}`);
  process.exit(1);
}

function run(command, args) {
  console.warn(`ensure-chromium: running: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) fail(`could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${args.join(' ')} exited with status ${result.status}`);
}

if (existsSync(chromiumPath)) {
  console.warn(`ensure-chromium: ${chromiumPath} is present, nothing to do.`);
  process.exit(0);
}

console.warn(
  `ensure-chromium: ${chromiumPath} is missing; installing Debian's chromium package with apt-get.`,
);

if (process.platform !== 'linux') {
  fail(
    `automatic install only works on Debian/Ubuntu Linux; install Chromium so that ${chromiumPath} exists.`,
  );
}
if (typeof process.getuid === 'function' && process.getuid() !== 0) {
  fail(
    `installing Chromium needs root. Run as root, or install it yourself: sudo apt-get update && sudo apt-get install -y chromium`,
  );
}
const aptCheck = spawnSync('apt-get', ['--version'], { stdio: 'ignore' });
if (aptCheck.error || aptCheck.status !== 0) {
  fail(`apt-get is not available; install Chromium so that ${chromiumPath} exists.`);
}

run('apt-get', ['update']);
run('apt-get', ['install', '-y', 'chromium']);

if (!existsSync(chromiumPath)) {
  fail(`apt-get finished but ${chromiumPath} still does not exist.`);
}
console.warn(`ensure-chromium: installed ${chromiumPath}.`);
