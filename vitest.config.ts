import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure code, beside it) and `api` (the real app on a real database, one per
// test file; PGlite by default, Postgres with TEST_DB_KIND=postgres and TEST_DATABASE_URL).
export default defineConfig({
  test: {
    projects: [
      {
        // The web app's own import alias (apps/web/vite.config.ts), for its modules' unit tests.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/web/build-plugins/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts', 'apps/server/test/**/*.api.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file holds a whole database in memory; two at a time suits a 2-core machine.
          maxWorkers: 2,
        },
      },
    ],
  },
});
