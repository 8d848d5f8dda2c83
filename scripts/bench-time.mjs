#!/usr/bin/env node
// Time benchmark: a team lead's month of the timesheet (GET /api/timesheet?from&to&teamId) for a
// team of 50 people with about 6,000 entries that month, and one person's month of entries
// (GET /api/time-entries?from&to&userId), with 1,000,000 time entries in the database over 100
// tenants. Results: docs/performance.md ("Time").
//
//   node scripts/bench-time.mjs [--db postgres|pglite|both] [--entries 1000000] [--tenants 100]
//       [--team 50] [--month 2026-10] [--duration 10] [--connections 10] [--warmup 3] [--repeat 3]
//       [--quiet-wait 60] [--env KEY=VALUE ...] [--server path/to/main.js] [--json out.json]
//       [--check-targets] [--keep]
//
// For each database it:
//   1. builds the server into a private bundle (.tmp/bench-time-<pid>/server/main.js; --server names
//      a built one instead), starts it on a fresh PGlite directory or a fresh Postgres database
//      (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres) for its migrations
//      and demo seed, then stops it with SIGTERM;
//   2. writes --tenants tenants straight into that database with INSERT … SELECT over
//      generate_series (no round trip per row): each with an owner, a time code and people on teams.
//      The first tenant has a team of --team support workers and their Team Lead; their entries are
//      one-hour shifts on weekdays (five a day, a sixth on even days) from six months before --month
//      to the end of it, about 6,000 in --month itself. The other tenants share the rest of
//      --entries over the year, 50 people each on five teams. Statuses are mixed (approved, submitted,
//      draft, rejected), as a live tenant's are. Then VACUUM ANALYZE, as autovacuum keeps a live
//      database;
//   3. on Postgres, EXPLAIN ANALYZE of the timesheet's read of the team's day tallies (migration 0019,
//      kept by triggers as the entries were written) as the request runs it, as wattle_app under
//      row-level security in the big tenant;
//   4. starts the server again, signs in as the Team Lead, checks each answer against the database's
//      own count, and drives each load with autocannon at --connections;
//   5. prints p50/p95/p99 and throughput, and stops the server with SIGTERM (exit code 0).
//
// Target (issue 14), Postgres: the month's timesheet of the team p95 < 50 ms. With --check-targets,
// exits 2 when missed. Exits 1 on any error.
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
import { api, launchOnData, openDirect, signIn } from './lib/bench-data.mjs';
import { describePostgres } from './lib/bench-postgres.mjs';
import { renderTable } from './lib/bench-stats.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = { timesheetP95Ms: 50 };

const print = (text = '') => process.stdout.write(`${text}\n`);
const note = (text) => process.stderr.write(`bench-time: ${text}\n`);

const usage = `usage: node scripts/bench-time.mjs [--db postgres|pglite|both] [--entries 1000000] [--tenants 100]
    [--team 50] [--month 2026-10] [--duration 10] [--connections 10] [--warmup 3] [--repeat 3]
    [--quiet-wait 60] [--env KEY=VALUE ...] [--server apps/server/dist/main.js] [--json out.json]
    [--check-targets] [--keep]`;

function parseOptions() {
  const values = parseBenchArgs(usage, {
    entries: { type: 'string', default: '1000000' },
    tenants: { type: 'string', default: '100' },
    team: { type: 'string', default: '50' },
    month: { type: 'string', default: '2026-10' },
  });
  // Postgres is what the target is about; PGlite on request.
  if (process.argv.every((arg) => !arg.startsWith('--db'))) values.db = 'postgres';
  const number = wholeNumberReader(values);
  const options = {
    ...commonOptions(values, number),
    entries: number('entries', 1000, 50_000_000),
    tenants: number('tenants', 2, 10_000),
    team: number('team', 1, 1000),
    month: values.month,
  };
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(options.month)) throw new Error('--month must be YYYY-MM');
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

const dayMs = 86_400_000;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/** The first and last day of YYYY-MM, and the day six months before it starts. */
function monthRange(month) {
  const [y, m] = month.split('-').map(Number);
  const from = isoDay(Date.UTC(y, m - 1, 1));
  const to = isoDay(Date.UTC(y, m, 0));
  const historyFrom = isoDay(Date.UTC(y, m - 7, 1));
  return { from, to, historyFrom };
}

