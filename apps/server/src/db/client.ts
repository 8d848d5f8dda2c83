import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction: what services take as `tx`. */
export type Queryable = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool, on Postgres only. */
  pool?: pg.Pool;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Postgres when a URL is given, else PGlite in `${dataDir}/pglite`. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number;
  pglite?: PGlite;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  if (options.pglite) return wrapPglite(options.pglite, () => undefined);
  if (!options.dataDir) throw new Error('openDatabase needs DATABASE_URL or a data directory');
  return openPglite(options.dataDir);
}

/**
 * A node-postgres client that runs each parameterised query as a named prepared statement, so
 * Postgres parses and plans a statement once per connection instead of on every request (row-level
 * security makes planning the larger share of a small query's cost). A name always stands for the
 * same SQL text; past the cap, new texts simply run unnamed.
 */
const statementNames = new Map<string, string>();
const maxStatementNames = 1000;

class PreparedStatementClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query() has many overloads; this passes them through
  override query(config: any, values?: any, callback?: any): any {
    const isPlainQuery =
      config &&
      typeof config === 'object' &&
      typeof config.text === 'string' &&
      !config.name &&
      !config.submit;
    const params = Array.isArray(values) ? values : config?.values;
    if (isPlainQuery && Array.isArray(params) && params.length > 0) {
      let name = statementNames.get(config.text);
      if (!name && statementNames.size < maxStatementNames) {
        name = `wattle_${statementNames.size}`;
        statementNames.set(config.text, name);
      }
      if (name) return super.query({ ...config, name }, values, callback);
    }
    return super.query(config, values, callback);
  }
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    Client: PreparedStatementClient,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    pool,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const dir = path.resolve(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const releaseLock = takeDataDirLock(path.resolve(dataDir, 'pglite.lock'));
  try {
    const client = await PGlite.create(dir, pgliteOptions());
    return wrapPglite(client, releaseLock);
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** The extensions the migrations create (search's index: pg_trgm and btree_gin), loaded into PGlite. */
export const pgliteExtensions = { pg_trgm, btree_gin };

/**
 * PGlite's default 128 MB of shared buffers sit in WebAssembly memory, which never shrinks; 16 MB is
 * plenty for one provider's working set and keeps the idle server well under 250 MB
 * (docs/performance.md).
 */
export function pgliteOptions() {
  return {
    extensions: pgliteExtensions,
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  };
}

export function wrapPglite(client: PGlite, onClose: () => void): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
      onClose();
    },
  };
}

/**
 * PGlite is a single-process database: two servers on one data directory would corrupt it. The lock
 * file names the owning process; a lock left by a process that no longer runs is taken over.
 */
function takeDataDirLock(lockPath: string): () => void {
  if (existsSync(lockPath)) {
    const pid = Number(readFileSync(lockPath, 'utf8').trim());
    if (pid && pid !== process.pid && isRunning(pid)) {
      throw new Error(
        `The data directory is in use by process ${pid}. Stop that server first, or set DATA_DIR to another directory.`,
      );
    }
  }
  writeFileSync(lockPath, String(process.pid));
  return () => rmSync(lockPath, { force: true });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** For health checks and tests: the server's Postgres major version. */
export async function serverVersion(db: Database): Promise<string> {
  const result = (await db.execute(sql`show server_version`)) as unknown as {
    rows: { server_version: string }[];
  };
  return result.rows[0]?.server_version ?? 'unknown';
}
