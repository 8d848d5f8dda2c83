#!/usr/bin/env node
// Dashboard benchmark (issue 16 item 7): GET /api/dashboard as an owner (every tile across the
// tenant) and as a team lead (their teams), in a tenant of 5,000 participants and 100,000 cards.
// Results: docs/performance.md ("Dashboard").
//
//   node scripts/bench-dashboard.mjs [--db postgres|pglite|both] [--participants 5000] [--cards 100000]
//       [--lead-teams 20] [--workers 200] [--duration 10] [--connections 10] [--warmup 3] [--repeat 3]
//       [--quiet-wait 60] [--env KEY=VALUE ...] [--server path/to/main.js] [--json out.json]
//       [--db-sql STATEMENT|FILE ...] [--check-targets] [--keep]
//
// For each database it:
//   1. builds the server into a private bundle (.tmp/bench-dashboard-<pid>/server/main.js; --server
//      names a built one instead), starts it on a fresh PGlite directory or a fresh Postgres database
//      (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres) for its migrations
//      and demo seed, then stops it with SIGTERM;
//   2. writes a bench tenant straight into that database (INSERT … SELECT over generate_series), with
//      the settings of the seeded Sunrise tenant: an owner; --participants participants, each with a
//      team of their own; a team lead leading the first --lead-teams teams; --workers support workers
//      spread over the teams, with two one-hour shifts this week for each participant (the time tallies
//      kept by their triggers); --cards cards over the teams, their due dates spread from 180 days ago
//      to 180 days ahead of the tenant's today (a tenth undated, a third done), one in twenty an
//      incident report with its register entry (a fifth open, a tenth of those reportable);
//      behaviour support plans on four teams in five (draft, in review, approved; review dates spread
//      around today); and Commission deadlines: the reportable incidents' notifications and 5-day
//      reports, the interim and comprehensive plans of engagements (most met), and the plans' reviews.
//      Then VACUUM ANALYZE, as autovacuum keeps a live database;
//   3. on Postgres, EXPLAIN ANALYZE of the owner's dashboard statement is printed with --explain;
//   4. starts the server again, signs in as the owner and the lead, checks each answer counts what
//      was written, and drives GET /api/dashboard with autocannon at --connections, as each;
//   5. prints req/s and p50/p95/p99 with MET/MISSED verdicts, and stops the server (exit code 0).
//
// Target (issue 16), Postgres: p95 < 50 ms for both. With --check-targets, exits 2 when one is
// missed. Exits 1 on any error.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { api, launchOnData, openDirect, signIn } from './lib/bench-data.mjs';
import { describePostgres } from './lib/bench-postgres.mjs';
import { postgresBackendCpuCounter } from './lib/bench-server.mjs';
import { formatMs, renderTable } from './lib/bench-stats.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = { p95Ms: 50 };

const print = (text = '') => process.stdout.write(`${text}\n`);
const note = (text) => process.stderr.write(`bench-dashboard: ${text}\n`);

const usage = `usage: node scripts/bench-dashboard.mjs [--db postgres|pglite|both] [--participants 5000]
    [--cards 100000] [--lead-teams 20] [--workers 200] [--duration 10] [--connections 10] [--warmup 3]
    [--repeat 3] [--quiet-wait 60] [--env KEY=VALUE ...] [--server apps/server/dist/main.js] [--json out.json]
    [--db-sql STATEMENT|FILE ...] [--check-targets] [--keep]`;

