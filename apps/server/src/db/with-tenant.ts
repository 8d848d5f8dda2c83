import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Tx } from './client';
import * as schema from './schema/index';

/** Who is acting, as row-level security and the audit log need to know. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  platformRole: 'global-admin' | 'system-admin' | null;
  /**
   * Whether the person has verified their account ('I understand'): participant records need it
   * (DESIGN.md section 5). Absent for the server's own actors (seed, maintenance), read as not verified.
   */
  isVerified?: boolean;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Runs `fn` in a transaction as the unprivileged `wattle_app` role with the tenant and actor set, so
 * row-level security confines every query to that tenant. All tenant data is read and written here.
 */
export function withTenant<T>(
  db: Database,
  tenantId: string,
  actor: Actor,
  fn: (tx: Tx) => Promise<T>,
  opening?: OpeningStatement,
): Promise<T> {
  if (!tenantId) throw new Error('withTenant refuses an empty tenant id');
  return scoped(db, tenantId, actor, fn, opening);
}

/**
 * A hot statement (db/hot-statement.ts) the transaction will run first, such as the tenant access
 * check: on a Postgres connection that has it prepared already, it travels in the transaction's
 * opening round trip (`begin; select set_config(…); execute …`), and `runHotStatement` then answers
 * from those rows instead of asking again.
 */
export interface OpeningStatement {
  name: string;
  values: readonly string[];
}

/**
 * Runs `fn` as `wattle_app` with only the actor set: row-level security then shows the actor's own
 * memberships, the tenants they belong to, their invitations and their access requests, and no
 * other tenant data.
 */
export function withUser<T>(db: Database, actor: Actor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return scoped(db, '', actor, fn);
}

/**
 * The server's own upkeep across tenants (the start-up rebuild of search text): no user, with a
 * system admin's platform role, which row-level security lets read the tenant directory and nothing
 * else outside a tenant. Inside a tenant it works through withTenant like any request. It writes
 * no audit entries: what it changes (derived data) is no one's edit.
 */
export const maintenanceActor: Actor = {
  id: '00000000-0000-0000-0000-000000000000',
  email: 'maintenance@wattle.invalid',
  name: 'Wattle maintenance',
  platformRole: 'system-admin',
  ip: null,
  userAgent: 'wattle-maintenance',
};

function scopeSettings(tenantId: string, actor: Actor): Record<string, string> {
  return {
    role: 'wattle_app',
    'app.tenant_id': tenantId,
    'app.user_id': actor.id,
    'app.user_email': actor.email.toLowerCase(),
    'app.platform_role': actor.platformRole ?? '',
  };
}

async function applySettings(tx: Tx, settings: Record<string, string>): Promise<void> {
  // One round trip: set_config('role', …, true) is SET LOCAL ROLE.
  await tx.execute(
    sql`select ${sql.join(
      Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
      sql`, `,
    )}`,
  );
}

function scoped<T>(
  db: Database,
  tenantId: string,
  actor: Actor,
  fn: (tx: Tx) => Promise<T>,
  opening?: OpeningStatement,
): Promise<T> {
  const settings = scopeSettings(tenantId, actor);
  const pool = poolOf(db);
  if (pool) return scopedOnPool(pool, settings, fn, opening);
  return db.transaction(async (tx) => {
    pgliteTransactions.set(tx, (db as unknown as { $client: object }).$client);
    await applySettings(tx, settings);
    return fn(tx);
  });
}

/** PGlite request transactions and their database, for `connectionOf`. */
const pgliteTransactions = new WeakMap<Tx, object>();

/**
 * The connection under a request transaction of `withTenant`/`withUser`: the pooled Postgres client,
 * or the PGlite database; undefined for any other transaction. For statements run outside the query
 * builder (db/hot-statement.ts).
 */
export function connectionOf(
  tx: Tx,
): { kind: 'postgres'; client: pg.PoolClient } | { kind: 'pglite'; database: object } | undefined {
  const client = clientByInstance.get(tx);
  if (client) return { kind: 'postgres', client };
  const database = pgliteTransactions.get(tx);
  return database ? { kind: 'pglite', database } : undefined;
}

/**
 * For a transaction that began outside tenant scope to change what is not tenant data (a user's
 * name) and must carry that change into tenant data before it commits: from here on it runs as
 * `wattle_app` with only the actor set, exactly as `withUser` begins (its own memberships visible,
 * no tenant's data). There is no way back to the connection's own role in this transaction.
 */
export function continueAsUser(tx: Tx, actor: Actor): Promise<void> {
  return applySettings(tx, scopeSettings('', actor));
}

/**
 * Moves such a transaction (see `continueAsUser`) into one tenant, exactly as `withTenant` begins:
 * row-level security then confines every following query to `tenantId`, until the next move.
 */
