#!/usr/bin/env node
// File storage benchmark (issue 17 item 1): the first page of GET /api/files (50 files, newest
// first) for an owner in a tenant holding 100,000 files, and a name search over them. Results:
// docs/performance.md ("File storage").
//
//   node scripts/bench-files.mjs [--db postgres|pglite|both] [--files 100000] [--cards 5000]
//       [--teams 20] [--duration 10] [--connections 10] [--warmup 3] [--repeat 3] [--quiet-wait 60]
//       [--env KEY=VALUE ...] [--server path/to/main.js] [--json out.json] [--check-targets] [--keep]
//
// For each database it:
//   1. builds the server into a private bundle (.tmp/bench-files-<pid>/server/main.js; --server names
//      a built one instead), starts it on a fresh PGlite directory or a fresh Postgres database
//      (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres) for its migrations and
//      demo seed, then stops it with SIGTERM;
//   2. writes a bench tenant straight into that database (INSERT … SELECT over generate_series): the
//      settings of the seeded Sunrise tenant, an owner, --teams teams each with a participant,
//      --cards cards over them, and --files files over the cards (PDF, DOC and DOCX; attachments and
//      required documents; a few confidential; uploaded over the last three years by the owner, with
//      their retention as an upload records it), then VACUUM ANALYZE, as autovacuum keeps a live
//      database. The files' bytes are not written: the list never reads them;
//   3. on Postgres, EXPLAIN ANALYZE of the page and count as the request runs them, as wattle_app under
//      row-level security in the bench tenant;
//   4. starts the server again and, as the owner, checks GET /api/files?limit=50 counts every file and
//      gives 50, then drives it with autocannon at --connections (the target), and a name search
//      (`q=progress report 004`: every word a part of the name: 120 files) the same way;
//   5. prints the figures with MET/MISSED verdicts and stops the server with SIGTERM.
//
// Target (issue 17), Postgres: the first page p95 < 50 ms with 100,000 files. With --check-targets,
// exits 2 when it is missed. Exits 1 on any error.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  commonOptions,
  createCleanups,
  describeHost,
  measureLoad,
  parseBenchArgs,
  runCells,
  scratchData,
  stopCleanly,
  wholeNumberReader,
  withServerLog,
  writeJsonResults,
} from './lib/bench.mjs';
import { launchOnData, openDirect, signIn } from './lib/bench-data.mjs';
import { describePostgres } from './lib/bench-postgres.mjs';
import { postgresBackendCpuCounter } from './lib/bench-server.mjs';
import { formatMs, renderTable } from './lib/bench-stats.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = { listP95Ms: 50 };

const print = (text = '') => process.stdout.write(`${text}\n`);
const note = (text) => process.stderr.write(`bench-files: ${text}\n`);

const usage = `usage: node scripts/bench-files.mjs [--db postgres|pglite|both] [--files 100000] [--cards 5000]
    [--teams 20] [--duration 10] [--connections 10] [--warmup 3] [--repeat 3] [--quiet-wait 60]
    [--env KEY=VALUE ...] [--server apps/server/dist/main.js] [--json out.json] [--check-targets] [--keep]`;