/**
 * The entry columns every generated row fills, from a subquery `g` giving tenant_id, user_id,
 * team_id, time_code_id, day, slot (0-5: 07:00, 08:00 … one hour each) and n (a number to mix
 * statuses by). One-hour weekday shifts of 01_011_0107_1_1 at $68.45.
 */
const entryInsert = (source) => `
  insert into time_entries (tenant_id, id, user_id, team_id, time_code_id, date, start_time, end_date, end_time,
                            duration_minutes, description, status, support_item_number, support_item_name, band,
                            unit_price_cents, price_limit_cents, billable_minutes, amount_cents, submitted_at,
                            approved_at, created_at, updated_at)
  select g.tenant_id, gen_random_uuid(), g.user_id, g.team_id, g.time_code_id, g.day,
         make_time(7 + g.slot, 0, 0), g.day, make_time(8 + g.slot, 0, 0), 60, 'Personal care visit',
         case when g.n % 50 = 0 then 'rejected' when g.n % 10 = 1 then 'submitted' when g.n % 12 = 2 then 'draft'
              else 'approved' end,
         '01_011_0107_1_1', 'Assistance With Self-Care Activities - Standard - Weekday Daytime', 'weekday-daytime',
         6845, 7023, 60, 6845, now(), case when g.n % 10 = 1 or g.n % 12 = 2 then null else now() end, now(), now()
    from (${source}) g`;

/** Users, memberships and team members of one tenant, answering the team ids and user ids made. */
async function insertPeople(db, tenant, teams) {
  const people = teams.flatMap((team, t) =>
    team.people.map((p, k) => ({
      id: p.id,
      email: `${p.key}@bench.example`,
      name: `${team.names ?? 'Bench Worker'} ${t + 1}-${k + 1}`,
    })),
  );
  await db.query(
    `insert into users (id, email, name, verified_at) select id, email, name, now()
       from jsonb_to_recordset($1::jsonb) as r(id uuid, email text, name text)`,
    [JSON.stringify(people)],
  );
  await db.query(
    `insert into memberships (tenant_id, user_id, role) select $2, id, 'member'
       from jsonb_to_recordset($1::jsonb) as r(id uuid)`,
    [JSON.stringify(people), tenant.id],
  );
  const members = teams.flatMap((team) =>
    team.people.map((p) => ({ team_id: team.id, user_id: p.id, role: p.role ?? 'Support Worker' })),
  );
  await db.query(
    `insert into team_members (tenant_id, team_id, user_id, role) select $2, team_id, user_id, role
       from jsonb_to_recordset($1::jsonb) as r(team_id uuid, user_id uuid, role text)`,
    [JSON.stringify(members), tenant.id],
  );
}

