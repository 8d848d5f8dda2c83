import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { inUuidArray, uuidArray } from './uuid-array';

const dialect = new PgDialect();
const a = '0b0e8a52-3f6c-4c57-9d1e-6a1f1c1e2a01';
const b = '7c2d4e6f-8a9b-4c1d-8e2f-3a4b5c6d7e8f';

describe('uuidArray', () => {
  it('binds any number of ids as one parameter, so the text does not change with the count', () => {
    const one = dialect.sqlToQuery(sql`select ${inUuidArray(sql.raw('team_id'), [a])}`);
    const two = dialect.sqlToQuery(sql`select ${inUuidArray(sql.raw('team_id'), [a, b])}`);
    expect(one.sql).toBe(two.sql);
    expect(two.sql).toBe('select team_id = any($1::uuid[])');
    expect(two.params).toEqual([`{${a},${b}}`]);
    expect(dialect.sqlToQuery(sql`${uuidArray([])}`).params).toEqual(['{}']);
  });

  it('refuses anything but an id, which could break out of the array literal', () => {
    expect(() => uuidArray([a, `${b}},{x`])).toThrow(/not an id/);
    expect(() => uuidArray(['"quoted"'])).toThrow(/not an id/);
  });
});
