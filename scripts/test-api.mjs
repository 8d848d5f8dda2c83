// API tests against the real app: always on PGlite, and again on Postgres when TEST_DATABASE_URL
// is set (each test file gets its own database there, dropped afterwards).
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const run = (env, label) => {
  console.log(`\n== API tests on ${label} ==`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...extra], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run({ TEST_DB_KIND: 'pglite' }, 'PGlite');
if (process.env.TEST_DATABASE_URL) run({ TEST_DB_KIND: 'postgres' }, 'Postgres');
else console.log('\nTEST_DATABASE_URL is not set: skipping the Postgres run.');
