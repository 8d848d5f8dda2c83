// A throwaway Postgres database for one benchmark run: created empty (the server migrates and seeds
// it on start), dropped afterwards.
import pg from 'pg';

const localHosts = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * `adminUrl` points at an existing database (usually `postgres`) on a local server, as a role that
 * may create databases.
 */
export async function createScratchDatabase(adminUrl) {
  const admin = new URL(adminUrl);
  if (!/^postgres(ql)?:$/.test(admin.protocol)) throw new Error(`not a postgres:// URL: ${adminUrl}`);
  if (!localHosts.has(admin.hostname)) {
    throw new Error(`refusing to benchmark against ${admin.hostname}: only a local Postgres is allowed`);
  }
  const name = `wattle_bench_${process.pid}_${Date.now().toString(36)}`;
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    /** Drops the database, closing any connection the server left behind. */
    drop: () =>
      withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

/** Server-side figures worth recording next to the results. */
export async function describePostgres(url) {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `select current_setting('server_version') as version,
              current_setting('shared_buffers') as shared_buffers,
              current_setting('max_connections') as max_connections,
              current_setting('synchronous_commit') as synchronous_commit`,
    );
    return rows[0];
  });
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