export function continueInTenant(tx: Tx, tenantId: string, actor: Actor): Promise<void> {
  if (!tenantId) throw new Error('continueInTenant refuses an empty tenant id');
  return applySettings(tx, scopeSettings(tenantId, actor));
}

/** The node-postgres pool behind a Drizzle instance, or undefined on PGlite. */
function poolOf(db: Database): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * On Postgres the transaction takes its own pooled connection and opens with one simple-protocol
 * round trip, `begin; select set_config(…)`, instead of two. The values are quoted with
 * `escapeLiteral`: they are a validated uuid, an email and fixed names, never free text.
 *
 * Queries then run on a Drizzle instance bound to that connection and kept as long as it lives, so
 * hot statements can be built and prepared once per connection (`preparedOnce`). The price: no
 * savepoints (`tx.transaction()`); no service uses them.
 */
async function scopedOnPool<T>(
  pool: pg.Pool,
  settings: Record<string, string>,
  fn: (tx: Tx) => Promise<T>,
  opening: OpeningStatement | undefined,
): Promise<T> {
  const client = await pool.connect();
  const tx = drizzleFor(client);
  let brokenBy: Error | undefined;
  try {
    const configs = Object.entries(settings)
      .map(
        ([name, value]) => `set_config(${client.escapeLiteral(name)}, ${client.escapeLiteral(value)}, true)`,
      )
      .join(', ');
    // Statements prepared by the protocol (as node-postgres names them) are the session's, so SQL
    // EXECUTE runs them too.
    const withOpening = opening && preparedOn(client).has(opening.name);
    const results = await client.query(
      withOpening
        ? `begin; select ${configs}; execute ${opening.name}(${opening.values.map((v) => client.escapeLiteral(v)).join(', ')})`
        : `begin; select ${configs}`,
    );
    if (withOpening) {
      const last = (results as unknown as pg.QueryResult[]).at(-1)!;
      openedRows.set(tx, { name: opening.name, values: opening.values, rows: last.rows });
    }
    const result = await fn(tx);
    await client.query('commit');
    return result;
  } catch (error) {
    try {
      await client.query('rollback');
    } catch (rollbackError) {
      brokenBy = rollbackError as Error;
    }
    throw error;
  } finally {
    openedRows.delete(tx);
    // A connection that could not even roll back is closed, not handed to the next request.
    client.release(brokenBy);
  }
}

/** The names of the hot statements each pooled connection has prepared. */
const preparedByClient = new WeakMap<pg.PoolClient, Set<string>>();

function preparedOn(client: pg.PoolClient): Set<string> {
  let names = preparedByClient.get(client);
  if (!names) {
    names = new Set();
    preparedByClient.set(client, names);
  }
  return names;
}

/** Notes that a hot statement is prepared on this pooled connection (after it ran there). */
export function notePreparedOnConnection(client: pg.PoolClient, name: string): void {
  preparedOn(client).add(name);
}

const openedRows = new WeakMap<Tx, { name: string; values: readonly string[]; rows: unknown[] }>();

/**
 * The rows of the transaction's opening statement, once, when it is this statement with these
 * values and ran in the opening round trip; undefined otherwise.
 */
export function takeOpenedRows(tx: Tx, name: string, values: readonly string[]): unknown[] | undefined {
  const opened = openedRows.get(tx);
  if (!opened || opened.name !== name || opened.values.length !== values.length) return undefined;
  if (opened.values.some((v, i) => v !== values[i])) return undefined;
  openedRows.delete(tx);
  return opened.rows;
}

const drizzleByClient = new WeakMap<pg.PoolClient, Tx>();
const clientByInstance = new WeakMap<Tx, pg.PoolClient>();
/** The Drizzle instances that live as long as a pooled connection: the only ones worth caching on. */
const connectionInstances = new WeakSet<Tx>();

function drizzleFor(client: pg.PoolClient): Tx {
  let tx = drizzleByClient.get(client);
  if (!tx) {
    tx = drizzlePg({ client, schema }) as unknown as Tx;
    drizzleByClient.set(client, tx);
    clientByInstance.set(tx, client);
    connectionInstances.add(tx);
  }
  return tx;
}

const preparedByInstance = new WeakMap<object, Map<string, unknown>>();

/**
 * A hot statement built (and, on Postgres, prepared) once per connection: `build` runs the first
 * time `name` is asked for on this `tx` and its result is reused while the connection lives. On
 * PGlite every transaction is a new object, so it is simply built each time, with nothing cached.
 */
export function preparedOnce<P>(tx: Tx, name: string, build: (tx: Tx) => P): P {
  if (!connectionInstances.has(tx)) return build(tx);
  let statements = preparedByInstance.get(tx);
  if (!statements) {
    statements = new Map();
    preparedByInstance.set(tx, statements);
  }
  let statement = statements.get(name) as P | undefined;
  if (!statement) {
    statement = build(tx);
    statements.set(name, statement);
  }
  return statement;
}