async function generate(db, options) {
  const started = performance.now();
  const [model] = await db.query(
    `select t.id, (select workflow_states from teams where tenant_id = t.id order by created_at limit 1) as workflow_states
       from tenants t where t.name = 'Sunrise Support Network'`,
  );
  if (!model) throw new Error('the demo seed has no Sunrise Support Network to copy settings from');
  const workflowStates =
    typeof model.workflow_states === 'string' ? model.workflow_states : JSON.stringify(model.workflow_states);
  const { from, to, historyFrom } = monthRange(options.month);
  const [{ uuid: runId }] = await db.query(`select substr(md5(random()::text), 1, 6) as uuid`);

  const tenants = [];
  for (let i = 0; i < options.tenants; i++) {
    const n = String(i + 1).padStart(3, '0');
    const [ids] = await db.query(
      'select gen_random_uuid() as tenant, gen_random_uuid() as owner, gen_random_uuid() as code',
    );
    tenants.push({
      id: ids.tenant,
      name: `Bench Time ${n}`,
      slug: `bench-time-${n}-${runId}`,
      prefix: `BT${String.fromCharCode(65 + (i % 26))}`,
      owner: {
        id: ids.owner,
        email: `bench.time.owner${n}.${runId}@bench.example`,
        name: `Bench Owner ${n}`,
      },
      timeCodeId: ids.code,
    });
  }
  const [searchVersion] = await db.query('select max(search_text_version) as v from tenants');
  await db.query(
    `insert into tenants (id, slug, name, prefix, settings, profile, features, subscription, audit_config,
                          billing_config, search_text_version)
     select r.id, r.slug, r.name, r.prefix, m.settings - 'customDomain', m.profile, m.features, m.subscription,
            m.audit_config, m.billing_config, $3
       from jsonb_to_recordset($1::jsonb) as r(id uuid, slug text, name text, prefix text)
       cross join (select * from tenants where id = $2) m`,
    [JSON.stringify(tenants), model.id, searchVersion?.v ?? 0],
  );
  await db.query(
    `insert into users (id, email, name, verified_at) select id, email, name, now()
       from jsonb_to_recordset($1::jsonb) as r(id uuid, email text, name text)`,
    [JSON.stringify(tenants.map((t) => t.owner))],
  );
  await db.query(
    `insert into memberships (tenant_id, user_id, role) select tenant_id, user_id, 'owner'
       from jsonb_to_recordset($1::jsonb) as r(tenant_id uuid, user_id uuid)`,
    [JSON.stringify(tenants.map((t) => ({ tenant_id: t.id, user_id: t.owner.id })))],
  );
  await db.query(
    `insert into time_codes (tenant_id, id, code, description, category, hourly_rate_cents)
     select tenant_id, id, '01_011_0107_1_1', 'Personal care and daily living', 'core', 6845
       from jsonb_to_recordset($1::jsonb) as r(tenant_id uuid, id uuid)`,
    [JSON.stringify(tenants.map((t) => ({ tenant_id: t.id, id: t.timeCodeId })))],
  );

  const newIds = async (count) =>
    (await db.query('select gen_random_uuid() as id from generate_series(1, $1::int)', [count])).map(
      (r) => r.id,
    );
  const makeTeams = async (tenant, count, size, withLead) => {
    const teamIds = await newIds(count);
    const teams = [];
    for (const [t, id] of teamIds.entries()) {
      const userIds = await newIds(size + (withLead ? 1 : 0));
      teams.push({
        id,
        names: withLead ? 'Big Team Worker' : 'Bench Worker',
        people: userIds.map((uid, k) => ({
          id: uid,
          key: `w.${tenant.slug}.${t}.${k}`,
          role: withLead && k === size ? 'Team Lead' : 'Support Worker',
        })),
      });
    }
    await db.query(
      `insert into teams (tenant_id, id, slug, name, workflow_states)
       select $2, id, 'team-' || ord, 'Bench team ' || ord, $3::jsonb
         from unnest($1::uuid[]) with ordinality as u(id, ord)`,
      [teams.map((t) => t.id), tenant.id, workflowStates],
    );
    await insertPeople(db, tenant, teams);
    return teams;
  };

  // The big team: --team support workers and their lead, entries from historyFrom to the month's end.
  const big = tenants[0];
  const [bigTeam] = await makeTeams(big, 1, options.team, true);
  big.team = bigTeam;
  big.lead = bigTeam.people.at(-1);
  const workers = bigTeam.people.slice(0, options.team);
  note(`big team: ${workers.length} people, weekday shifts from ${historyFrom} to ${to}`);
  await db.query(
    entryInsert(`
      select $1::uuid as tenant_id, w.user_id, $2::uuid as team_id, $3::uuid as time_code_id, d.day::date as day,
             s.slot, (w.ord * 7 + extract(doy from d.day)::int * 13 + s.slot) as n
        from unnest($4::uuid[]) with ordinality as w(user_id, ord)
       cross join generate_series($5::date, $6::date, interval '1 day') as d(day)
       cross join generate_series(0, 5) as s(slot)
       where extract(isodow from d.day) < 6 and (s.slot < 5 or extract(day from d.day)::int % 2 = 0)`),
    [big.id, bigTeam.id, big.timeCodeId, workers.map((w) => w.id), historyFrom, to],
  );
  const [bigCount] = await db.query('select count(*)::int as n from time_entries where tenant_id = $1', [
    big.id,
  ]);
  const [monthCount] = await db.query(
    'select count(*)::int as n from time_entries where tenant_id = $1 and team_id = $2 and date between $3 and $4',
    [big.id, bigTeam.id, from, to],
  );
  big.monthEntries = monthCount.n;

  // The other tenants share the rest: five teams of ten, one-hour shifts over the year up to --month.
  const others = tenants.slice(1);
  const rest = Math.max(0, options.entries - bigCount.n);
  const yearFrom = isoDay(Date.parse(`${to}T00:00:00Z`) - 364 * dayMs);
  let written = bigCount.n;
  for (const [i, tenant] of others.entries()) {
    const share = Math.floor(rest / others.length) + (i < rest % others.length ? 1 : 0);
    const teams = await makeTeams(tenant, 5, 10, false);
    const people = teams.flatMap((team) => team.people.map((p) => ({ user_id: p.id, team_id: team.id })));
    // Entry i: person i % 50 on day (i / 50) % 365 of the year, in slot i / (50 × 365): never twice
    // the same person, day and slot, so nobody's shifts overlap (weekends included here).
    await db.query(
      entryInsert(`
        select $1::uuid as tenant_id, p.user_id, p.team_id, $2::uuid as time_code_id,
               ($3::date + ((i / 50) % 365)::int) as day, (i / (50 * 365))::int % 6 as slot, i as n
          from generate_series(0, $4::int - 1) as i
          join rows from (jsonb_to_recordset($5::jsonb) as (user_id uuid, team_id uuid)) with ordinality
               as p(user_id, team_id, ord)
            on p.ord = (i % 50) + 1`),
      [tenant.id, tenant.timeCodeId, yearFrom, share, JSON.stringify(people)],
    );
    written += share;
    if ((i + 1) % 20 === 0 || i + 1 === others.length) note(`entries: ${written} written`);
  }
  note('vacuum analyze');
  await db.query('vacuum analyze');
  return { tenants, from, to, seconds: (performance.now() - started) / 1000 };
}