function parseOptions() {
  const values = parseBenchArgs(usage, {
    participants: { type: 'string', default: '5000' },
    cards: { type: 'string', default: '100000' },
    'lead-teams': { type: 'string', default: '20' },
    workers: { type: 'string', default: '200' },
    'db-sql': { type: 'string', multiple: true, default: [] },
  });
  // Postgres is what the target is about; PGlite on request.
  if (process.argv.every((arg) => arg !== '--db' && !arg.startsWith('--db='))) values.db = 'postgres';
  const number = wholeNumberReader(values);
  const options = {
    ...commonOptions(values, number),
    participants: number('participants', 20, 100_000),
    cards: number('cards', 100, 10_000_000),
    leadTeams: number('lead-teams', 1, 1000),
    workers: number('workers', 10, 10_000),
    // A statement, or a file of statements, run on the generated data before measuring (then
    // ANALYZE): to try an index without changing the server's migrations.
    dbSql: values['db-sql'].map((v) => (existsSync(v) ? readFileSync(v, 'utf8') : v)),
  };
  if (options.leadTeams > options.participants)
    throw new Error('--lead-teams must be at most --participants');
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

async function generate(db, options) {
  const started = performance.now();
  const [model] = await db.query(
    `select t.id, t.time_zone, (select workflow_states from teams where tenant_id = t.id order by created_at limit 1) as workflow_states,
            (select compliance from cards where tenant_id = t.id and type = 'task' limit 1) as compliance
       from tenants t where t.name = 'Sunrise Support Network'`,
  );
  if (!model) throw new Error('the demo seed has no Sunrise Support Network to copy settings from');
  const asJson = (value) => (typeof value === 'string' ? value : JSON.stringify(value));
  const [{ run }] = await db.query(`select substr(md5(random()::text), 1, 6) as run`);
  const [ids] = await db.query(
    'select gen_random_uuid() as tenant, gen_random_uuid() as owner, gen_random_uuid() as lead, gen_random_uuid() as code',
  );
  const tenant = {
    id: ids.tenant,
    owner: { id: ids.owner, email: `bench.dashboard.owner.${run}@bench.example` },
    lead: { id: ids.lead, email: `bench.dashboard.lead.${run}@bench.example` },
  };
  const [searchVersion] = await db.query('select max(search_text_version) as v from tenants');
  await db.query(
    `insert into tenants (id, slug, name, prefix, time_zone, settings, profile, features, subscription, audit_config,
                          billing_config, tax_invoice, search_text_version)
     select $1, $2, 'Bench Dashboard', 'BDB', m.time_zone, m.settings - 'customDomain', m.profile, m.features,
            m.subscription, m.audit_config, m.billing_config, m.tax_invoice, $4
       from tenants m where m.id = $3`,
    [tenant.id, `bench-dashboard-${run}`, model.id, searchVersion?.v ?? 0],
  );
  const [{ today }] = await db.query(`select ((now() at time zone $1)::date)::text as today`, [
    model.time_zone,
  ]);
  await db.query(
    `insert into users (id, email, name, verified_at) values ($1, $2, 'Bench Owner', now()), ($3, $4, 'Bench Lead', now())`,
    [tenant.owner.id, tenant.owner.email, tenant.lead.id, tenant.lead.email],
  );
  await db.query(
    `insert into memberships (tenant_id, user_id, role) values ($1, $2, 'owner'), ($1, $3, 'member')`,
    [tenant.id, tenant.owner.id, tenant.lead.id],
  );

  const n = options.participants;
  note(`${n} participants and teams`);
  await db.query(
    `create temp table bench_teams as
       select g as ord, gen_random_uuid() as team_id, gen_random_uuid() as participant_id from generate_series(1, $1::int) g`,
    [n],
  );
  await db.query(
    `insert into teams (tenant_id, id, slug, name, workflow_states)
     select $1, team_id, 'team-' || ord, 'Bench team ' || lpad(ord::text, 5, '0'), $2::jsonb from bench_teams`,
    [tenant.id, asJson(model.workflow_states)],
  );
  await db.query(
    `insert into participants (tenant_id, id, name, ndis_number, date_of_birth, state, status, team_id, created_by)
     select $1, participant_id, 'Bench Participant ' || lpad(ord::text, 5, '0'), (430000000 + ord)::text,
            date '1990-01-01' + (ord * 37 % 9000)::int, 'NSW', 'active', team_id, $2
       from bench_teams`,
    [tenant.id, tenant.owner.id],
  );
  await db.query(
    `insert into team_members (tenant_id, team_id, user_id, role)
     select $1, team_id, $2, 'Team Lead' from bench_teams where ord <= $3`,
    [tenant.id, tenant.lead.id, options.leadTeams],
  );

  // Support workers, each on the teams w, w + workers, w + 2 × workers, …; two one-hour shifts this
  // week for each participant, by the worker of their team, never two of a worker's at once.
  const w = options.workers;
  note(`${w} support workers; ${2 * n} shifts this week`);
  await db.query(
    `create temp table bench_workers as select g as ord, gen_random_uuid() as id from generate_series(1, $1::int) g`,
    [w],
  );
  await db.query(
    `insert into users (id, email, name, verified_at)
     select id, 'bench.dashboard.worker' || ord || '.' || $1 || '@bench.example', 'Bench Worker ' || ord, now() from bench_workers`,
    [run],
  );
  await db.query(
    `insert into memberships (tenant_id, user_id, role) select $1, id, 'member' from bench_workers`,
    [tenant.id],
  );
  await db.query(
    `insert into team_members (tenant_id, team_id, user_id, role)
     select $1, t.team_id, w.id, 'Support Worker' from bench_teams t join bench_workers w on w.ord = (t.ord - 1) % $2 + 1`,
    [tenant.id, w],
  );
  const timeCodeId = ids.code;
  await db.query(
    `insert into time_codes (tenant_id, id, code, description, category, hourly_rate_cents)
     values ($1, $2, '01_011_0107_1_1', 'Personal care and daily living', 'core', 6845)`,
    [tenant.id, timeCodeId],
  );
  const monday = `(date '${today}' - ((extract(isodow from date '${today}')::int) - 1))`;
  await db.query(
    `insert into time_entries (tenant_id, id, user_id, team_id, participant_id, time_code_id, date, start_time, end_date,
                               end_time, duration_minutes, description, status, support_item_number, support_item_name,
                               band, unit_price_cents, billable_minutes, amount_cents, submitted_at)
     select $1, gen_random_uuid(), w.id, t.team_id, t.participant_id, $2, d.day, make_time(d.hour, 0, 0), d.day,
            make_time(d.hour + 1, 0, 0), 60, 'Personal care visit', case when s.k % 3 = 0 then 'submitted' else 'draft' end,
            '01_011_0107_1_1', 'Assistance With Self-Care Activities', 'weekday-daytime', 6845, 60, 6845,
            case when s.k % 3 = 0 then now() end
       from bench_teams t
       cross join generate_series(0, 1) as shift(i)
       cross join lateral (select (t.ord - 1) * 2 + shift.i as k) as s
       join bench_workers w on w.ord = (t.ord - 1) % $3 + 1
       cross join lateral (select (t.ord - 1) / $3 as m) as r
       cross join lateral (select ${monday} + (r.m % 7)::int as day, 6 + ((r.m / 7) % 6)::int * 2 + shift.i as hour) as d`,
    [tenant.id, timeCodeId, w],
  );

  // Cards: round robin over the teams; due dates spread over a year around today.
  const c = options.cards;
  note(`${c} cards`);
  await db.query(
    `insert into cards (tenant_id, id, team_id, number, work_item_prefix, type, title, state, status, priority,
                        due_date, compliance, search_text, created_by)
     select $1, gen_random_uuid(), t.team_id, g, 'BDB', case when g <= $5 then 'incident' else 'task' end,
            case when g <= $5 then 'Incident report ' else 'Follow up ' end || g,
            case when g % 3 = 0 then 'done' when g % 3 = 1 then 'todo' else 'doing' end,
            case when g % 3 = 0 then 'approved' else 'draft' end,
            (array['low', 'medium', 'high'])[g % 3 + 1],
            case when g % 10 = 0 then null else date '${today}' + ((g * 7919) % 361 - 180) end,
            $2::jsonb, 'follow up ' || g, $3
       from generate_series(1, $4::int) g
       join bench_teams t on t.ord = (g - 1) % $5 + 1`,
    [tenant.id, asJson(model.compliance), tenant.owner.id, c, n],
  );
  await db.query(`insert into tenant_counters (tenant_id, name, value) values ($1, 'work-item', $2)`, [
    tenant.id,
    c,
  ]);
  // The first card of each team is an incident report with its register entry: a fifth open, a tenth
  // of those reportable, with aware times in the last days.
  await db.query(
    `insert into incidents (tenant_id, id, card_id, participant_id, team_id, category, severity, occurred_at, reportable,
                            reportable_category, aware_at, status, created_by)
     select $1, gen_random_uuid(), c.id, t.participant_id, c.team_id, 'behaviour',
            (array['low', 'medium', 'high', 'critical'])[t.ord % 4 + 1],
            now() - ((t.ord % 365) || ' days')::interval,
            t.ord % 50 = 0, case when t.ord % 50 = 0 then 'serious-injury' end,
            case when t.ord % 50 = 0 then now() - ((t.ord % 7) || ' days')::interval end,
            case when t.ord % 5 = 0 then 'open' else 'closed' end, $2
       from cards c join bench_teams t on t.team_id = c.team_id
      where c.tenant_id = $1 and c.type = 'incident'`,
    [tenant.id, tenant.owner.id],
  );
  await db.query(
    `insert into deadlines (tenant_id, id, kind, subject_type, subject_id, participant_id, team_id, due_at, met_at)
     select i.tenant_id, gen_random_uuid(), k.kind, 'incident', i.id, i.participant_id, i.team_id,
            i.aware_at + case k.kind when 'incident-notification' then interval '24 hours' else interval '7 days' end,
            case when k.kind = 'incident-notification' and (extract(epoch from i.aware_at)::bigint % 4) <> 0 then i.aware_at + interval '3 hours' end
       from incidents i cross join (values ('incident-notification'), ('incident-five-day-report')) as k(kind)
      where i.tenant_id = $1 and i.reportable`,
    [tenant.id],
  );

  // Plans on four teams in five; reviews spread over the next year and the last two months.
  note('behaviour support plans, engagements and deadlines');
  await db.query(
    `insert into behaviour_support_plans (tenant_id, id, participant_id, team_id, kind, title, status, approved_version,
                                          approved_at, shared_with_family, review_due_on, created_by)
     select $1, gen_random_uuid(), participant_id, team_id, case when ord % 2 = 0 then 'comprehensive' else 'interim' end,
            'Behaviour support plan', case when ord % 10 = 1 then 'draft' when ord % 10 = 2 then 'in-review' else 'approved' end,
            case when ord % 10 > 2 then 1 end, case when ord % 10 > 2 then now() - interval '200 days' end, ord % 3 = 0,
            case when ord % 10 > 2 then date '${today}' + ((ord * 131) % 425 - 60) end, $2
       from bench_teams where ord % 5 <> 0`,
    [tenant.id, tenant.owner.id],
  );
  await db.query(
    `insert into deadlines (tenant_id, id, kind, subject_type, subject_id, participant_id, team_id, due_at)
     select tenant_id, gen_random_uuid(), 'bsp-review', 'plan', id, participant_id, team_id, (review_due_on + 1)::timestamptz - interval '1 millisecond'
       from behaviour_support_plans where tenant_id = $1 and review_due_on is not null`,
    [tenant.id],
  );
  // An engagement on every fifth team (those without a plan): the interim plan due, a third overdue.
  await db.query(
    `insert into deadlines (tenant_id, id, kind, subject_type, subject_id, participant_id, team_id, due_at)
     select $1, gen_random_uuid(), 'bsp-interim', 'engagement', gen_random_uuid(), participant_id, team_id,
            (date '${today}' + (ord % 45 - 15))::timestamptz
       from bench_teams where ord % 5 = 0`,
    [tenant.id],
  );
  await db.query('drop table bench_teams');
  await db.query('drop table bench_workers');
  note('vacuum analyze');
  await db.query('vacuum analyze');
  return { tenant, today, seconds: (performance.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------------------

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** CPU ms a request of the server and of Postgres, the median over the measured runs. */
function perRequestCpu(run, marks) {
  const side = (key) => median(run.runs.map((r, i) => (marks[i + 1][key] - marks[i][key]) / r.requests));
  return { serverMs: side('server'), postgresMs: side('postgres') };
}

async function benchOne(kind, options, cleanups) {
  const scratch = await scratchData(kind, {
    prefix: 'wattle-bench-dashboard',
    options,
    cleanups,
    keepDatabase: true,
  });
  const { dataDir, logPath, env, postgres } = scratch;
  const result = { db: kind, measures: [] };
  try {
    note(`${kind}: migrating and seeding through the server`);
    const first = await launchOnData({ options, env, logPath, cleanups, note });
    await stopCleanly(kind, first);

    const direct = await openDirect(kind, dataDir, postgres?.url);
    let generated;
    try {
      generated = await generate(direct, options);
      for (const statement of options.dbSql) {
        note(`--db-sql: ${statement.trim().split('\n')[0].slice(0, 100)}`);
        await direct.query(statement);
      }
      if (options.dbSql.length > 0) await direct.query('analyze');
      const [counts] = await direct.query(
        `select (select count(*) from participants where tenant_id = $1)::int as participants,
                (select count(*) from cards where tenant_id = $1)::int as cards,
                (select count(*) from incidents where tenant_id = $1)::int as incidents,
                (select count(*) from behaviour_support_plans where tenant_id = $1)::int as plans,
                (select count(*) from deadlines where tenant_id = $1)::int as deadlines,
                (select count(*) from time_entries where tenant_id = $1)::int as entries,
                pg_database_size(current_database())::bigint as bytes`,
        [generated.tenant.id],
      );
      result.data = { ...counts, bytes: Number(counts.bytes), generateSeconds: generated.seconds };
    } finally {
      await direct.close();
    }
    const { tenant } = generated;
    note(
      `${kind}: ${result.data.participants} participants, ${result.data.cards} cards, ${result.data.incidents} incidents, ` +
        `${result.data.plans} plans, ${result.data.deadlines} deadlines, ${result.data.entries} time entries; written in ${generated.seconds.toFixed(0)} s`,
    );
    if (postgres) result.postgres = await describePostgres(postgres.url);

    const server = await launchOnData({ options, env, logPath, cleanups, note });
    const backends = postgres ? postgresBackendCpuCounter(postgres.name) : () => 0;
    const cpuNow = () => ({ server: server.cpuMs(), postgres: backends() });
    for (const who of ['owner', 'lead']) {
      const session = { ...(await signIn(server.baseUrl, tenant[who].email)), tenantId: tenant.id };
      const { json, bytes } = await api(server.baseUrl, session, 'GET', '/api/dashboard');
      check(who, json.data, options);
      const marks = [cpuNow()];
      const run = await measureLoad({
        label: `${kind} GET /api/dashboard as the ${who}`,
        options,
        server,
        note,
        afterRun: async () => {
          marks.push(cpuNow());
        },
        makeRequests: () => [
          {
            method: 'GET',
            path: '/api/dashboard',
            headers: { cookie: session.cookie, 'x-tenant-id': session.tenantId },
          },
        ],
      });
      result.measures.push({
        who,
        label: `GET /api/dashboard as the ${who === 'owner' ? 'owner (whole tenant)' : `team lead (${options.leadTeams} teams)`}`,
        bytes,
        tiles: summariseTiles(json.data),
        run,
        cpu: perRequestCpu(run, marks.slice(-(options.repeat + 1))),
      });
    }
    result.shutdown = await stopCleanly(kind, server);
  } catch (error) {
    throw withServerLog(error, logPath, options);
  }
  return result;
}

/** The answer counts what was written: every tile for the owner, cards and hours for the lead. */
function check(who, data, options) {
  const problems = [];
  if (!data.cards || data.cards.overdue + data.cards.dueSoon === 0) problems.push('no cards counted');
  if (!data.deadlines || data.deadlines.overdue === 0) problems.push('no overdue deadline counted');
  if (!data.plans || data.plans.total === 0) problems.push('no plan counted');
  if (!data.incidents || data.incidents.open === 0) problems.push('no open incident counted');
  if (!data.hours || data.hours.minutes === 0) problems.push('no hours counted');
  if (who === 'owner' && data.hours?.scope !== 'tenant') problems.push(`hours scope ${data.hours?.scope}`);
  if (who === 'lead' && data.hours?.scope !== 'teams') problems.push(`hours scope ${data.hours?.scope}`);
  if (who === 'owner' && data.cards && data.cards.overdue < options.cards / 10) {
    problems.push(`only ${data.cards.overdue} overdue cards`);
  }
  if (problems.length)
    throw new Error(`the ${who}'s dashboard: ${problems.join('; ')}: ${JSON.stringify(data).slice(0, 600)}`);
}

function summariseTiles(d) {
  return (
    `cards ${d.cards.overdue} overdue/${d.cards.dueSoon} soon; deadlines ${d.deadlines.overdue}/${d.deadlines.dueSoon}; ` +
    `plans ${d.plans.total}; incidents ${d.incidents.open} open; hours ${Math.round(d.hours.minutes / 60)} h`
  );
}

const cpuCell = (cpu) => `${formatMs(cpu.serverMs)} + ${formatMs(cpu.postgresMs)}`;

function report(results, options) {
  print();
  print(
    `Wattle dashboard benchmark, ${new Date().toISOString()}: ${options.participants} participants (a team each), ` +
      `${options.cards} cards in one tenant; ${options.connections} connections, ${options.duration} s per run after ` +
      `${options.warmup} s warm-up, median of ${options.repeat}; ${describeHost()}`,
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
      results.flatMap((r) =>
        r.measures.map((m) => [
          r.db,
          `${m.label}, ${(m.bytes / 1024).toFixed(1)} KB`,
          ...runCells(m.run),
          cpuCell(m.cpu),
        ]),
      ),
    ),
  );
  print();
  for (const r of results) {
    print(
      `${r.db}: ${r.data.participants} participants, ${r.data.cards} cards, ${r.data.incidents} incidents, ${r.data.plans} plans, ` +
        `${r.data.deadlines} deadlines, ${r.data.entries} time entries; database ${(r.data.bytes / 1e6).toFixed(0)} MB, written in ${r.data.generateSeconds.toFixed(0)} s`,
    );
    for (const m of r.measures) print(`  ${m.who}: ${m.tiles}`);
  }
  const verdicts = results
    .filter((r) => r.db === 'postgres')
    .flatMap((r) =>
      r.measures.map((m) => ({
        target: `postgres ${m.label} p95 < ${targets.p95Ms} ms (${formatMs(m.run.latencyMs.p95)} ms)`,
        met: m.run.latencyMs.p95 < targets.p95Ms,
      })),
    );
  if (verdicts.length) print();
  for (const v of verdicts) print(`${v.met ? 'MET   ' : 'MISSED'}  ${v.target}`);
  return verdicts;
}

async function main() {
  const options = parseOptions();
  const cleanups = createCleanups(note);
  const outDir = path.join(repoRoot, '.tmp', `bench-dashboard-${process.pid}`);
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
  console.error(`bench-dashboard: ${error.message}`);
  process.exit(1);
});
