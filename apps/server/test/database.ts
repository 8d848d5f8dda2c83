import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, pgliteExtensions, wrapPglite } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

/**
 * Test databases. Migrating a fresh database takes seconds, so the global setup migrates one
 * template per run; every test file then gets its own copy in well under a second: a PGlite loaded
 * from the template's dump, or (TEST_DB_KIND=postgres) a Postgres database created from a template
 * database on TEST_DATABASE_URL.
 */
const templateDump = path.resolve(import.meta.dirname, '../../../.tmp/pglite-template.tar');

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

function postgresUrl(database?: string): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  if (!database) return url;
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

// Read when used, not at import: the global setup sets it after importing this module.
const runId = () => process.env.WATTLE_TEST_RUN_ID ?? 'local';
const templateName = () => `wattle_tpl_${runId()}`;

/** Global setup: build the template once. */
export async function createTemplate(): Promise<void> {
  if (testDatabaseKind() === 'pglite') {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    await runMigrations(wrapPglite(client, () => undefined));
    const dump = await client.dumpDataDir('none');
    writeFileSync(templateDump, Buffer.from(await dump.arrayBuffer()));
    await client.close();
    return;
  }
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${templateName()}`);
    await admin.query(`create database ${templateName()}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl: postgresUrl(templateName()), poolSize: 1 });
  await runMigrations(handle);
  await handle.close();
}

export async function dropTemplate(): Promise<void> {
  if (testDatabaseKind() !== 'postgres') return;
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`wattle_%_${runId()}`],
    );
    for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
  } finally {
    await admin.end();
  }
}

let counter = 0;

/** A fresh, migrated, empty database for one test file. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite') {
    const client = await PGlite.create({
      loadDataDir: new Blob([readFileSync(templateDump)]),
      extensions: pgliteExtensions,
    });
    return wrapPglite(client, () => undefined);
  }
  const name = `wattle_t${process.pid}_${++counter}_${runId()}`;
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${templateName()}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl: postgresUrl(name), poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: postgresUrl() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`).finally(() => cleanup.end());
    },
  };
}
