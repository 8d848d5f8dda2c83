#!/usr/bin/env node
// Audit pack benchmark (issue 16 item 6): a pack of --documents plan documents (1,000 by default)
// builds in under 60 s with the server's memory (RSS) under 400 MB. Results: docs/performance.md
// ("Audit packs").
//
//   node scripts/bench-audit-pack.mjs [--db postgres|pglite|both] [--documents 1000]
//       [--env KEY=VALUE ...] [--server path/to/main.js] [--json out.json] [--check-targets] [--keep]
//
// For each database it:
//   1. builds the server into a private bundle (.tmp/bench-audit-pack-<pid>/server/main.js; --server
//      names a built one instead), starts it on a fresh PGlite directory or a fresh Postgres database
//      (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres) for its migrations
//      and demo seed, then stops it with SIGTERM;
//   2. copies the seeded behaviour support plan of Jordan's Care Team (Sunrise) until the team
//      holds --documents plan cards (INSERT … SELECT over generate_series, every column as the
//      original's but the id, number and title);
//   3. starts the server again and, as the owner, asks for the team's pack of the last 30 days
//      (POST /api/audit-packs), samples the server's RSS every 100 ms and polls the pack every 250 ms
//      until it is ready; then downloads it, reads it back with yauzl and checks that it holds a PDF
//      per document and that every file's SHA-256 and size match manifest.json;
//   4. prints the build time, peak RSS and the ZIP's size with MET/MISSED verdicts and stops the
//      server with SIGTERM (exit code 0).
//
// Targets (issue 16): build < 60 s; server RSS < 400 MB throughout. With --check-targets, exits 2 when
// one is missed. Exits 1 on any error.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';
import {
  commonOptions,
  createCleanups,
  describeHost,
  parseBenchArgs,
  scratchData,
  stopCleanly,
  wholeNumberReader,
  withServerLog,
  writeJsonResults,
} from './lib/bench.mjs';
import { launchOnData, openDirect, signIn } from './lib/bench-data.mjs';
import { readMemory } from './lib/bench-server.mjs';
import { renderTable } from './lib/bench-stats.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = { buildSeconds: 60, rssMb: 400 };

const print = (text = '') => process.stdout.write(`${text}\n`);
const note = (text) => process.stderr.write(`bench-audit-pack: ${text}\n`);

const usage = `usage: node scripts/bench-audit-pack.mjs [--db postgres|pglite|both] [--documents 1000]
    [--env KEY=VALUE ...] [--server apps/server/dist/main.js] [--json out.json] [--check-targets] [--keep]`;

function parseOptions() {
  const values = parseBenchArgs(usage, { documents: { type: 'string', default: '1000' } });
  const number = wholeNumberReader(values);
  const options = commonOptions(values, number);
  options.documents = number('documents', 1, 100_000);
  options.buildServer = values.server === undefined;
  return options;
}

function buildServer(outDir) {
  const outfile = path.join(outDir, 'server', 'main.js');
  note(`building the server into ${path.relative(repoRoot, outfile)}`);
  const built = spawnSync(process.execPath, ['build.mjs'], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: { ...process.env, SERVER_OUTFILE: outfile },
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`building the server failed (exit ${built.status})`);
  return outfile;
}

