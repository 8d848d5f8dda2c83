import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the built app: `npm run build` first (apps/web/dist and apps/server/dist),
 * then the real server serves app and API on one port with a fresh PGlite database and demo data.
 * Chromium is Debian's (scripts/ensure-chromium.mjs installs it); Playwright never downloads browsers.
 */
// E2E_PORT, E2E_DATA_DIR, E2E_WEB_DIST and E2E_SERVER_ENTRY let several checkouts' runs share one machine.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
const serverEntry = process.env.E2E_SERVER_ENTRY ?? 'apps/server/dist/main.js';
const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: isCI ? 1 : 0,
  forbidOnly: isCI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    // Each run starts from an empty database, which the server migrates and seeds with demo data.
    command: `node -e "require('node:fs').rmSync('${dataDir}', { recursive: true, force: true })" && node ${serverEntry}`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_MODE: 'demo',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      SESSION_SECRET: 'e2e-test-session-secret-at-least-32-characters-long',
      LOG_LEVEL: 'warn',
      // The server's zone, whatever the machine's: the browsers work in Sydney's (use.timezoneId), so
      // the app draws a first paint anew over the markup, and e2e/first-paint.spec.ts works in this
      // zone to see it hydrated (decision 0041).
      TZ: 'UTC',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