/** The timesheet's read of the team's day tallies as the request runs it (timesheet.ts), under row-level security. */
async function explainTimesheet({ url, tenant, from, to }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `select set_config('role', 'wattle_app', true), set_config('app.tenant_id', $1, true),
              set_config('app.user_id', $2, true), set_config('app.platform_role', '', true)`,
      [tenant.id, tenant.lead.id],
    );
    const { rows } = await client.query(
      `explain (analyze, buffers, costs off)
       select user_id as "userId", date::text as "date", status, n, minutes, amount_cents::int as "amountCents"
         from time_entry_day_tallies
        where tenant_id = $1 and team_id = $2 and date >= $3::date and date <= $4::date and n <> 0`,
      [tenant.id, tenant.team.id, from, to],
    );
    await client.query('rollback');
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.end();
  }
}

async function benchOne(kind, options, cleanups) {
  const scratch = await scratchData(kind, {
    prefix: 'wattle-bench-time',
    options,
    cleanups,
    keepDatabase: true,
  });
  const { dataDir, logPath, env, postgres } = scratch;
  const result = { db: kind };
  try {
    note(`${kind}: migrating and seeding through the server`);
    const first = await launchOnData({ options, env, logPath, cleanups, note });
    await stopCleanly(kind, first);

    note(`${kind}: writing ${options.entries} time entries over ${options.tenants} tenants`);
    const direct = await openDirect(kind, dataDir, postgres?.url);
    let generated;
    try {
      generated = await generate(direct, options);
      const [counts] = await direct.query(
        `select (select count(*) from time_entries)::int as entries, (select count(*) from tenants)::int as tenants,
                (select count(*) from users)::int as users, pg_database_size(current_database())::bigint as bytes,
                pg_relation_size('time_entries')::bigint as table_bytes,
                pg_relation_size('time_entries_team_date_idx')::bigint as team_index_bytes`,
      );
      result.data = {
        entries: counts.entries,
        tenants: counts.tenants,
        users: counts.users,
        bytes: Number(counts.bytes),
        tableBytes: Number(counts.table_bytes),
        teamIndexBytes: Number(counts.team_index_bytes),
        generateSeconds: generated.seconds,
      };
    } finally {
      await direct.close();
    }
    const big = generated.tenants[0];
    note(
      `${kind}: ${result.data.entries} entries, ${(result.data.bytes / 1e6).toFixed(0)} MB, written in ${generated.seconds.toFixed(0)} s; the big team has ${big.monthEntries} entries in ${options.month}`,
    );
    if (postgres) {
      result.postgres = await describePostgres(postgres.url);
      result.plan = await explainTimesheet({
        url: postgres.url,
        tenant: big,
        from: generated.from,
        to: generated.to,
      });
    }

    const server = await launchOnData({ options, env, logPath, cleanups, note });
    const session = { ...(await signIn(server.baseUrl, `${big.lead.key}@bench.example`)), tenantId: big.id };
    const person = big.team.people[0].id;
    const period = `from=${generated.from}&to=${generated.to}`;
    const loads = [
      {
        key: 'timesheet',
        label: `GET /api/timesheet (team of ${options.team}, ${options.month})`,
        path: `/api/timesheet?${period}&teamId=${big.team.id}`,
      },
      {
        key: 'entries',
        label: `GET /api/time-entries (one person, ${options.month})`,
        path: `/api/time-entries?${period}&userId=${person}`,
      },
    ];

    // One checked answer of each: a wrong answer would make every figure meaningless.
    const sheet = await api(server.baseUrl, session, 'GET', loads[0].path);
    const counted = sheet.json.data.people.reduce(
      (sum, p) => sum + p.counts.draft + p.counts.submitted + p.counts.approved + p.counts.rejected,
      0,
    );
    if (counted !== big.monthEntries || sheet.json.data.people.length !== options.team + 1) {
      throw new Error(
        `the timesheet counted ${counted} entries over ${sheet.json.data.people.length} people; expected ${big.monthEntries} over ${options.team + 1}`,
      );
    }
    loads[0].bytes = sheet.bytes;
    loads[0].total = counted;
    const list = await api(server.baseUrl, session, 'GET', loads[1].path);
    const expectedOne = sheet.json.data.people.find((p) => p.userId === person);
    const expectedCount = Object.values(expectedOne.days).reduce(
      (sum, d) => sum + d.draft + d.submitted + d.approved + d.rejected,
      0,
    );
    if (list.json.meta.total !== expectedCount || list.json.data.length !== expectedCount) {
      throw new Error(
        `one person's month listed ${list.json.data.length} of ${list.json.meta.total}; expected ${expectedCount}`,
      );
    }
    loads[1].bytes = list.bytes;
    loads[1].total = expectedCount;

    result.loads = [];
    for (const load of loads) {
      const run = await measureLoad({
        label: `${kind} ${load.label}`,
        options,
        server,
        note,
        makeRequests: () => [
          {
            method: 'GET',
            path: load.path,
            headers: { cookie: session.cookie, 'x-tenant-id': session.tenantId },
          },
        ],
      });
      result.loads.push({ key: load.key, label: load.label, total: load.total, bytes: load.bytes, run });
    }
    result.shutdown = await stopCleanly(kind, server);
  } catch (error) {
    throw withServerLog(error, logPath, options);
  }
  return result;
}

