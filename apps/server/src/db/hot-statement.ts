import { sql } from 'drizzle-orm';
import type { Tx } from './client';
import { connectionOf, notePreparedOnConnection, takeOpenedRows } from './with-tenant';

/**
 * A statement on the path of nearly every request (the tenant access check, the teams list), written
 * as plain SQL with `$1…$n` parameters and read as plain rows, without the query builder.
 *
 * - On Postgres it is a named prepared statement of the request's pooled connection, as
 *   `preparedOnce` makes (parsed and planned once per connection); one named as the transaction's
 *   opening statement (`withTenant`) comes back with the transaction's first round trip.
 * - On PGlite, where the query builder's statements are parsed and planned on every call (about half
 *   of a teams request's database time), it is made once per database with SQL `PREPARE` and run with
 *   `EXECUTE` and the values as quoted literals (PGlite's `EXECUTE` takes no bound parameters). A
 *   prepared statement belongs to the database session, not the transaction, so it outlives a
 *   rollback; PGlite has one session, shared by every request.
 */
export interface HotStatement {
  /** A name of the statement's own, unique among the server's prepared statements. */
  name: string;
  /** The SQL types of `$1…$n`, in order (PGlite's `PREPARE` needs them). */
  paramTypes: readonly string[];
  text: string;
}

/** A timestamp column as JavaScript's toISOString() writes it (milliseconds, UTC), whatever the driver. */
export const isoText = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const preparedByPglite = new WeakMap<object, Set<string>>();

/**
 * Runs a hot statement on the request's transaction and returns its rows as the driver gives them
 * (json parsed; timestamps as the statement formats them, so select them as text); null when `tx`
 * is not a request transaction of `withTenant`/`withUser`, for the caller's general path.
 */
export async function runHotStatement<Row>(
  tx: Tx,
  statement: HotStatement,
  values: readonly string[],
): Promise<Row[] | null> {
  if (values.length !== statement.paramTypes.length) {
    throw new Error(`${statement.name} takes ${statement.paramTypes.length} values, got ${values.length}`);
  }
  const connection = connectionOf(tx);
  if (!connection) return null;
  if (connection.kind === 'postgres') {
    const opened = takeOpenedRows(tx, statement.name, values);
    if (opened) return opened as Row[];
    const result = await connection.client.query({
      name: statement.name,
      text: statement.text,
      values: [...values],
    });
    notePreparedOnConnection(connection.client, statement.name);
    return result.rows as Row[];
  }
  let prepared = preparedByPglite.get(connection.database);
  if (!prepared) {
    prepared = new Set();
    preparedByPglite.set(connection.database, prepared);
  }
  if (!prepared.has(statement.name)) {
    await tx.execute(
      sql.raw(`prepare ${statement.name}(${statement.paramTypes.join(', ')}) as ${statement.text}`),
    );
    prepared.add(statement.name);
  }
  const result = await tx.execute(
    sql.raw(`execute ${statement.name}(${values.map(quoteLiteral).join(', ')})`),
  );
  return (result as unknown as { rows: Row[] }).rows;
}

/** A string as an SQL literal (standard_conforming_strings is on: only quotes need doubling). */
function quoteLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('a NUL character cannot be sent to Postgres');
  return `'${value.replaceAll("'", "''")}'`;
}
