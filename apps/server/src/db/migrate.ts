import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

/** The committed SQL migrations, found from this file whether it runs from src/ or the dist bundle. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === '@wattle/server') {
      return path.join(dir, 'migrations');
    }
    // A private bundle under the repository's .tmp (parallel browser runs) finds them from the root.
    if (existsSync(path.join(dir, 'apps/server/migrations'))) return path.join(dir, 'apps/server/migrations');
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find apps/server/migrations');
}

/**
 * Applies pending migrations, then runs `thenWhileLocked` (the demo seed) if given. On Postgres an
 * advisory lock makes instances that start together take turns, so each migration runs once and
 * the second instance sees the first one's seed instead of seeding again.
 */
export async function runMigrations<T>(
  handle: DatabaseHandle,
  thenWhileLocked?: () => Promise<T>,
): Promise<T | undefined> {
  const folder = migrationsFolder();
  if (handle.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the two migrators take their own driver's database type
    await migratePglite(handle.db as any, { migrationsFolder: folder });
    return thenWhileLocked?.();
  }
  const client = await handle.pool!.connect();
  try {
    await client.query('select pg_advisory_lock(7243001)');
    await migrateNodePg(drizzle({ client }), { migrationsFolder: folder });
    return await thenWhileLocked?.();
  } finally {
    await client.query('select pg_advisory_unlock(7243001)').catch(() => undefined);
    client.release();
  }
}