function report(results, options) {
  print();
  print(
    `Wattle time benchmark, ${new Date().toISOString()}: ${options.entries} time entries over ${options.tenants} tenants; ` +
      `${options.connections} connections as the Team Lead of a team of ${options.team}, ${options.duration} s per run ` +
      `after ${options.warmup} s warm-up, median of ${options.repeat}; ${describeHost()}`,
  );
  print();
  const rows = results.flatMap((r) =>
    r.loads.map((load) => [
      r.db,
      `${load.label}: ${load.total} entries, ${(load.bytes / 1024).toFixed(0)} KB`,
      ...runCells(load.run),
    ]),
  );
  print(renderTable(['db', 'route', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'requests'], rows));
  print();
  for (const r of results) {
    print(
      `${r.db}: ${r.data.entries} entries, ${r.data.users} users in ${r.data.tenants} tenants; database ` +
        `${(r.data.bytes / 1e6).toFixed(0)} MB (time_entries ${(r.data.tableBytes / 1e6).toFixed(0)} MB, its ` +
        `(tenant, team, date) index ${(r.data.teamIndexBytes / 1e6).toFixed(0)} MB), written in ${r.data.generateSeconds.toFixed(0)} s`,
    );
  }
  for (const r of results.filter((x) => x.plan)) {
    print();
    print(
      `${r.db} plan of the timesheet's read of the team's day tallies (as wattle_app, under row-level security):`,
    );
    print(r.plan);
  }
  const verdicts = results
    .filter((r) => r.db === 'postgres')
    .map((r) => {
      const load = r.loads.find((l) => l.key === 'timesheet');
      return {
        target: `postgres ${load.label} p95 < ${targets.timesheetP95Ms} ms`,
        met: load.run.latencyMs.p95 < targets.timesheetP95Ms,
      };
    });
  if (verdicts.length) print();
  for (const v of verdicts) print(`${v.met ? 'MET   ' : 'MISSED'}  ${v.target}`);
  return verdicts;
}

async function main() {
  const options = parseOptions();
  const cleanups = createCleanups(note);
  const outDir = path.join(repoRoot, '.tmp', `bench-time-${process.pid}`);
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
  console.error(`bench-time: ${error.message}`);
  process.exit(1);
});
