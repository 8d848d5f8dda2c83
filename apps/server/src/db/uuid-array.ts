import { type Column, type SQL, sql } from 'drizzle-orm';

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A list of ids as ONE bound parameter, the array literal `{id,id,…}` cast to uuid[]. Drizzle's
 * inArray binds one parameter per value, so a statement over someone's teams changes its text with
 * the number of teams: it cannot be prepared once, and Postgres plans it afresh on every request (the
 * dashboard of a team lead of 20 teams carried 500 parameters and spent more time planning than
 * running). With one array parameter the text stays the same and a prepared plan is reused.
 * Only ids go in: anything else could break out of the array literal, so it is refused.
 */
export function uuidArray(ids: readonly string[]): SQL {
  for (const id of ids) if (!uuidShape.test(id)) throw new Error(`not an id: ${JSON.stringify(id)}`);
  return sql`${`{${ids.join(',')}}`}::uuid[]`;
}

/** `column = any(ids)`, the ids bound as one parameter (uuidArray). */
export function inUuidArray(column: Column | SQL, ids: readonly string[]): SQL {
  return sql`${column} = any(${uuidArray(ids)})`;
}
