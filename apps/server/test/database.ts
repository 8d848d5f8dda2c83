import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openDatabase, pgliteExtensions, wrapPglite } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seedDemoData } from '../src/seed/seed-demo';

/**
 * Test databases. Migrating a fresh database and seeding the demo data take seconds, so the global
 * setup makes two templates per run, one migrated and one also seeded; every test file then gets
 * its own copy of one in well under a second: a PGlite loaded from the template's dump, or
 * (TEST_DB_KIND=postgres) a Postgres database created from a template database on TEST_DATABASE_URL.
 * The demo data's dates count from the day the run started, as they would from the day it seeded.
 */
const templateDump = (seeded: boolean) =>
  path.resolve(import.meta.dirname, `../../../.tmp/pglite-template${seeded ? '-seeded' : ''}.tar`);

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
const templateName = (seeded: boolean) => `wattle_tpl${seeded ? 's' : ''}_${runId()}`;

/** Global setup: build the two templates once. */
export async function createTemplate(): Promise<void> {
  if (testDatabaseKind() === 'pglite') {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    const db = wrapPglite(client, () => undefined);
    await runMigrations(db);
    writeFileSync(templateDump(false), Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await seedDemoData(db.db);
    writeFileSync(templateDump(true), Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await client.close();
    return;
  }
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  try {
    for (const seeded of [false, true]) await admin.query(`drop database if exists ${templateName(seeded)}`);
    await admin.query(`create database ${templateName(false)}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl: postgresUrl(templateName(false)), poolSize: 1 });
  await runMigrations(handle);
  await handle.close();
  const copy = new pg.Client({ connectionString: postgresUrl() });
  await copy.connect();
  try {
    await copy.query(`create database ${templateName(true)} template ${templateName(false)}`);
  } finally {
    await copy.end();
  }
  const seeded = await openDatabase({ databaseUrl: postgresUrl(templateName(true)), poolSize: 1 });
  await seedDemoData(seeded.db);
  await seeded.close();
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

/** A fresh, migrated database for one test file: empty, or holding the demo data when `seeded`. */
export async function createTestDatabase(seeded = false): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite') {
    const client = await PGlite.create({
      loadDataDir: new Blob([readFileSync(templateDump(seeded))]),
      extensions: pgliteExtensions,
    });
    return wrapPglite(client, () => undefined);
  }
  const name = `wattle_t${process.pid}_${++counter}_${runId()}`;
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${templateName(seeded)}`);
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
