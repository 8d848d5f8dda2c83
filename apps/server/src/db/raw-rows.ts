/**
 * The rows of a raw `tx.execute(sql`…`)`: node-postgres and PGlite both answer `{ rows }`, typed
 * loosely by Drizzle, so raw statements read their rows through this one cast.
 */
export function rowsOf<T = unknown>(result: unknown): T[] {
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown[]);
  return Array.isArray(rows) ? (rows as T[]) : [];
}