function parseOptions() {
  const values = parseBenchArgs(usage, {
    files: { type: 'string', default: '100000' },
    cards: { type: 'string', default: '5000' },
    teams: { type: 'string', default: '20' },
  });
  // Postgres is what the target is about; PGlite on request.
  if (process.argv.every((arg) => arg !== '--db' && !arg.startsWith('--db='))) values.db = 'postgres';
  const number = wholeNumberReader(values);
  const options = {
    ...commonOptions(values, number),
    files: number('files', 1, 10_000_000),
    cards: number('cards', 1, 1_000_000),
    teams: number('teams', 1, 1000),
  };
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

// ---------------------------------------------------------------------------------------------
// Data, written by the database itself.

/** Words file names are made of, so a search of one of them matches a share of the files. */
const nameWords = [
  'Progress report',
  'Support plan',
  'Functional assessment',
  'Consent form',
  'Risk assessment',
  'Incident summary',
  'Service agreement',
  'Therapy notes',
  'Medication chart',
  'Review minutes',
];

async function generate(db, options) {
  const started = performance.now();
  const [model] = await db.query(
    `select t.id, (select workflow_states from teams where tenant_id = t.id order by created_at limit 1) as workflow_states,
            (select compliance from cards where tenant_id = t.id limit 1) as compliance
       from tenants t where t.name = 'Sunrise Support Network'`,
  );
  if (!model?.compliance)
    throw new Error('the demo seed has no Sunrise Support Network with cards to copy from');
  const json = (value) => (typeof value === 'string' ? value : JSON.stringify(value));
  const [{ run }] = await db.query(`select substr(md5(random()::text), 1, 6) as run`);
  const [ids] = await db.query('select gen_random_uuid() as tenant, gen_random_uuid() as owner');
  const tenant = {
    id: ids.tenant,
    owner: { id: ids.owner, email: `bench.files.owner.${run}@bench.example` },
  };
  const [searchVersion] = await db.query('select max(search_text_version) as v from tenants');
  await db.query(
    `insert into tenants (id, slug, name, prefix, time_zone, settings, profile, features, subscription, audit_config,
                          billing_config, tax_invoice, search_text_version)
     select $1, $2, 'Bench Files', 'BFL', m.time_zone, m.settings - 'customDomain', m.profile, m.features,
            m.subscription, m.audit_config, m.billing_config, m.tax_invoice, $4
       from tenants m where m.id = $3`,
    [tenant.id, `bench-files-${run}`, model.id, searchVersion?.v ?? 0],
  );
  await db.query(`insert into users (id, email, name, verified_at) values ($1, $2, 'Bench Owner', now())`, [
    tenant.owner.id,
    tenant.owner.email,
  ]);
  await db.query(`insert into memberships (tenant_id, user_id, role) values ($1, $2, 'owner')`, [
    tenant.id,
    tenant.owner.id,
  ]);

  note(`${options.teams} teams with a participant each, ${options.cards} cards, ${options.files} files`);
  await db.query(
    `insert into teams (tenant_id, id, slug, name, workflow_states)
     select $1, gen_random_uuid(), 'team-' || g, 'Bench team ' || g, $3::jsonb from generate_series(1, $2::int) g`,
    [tenant.id, options.teams, json(model.workflow_states)],
  );
  await db.query(
    `insert into participants (tenant_id, id, name, ndis_number, date_of_birth, state, status, team_id, created_by)
     select $1, gen_random_uuid(), 'Bench Participant ' || lpad(t.ord::text, 4, '0'), (430000000 + t.ord)::text,
            date '1990-01-01' + (t.ord * 37 % 9000)::int, 'NSW', 'active', t.id, $2
       from (select id, row_number() over (order by id) as ord from teams where tenant_id = $1) t`,
    [tenant.id, tenant.owner.id],
  );
  // Cards spread over the teams, each naming its team's participant, as the app makes them.
  await db.query(
    `insert into cards (tenant_id, id, team_id, number, work_item_prefix, type, title, participant_id, compliance,
                        created_by, created_at, updated_at)
     select $1, gen_random_uuid(), t.id, g, 'BFL', 'task', 'Bench card ' || g, p.id::text, $3::jsonb, $4,
            now() - (g % 1000) * interval '1 day', now()
       from generate_series(1, $2::int) g
       join (select id, row_number() over (order by id) - 1 as ord from teams where tenant_id = $1) t
         on t.ord = g % $5
       left join participants p on p.tenant_id = $1 and p.team_id = t.id`,
    [tenant.id, options.cards, json(model.compliance), tenant.owner.id, options.teams],
  );
  await db.query(
    `create temp table bench_cards as
       select id, row_number() over (order by number) - 1 as ord from cards where tenant_id = $1`,
    [tenant.id],
  );
  // Files: spread over the cards and the last three years (about one upload every 15 minutes).
  await db.query(
    `insert into card_files (tenant_id, id, card_id, name, original_name, category, format, content_type, size,
                             checksum, storage_key, is_confidential, requirement_id, uploaded_by, created_at,
                             retention_days, auto_delete, delete_after)
     select $1, f.id, c.id, f.name, f.name, f.category, f.format,
            case f.format when 'pdf' then 'application/pdf' when 'doc' then 'application/msword'
                 else 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' end,
            20000 + (g * 7919) % 9000000, md5(g::text) || md5((g + 1)::text), $6 || '/' || f.id::text, g % 50 = 0,
            case when f.category = 'required-document' then 'fba-report' end, $3, f.uploaded_at,
            2555, f.category <> 'required-document', f.uploaded_at + interval '2555 days'
       from generate_series(1, $2::int) g
       cross join lateral (
         select gen_random_uuid() as id,
                ($4::text[])[1 + g % 10] || ' ' || lpad(g::text, 6, '0') || '.' ||
                  (array['pdf', 'pdf', 'docx', 'doc'])[1 + g % 4] as name,
                (array['pdf', 'pdf', 'docx', 'doc'])[1 + g % 4] as format,
                case when g % 20 = 0 then 'required-document' else 'attachment' end as category,
                now() - (($2::int - g) * interval '15 minutes') as uploaded_at
       ) f
       join bench_cards c on c.ord = g % $5`,
    // The tenant once more, as text for the storage keys (a parameter has one type).
    [tenant.id, options.files, tenant.owner.id, nameWords, options.cards, tenant.id],
  );
  await db.query('drop table bench_cards');
  note('VACUUM ANALYZE');
  await db.query('vacuum analyze');
  return { tenant, seconds: (performance.now() - started) / 1000 };
}

/** The page and count as list-files.ts runs them for an owner, under row-level security. */
async function explainList({ url, tenant }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const explain = async (text) =>
    (await client.query(`explain (analyze, buffers, costs off) ${text}`, [tenant.id])).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  try {
    await client.query('begin');
    await client.query(
      `select set_config('role', 'wattle_app', true), set_config('app.tenant_id', $1, true),
              set_config('app.user_id', $2, true), set_config('app.platform_role', '', true)`,
      [tenant.id, tenant.owner.id],
    );
    const from = `from card_files f
      inner join cards c on c.tenant_id = f.tenant_id and c.id = f.card_id`;
    const where = 'where f.tenant_id = $1 and f.deleted_at is null and c.deleted_at is null';
    const page = await explain(
      `select f.*, c.title, c.number, t.name, p.name, u.name ${from}
         inner join teams t on t.tenant_id = c.tenant_id and t.id = c.team_id
         left join participants p on p.tenant_id = c.tenant_id and p.id::text = c.participant_id
         left join users u on u.id = f.uploaded_by
       ${where} order by f.created_at desc nulls last, f.id desc nulls last limit 51`,
    );
    // An owner's unfiltered list: the tallied live files less those on deleted cards (countAllFiles).
    const count = await explain(
      `select coalesce((select n from card_file_tallies where tenant_id = $1), 0)
         - (select count(*) from cards c join card_files f on f.tenant_id = c.tenant_id and f.card_id = c.id
             where c.tenant_id = $1 and c.deleted_at is not null and f.deleted_at is null)`,
    );
    const searchWhere = `${where} and f.name ilike '%progress%' and f.name ilike '%report%' and f.name ilike '%004%'`;
    const search = await explain(
      `select f.*, c.title, c.number ${from} ${searchWhere} order by f.created_at desc nulls last, f.id desc nulls last limit 51`,
    );
    const searchCount = await explain(`select count(*) ${from} ${searchWhere}`);
    await client.query('rollback');
    return { page, count, search, searchCount };
  } finally {
    await client.end();
  }
}

async function getJson(baseUrl, session, pathName) {
  const res = await fetch(`${baseUrl}${pathName}`, {
    headers: { cookie: session.cookie, 'x-tenant-id': session.tenantId },
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${pathName} answered ${res.status}: ${text.slice(0, 400)}`);
  return { body: JSON.parse(text), bytes: Buffer.byteLength(text) };
}

async function benchOne(kind, options, cleanups) {
  const scratch = await scratchData(kind, { prefix: 'wattle-bench-files', options, cleanups });
  const { dataDir, logPath, env, postgres } = scratch;
  const result = { db: kind };
  try {
    note(`${kind}: migrating and seeding through the server`);
    const seeding = await launchOnData({ options, env, logPath, cleanups, note });
    await stopCleanly(kind, seeding);

    const direct = await openDirect(kind, dataDir, postgres?.url);
    let generated;
    try {
      generated = await generate(direct, options);
      const [counts] = await direct.query(
        `select (select count(*) from card_files where tenant_id = $1)::int as files,
                pg_database_size(current_database())::bigint as bytes,
                pg_total_relation_size('card_files')::bigint as table_bytes`,
        [generated.tenant.id],
      );
      result.data = {
        files: counts.files,
        bytes: Number(counts.bytes),
        tableBytes: Number(counts.table_bytes),
        generateSeconds: generated.seconds,
      };
    } finally {
      await direct.close();
    }
    const { tenant } = generated;
    note(
      `${kind}: ${result.data.files} files, database ${(result.data.bytes / 1e6).toFixed(0)} MB, written in ${generated.seconds.toFixed(0)} s`,
    );
    if (postgres) {
      result.postgres = await describePostgres(postgres.url);
      result.plan = await explainList({ url: postgres.url, tenant });
    }

    const server = await launchOnData({ options, env, logPath, cleanups, note });
    const owner = { ...(await signIn(server.baseUrl, tenant.owner.email)), tenantId: tenant.id };
    const headers = { cookie: owner.cookie, 'x-tenant-id': owner.tenantId };
    // CPU time of the server process and of the database's Postgres backends around each run: per
    // request, a figure a busy machine disturbs far less than latency.
    const backends = postgres ? postgresBackendCpuCounter(postgres.name) : () => 0;
    const cpuNow = () => ({ server: server.cpuMs(), postgres: backends() });
    const measure = async (pathName) => {
      const marks = [cpuNow()];
      const run = await measureLoad({
        label: `${kind} GET ${pathName}`,
        options,
        server,
        note,
        afterRun: async () => {
          marks.push(cpuNow());
        },
        makeRequests: () => [{ method: 'GET', path: pathName, headers }],
      });
      // The measured runs only (a warm-up's mark comes first when there is one).
      const measured = marks.slice(-(options.repeat + 1));
      const perRequest = (key) =>
        median(run.runs.map((r, i) => (measured[i + 1][key] - measured[i][key]) / r.requests));
      return { run, cpu: { serverMs: perRequest('server'), postgresMs: perRequest('postgres') } };
    };

    const listPath = '/api/files?limit=50';
    const first = await getJson(server.baseUrl, owner, listPath);
    if (first.body.meta.total !== options.files || first.body.data.length !== Math.min(50, options.files)) {
      throw new Error(
        `the list counted ${first.body.meta.total} and gave ${first.body.data.length}; expected ${options.files}`,
      );
    }
    result.list = {
      label: `GET ${listPath} (newest first)`,
      total: first.body.meta.total,
      bytes: first.bytes,
      ...(await measure(listPath)),
    };

    const searchPath = '/api/files?limit=50&q=progress%20report%20004';
    const searched = await getJson(server.baseUrl, owner, searchPath);
    if (searched.body.data.length === 0) throw new Error('the search found nothing');
    result.search = {
      label: `GET ${searchPath}`,
      total: searched.body.meta.total,
      bytes: searched.bytes,
      ...(await measure(searchPath)),
    };
    result.shutdown = await stopCleanly(kind, server);
  } catch (error) {
    throw withServerLog(error, logPath, options);
  }
  return result;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const cpuCell = (cpu) => `${formatMs(cpu.serverMs)} + ${formatMs(cpu.postgresMs)}`;

function report(results, options) {
  print();
  print(
    `Wattle file storage benchmark, ${new Date().toISOString()}: ${options.files} files on ${options.cards} cards ` +
      `of ${options.teams} teams in one tenant; ${options.connections} connections, ${options.duration} s per run ` +
      `after ${options.warmup} s warm-up, median of ${options.repeat}; ${describeHost()}`,
  );
  print();
  print(
    renderTable(
      [
        'db',
        'route',
        'req/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'requests',
        'CPU ms/request (server + Postgres)',
      ],
      results.flatMap((r) => [
        [
          r.db,
          `${r.list.label}: ${r.list.total} files, ${(r.list.bytes / 1024).toFixed(0)} KB`,
          ...runCells(r.list.run),
          cpuCell(r.list.cpu),
        ],
        [
          r.db,
          `${r.search.label}: ${r.search.total} matches, ${(r.search.bytes / 1024).toFixed(0)} KB`,
          ...runCells(r.search.run),
          cpuCell(r.search.cpu),
        ],
      ]),
    ),
  );
  print();
  for (const r of results) {
    print(
      `${r.db}: ${r.data.files} files in the bench tenant; database ${(r.data.bytes / 1e6).toFixed(0)} MB ` +
        `(card_files with its indexes ${(r.data.tableBytes / 1e6).toFixed(0)} MB), written in ${r.data.generateSeconds.toFixed(0)} s`,
    );
  }
  for (const r of results.filter((x) => x.plan)) {
    print();
    print(`${r.db} plan of the list's page (as wattle_app, under row-level security):`);
    print(r.plan.page);
    print();
    print(`${r.db} plan of the list's total:`);
    print(r.plan.count);
    print();
    print(`${r.db} plan of a search's page (q=progress report 004):`);
    print(r.plan.search);
    print();
    print(`${r.db} plan of a search's total:`);
    print(r.plan.searchCount);
  }
  const verdicts = results
    .filter((r) => r.db === 'postgres')
    .map((r) => ({
      target: `postgres GET /api/files?limit=50 of ${r.list.total} files p95 < ${targets.listP95Ms} ms (${formatMs(r.list.run.latencyMs.p95)} ms)`,
      met: r.list.run.latencyMs.p95 < targets.listP95Ms,
    }));
  if (verdicts.length) print();
  for (const v of verdicts) print(`${v.met ? 'MET   ' : 'MISSED'}  ${v.target}`);
  return verdicts;
}

async function main() {
  const options = parseOptions();
  const cleanups = createCleanups(note);
  const outDir = path.join(repoRoot, '.tmp', `bench-files-${process.pid}`);
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
  const verdicts = report(results, options);
  if (options.json) writeJsonResults(options.json, { options, results, verdicts });
  if (options.checkTargets && verdicts.some((v) => !v.met)) process.exitCode = 2;
}

main().catch((error) => {
  console.error(`bench-files: ${error.message}`);
  process.exit(1);
});