/** Copies Jordan's seeded behaviour support plan card until his team holds `documents` plan cards. */
async function addPlanDocuments(direct, documents) {
  const [source] = await direct.query(
    `select c.tenant_id, c.id, c.team_id from cards c join teams t on t.tenant_id = c.tenant_id and t.id = c.team_id
     where t.name = 'Jordan''s Care Team' and c.template_id in ('interim-bsp', 'comprehensive-bsp') and c.deleted_at is null limit 1`,
  );
  if (!source) throw new Error("the demo seed has no behaviour support plan on Jordan's Care Team");
  const [{ existing }] = await direct.query(
    `select count(*)::int as existing from cards where tenant_id = $1 and team_id = $2
     and template_id in ('interim-bsp', 'comprehensive-bsp') and deleted_at is null`,
    [source.tenant_id, source.team_id],
  );
  const copies = Math.max(0, documents - existing);
  const columns = (
    await direct.query(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'cards'
       and is_generated = 'NEVER' order by ordinal_position`,
    )
  ).map((c) => c.column_name);
  const value = (column) =>
    column === 'id'
      ? 'gen_random_uuid()'
      : column === 'number'
        ? '(select max(number) from cards where tenant_id = $1) + n'
        : column === 'title'
          ? `'Plan copy ' || n`
          : column === 'created_at' || column === 'updated_at'
            ? 'now()'
            : `c.${column}`;
  await direct.query(
    `insert into cards (${columns.map((c) => `"${c}"`).join(', ')})
     select ${columns.map(value).join(', ')} from cards c, generate_series(1, ${copies}) as n
     where c.tenant_id = $1 and c.id = $2`,
    [source.tenant_id, source.id],
  );
  await direct
    .query(
      `update tenant_counters set value = (select max(number) from cards where tenant_id = $1)
     where tenant_id = $1 and name = 'card'`,
      [source.tenant_id],
    )
    .catch(() => undefined);
  return { copies, teamId: source.team_id, tenantId: source.tenant_id };
}

async function call(baseUrl, session, method, pathName, body) {
  const res = await fetch(`${baseUrl}${pathName}`, {
    method,
    headers: {
      cookie: session.cookie,
      'x-tenant-id': session.tenantId,
      ...(body ? { 'content-type': 'application/json', 'x-csrf-token': session.csrf } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok)
    throw new Error(`${method} ${pathName} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res;
}

function readZip(buffer) {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks = [];
          stream.on('data', (chunk) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

async function benchOne(kind, options, cleanups) {
  note(`${kind}: preparing a database with ${options.documents} plan documents`);
  const scratch = await scratchData(kind, { prefix: 'wattle-bench-audit-pack', options, cleanups });
  const env = {
    ...scratch.env,
    AUTH_MODE: 'demo',
    SEED_DEMO_DATA: 'true',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  };
  let server = await launchOnData({ options, env, logPath: scratch.logPath, cleanups, note });
  await stopCleanly(`${kind} seed`, server);

  const direct = await openDirect(kind, scratch.dataDir, scratch.postgres?.url);
  let prepared;
  try {
    prepared = await addPlanDocuments(direct, options.documents);
    if (kind === 'postgres') await direct.query('vacuum analyze cards');
  } finally {
    await direct.close();
  }
  note(`${kind}: copied the plan ${prepared.copies} times`);

  server = await launchOnData({ options, env, logPath: scratch.logPath, cleanups, note });
  try {
    const session = {
      ...(await signIn(server.baseUrl, 'olivia.owner@sunrise.example')),
      tenantId: prepared.tenantId,
    };
    const today = new Date();
    const day = (offset) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    let peakRssKb = readMemory(server.pid).rssKb ?? 0;
    const sampler = setInterval(() => {
      try {
        peakRssKb = Math.max(peakRssKb, readMemory(server.pid).rssKb ?? 0);
      } catch {
        // the server is gone: the poll below reports it
      }
    }, 100);
    const started = performance.now();
    let pack;
    try {
      const res = await call(server.baseUrl, session, 'POST', '/api/audit-packs', {
        scope: 'team',
        scopeId: prepared.teamId,
        periodFrom: day(-30),
        periodTo: day(1),
      });
      const { id } = (await res.json()).data;
      for (;;) {
        pack = (await (await call(server.baseUrl, session, 'GET', `/api/audit-packs/${id}`)).json()).data;
        if (pack.status === 'ready' || pack.status === 'failed') break;
        if (performance.now() - started > 600_000)
          throw new Error('the pack did not finish within 10 minutes');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      clearInterval(sampler);
    }
    const buildSeconds = (performance.now() - started) / 1000;
    if (pack.status !== 'ready') throw new Error(`the pack failed: ${pack.error}`);

    const zip = Buffer.from(
      await (
        await call(server.baseUrl, session, 'GET', `/api/audit-packs/${pack.id}/download`)
      ).arrayBuffer(),
    );
    const files = await readZip(zip);
    const manifest = JSON.parse(files.get('manifest.json').toString('utf8'));
    for (const file of manifest.files) {
      const bytes = files.get(file.path);
      if (
        !bytes ||
        bytes.length !== file.bytes ||
        createHash('sha256').update(bytes).digest('hex') !== file.sha256
      )
        throw new Error(`${file.path} does not match the manifest`);
    }
    const pdfs = manifest.files.filter((f) => f.path.startsWith('plans/') && f.path.endsWith('.pdf')).length;
    if (pdfs < options.documents)
      throw new Error(`the pack holds ${pdfs} plan PDFs, not ${options.documents}`);
    await stopCleanly(kind, server);
    return {
      kind,
      documents: pdfs,
      files: manifest.files.length + 1,
      buildSeconds,
      peakRssMb: peakRssKb / 1024,
      zipMb: zip.length / 1048576,
    };
  } catch (error) {
    throw withServerLog(error, scratch.logPath, options);
  }
}

function report(results) {
  print(`Audit pack benchmark on ${describeHost()}`);
  print(
    renderTable(
      ['database', 'plan PDFs', 'files', 'build (s)', 'peak RSS (MB)', 'ZIP (MB)'],
      results.map((r) => [
        r.kind,
        String(r.documents),
        String(r.files),
        r.buildSeconds.toFixed(1),
        r.peakRssMb.toFixed(0),
        r.zipMb.toFixed(1),
      ]),
    ),
  );
  const verdicts = results.flatMap((r) => [
    {
      target: `${r.kind}: build < ${targets.buildSeconds} s (${r.buildSeconds.toFixed(1)} s)`,
      met: r.buildSeconds < targets.buildSeconds,
    },
    {
      target: `${r.kind}: server RSS < ${targets.rssMb} MB (peak ${r.peakRssMb.toFixed(0)} MB)`,
      met: r.peakRssMb < targets.rssMb,
    },
  ]);
  for (const v of verdicts) print(`${v.met ? 'MET   ' : 'MISSED'}  ${v.target}`);
  return verdicts;
}

async function main() {
  const options = parseOptions();
  const cleanups = createCleanups(note);
  const outDir = path.join(repoRoot, '.tmp', `bench-audit-pack-${process.pid}`);
  mkdirSync(outDir, { recursive: true });
  cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));
  const results = [];
  try {
    if (options.buildServer) options.serverEntry = buildServer(outDir);
    if (!existsSync(options.serverEntry)) throw new Error(`${options.serverEntry} does not exist`);
    for (const kind of options.dbs) results.push(await benchOne(kind, options, cleanups));
  } finally {
    await cleanups.run();
  }
  const verdicts = report(results);
  if (options.json) writeJsonResults(options.json, { options, results, verdicts });
  if (options.checkTargets && verdicts.some((v) => !v.met)) process.exitCode = 2;
}

main().catch((error) => {
  console.error(`bench-audit-pack: ${error.message}`);
  process.exit(1);
});
