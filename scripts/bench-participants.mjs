#!/usr/bin/env node
// Participants benchmark: the participant list's first page of 50 (GET /api/participants?limit=50,
// by name, and searched with q=), on PGlite and on Postgres, with one tenant of 10,000 participants
// among 100 tenants. Results: docs/performance.md ("Participants").
//
//   node scripts/bench-participants.mjs [--db pglite|postgres|both] [--big-tenant 10000]
//       [--participants 9900] [--tenants 100] [--duration 10] [--connections 10] [--warmup 3]
//       [--repeat 3] [--quiet-wait 60] [--env KEY=VALUE ...] [--server path/to/main.js]
//       [--db-set NAME=VALUE ...] [--db-sql STATEMENT ...] [--json out.json] [--check-targets] [--keep]
//
// For each database it:
//   1. builds the server into a private bundle (.tmp/bench-participants-<pid>/main.js; --server
//      names a built one instead), starts it on a fresh PGlite directory or a fresh Postgres database
//      (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres, creates and drops
//      wattle_bench_<pid>_<time>) for its migrations and demo seed, then stops it with SIGTERM;
//   2. writes --tenants tenants straight into that database, each with a verified owner; the first
//      holds --big-tenant participants and the others share --participants. Every participant has
//      a care team of its own, a current NDIS plan with two or three budgets (ending within the
//      coming year, so some within 30 days), goals, some alerts, a guardian, a last-activity time and
//      a 'created' audit entry, as the form and the wizard would have left them; then ANALYZE;
//   3. on Postgres, takes the plans of the server's own list query (list-participants.ts bundled on
//      the fly, its SQL captured through Drizzle's logger) for each load, run as wattle_app with the
//      big tenant and its owner set, under row-level security: EXPLAIN ANALYZE as the first
//      requests run it (a custom plan) and as a pooled connection does after five (a generic plan);
//   4. starts the server again, waits for its start-up deadline jobs to finish (they notify of the
//      plans ending soon), signs in as the big tenant's owner, checks one answer of each load against
//      the database's own count, and drives with autocannon:
//        - GET /api/participants?limit=50                  (the list as it opens: by name)
//        - GET /api/participants?limit=50&q=<family name>  (a common name: about 1 in 20 match)
//        - GET /api/participants?limit=50&q=<NDIS number>  (one participant)
//   5. prints p50/p95/p99 and throughput of each, and stops the server with SIGTERM (exit code 0).
//
// To try a fix without changing the server: --db-sql runs a statement on the generated database
// (e.g. an index; then ANALYZE), and --db-set NAME=VALUE sets a setting for every later session of
// that database (ALTER DATABASE … SET, e.g. plan_cache_mode=force_custom_plan), before step 3.
//
// Target (issue 13), Postgres: list of 50 p95 < 30 ms. With --check-targets, exits 2 when missed.
// Exits 1 on any error.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
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
import { api, familyNames, givenNames, launchOnData, openDirect, signIn } from './lib/bench-data.mjs';
import { describePostgres } from './lib/bench-postgres.mjs';
import { readCpuMs } from './lib/bench-server.mjs';
import { renderTable } from './lib/bench-stats.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = { listP95Ms: 30 };
const pageSize = 50;

const print = (text = '') => process.stdout.write(`${text}\n`);
const note = (text) => process.stderr.write(`bench-participants: ${text}\n`);

const usage = `usage: node scripts/bench-participants.mjs [--db pglite|postgres|both] [--big-tenant 10000]
    [--participants 9900] [--tenants 100] [--duration 10] [--connections 10] [--warmup 3] [--repeat 3]
    [--quiet-wait 60] [--env KEY=VALUE ...] [--server apps/server/dist/main.js]
    [--db-set NAME=VALUE ...] [--db-sql STATEMENT ...] [--json out.json] [--check-targets] [--keep]`;

function parseOptions() {
  const values = parseBenchArgs(usage, {
    'big-tenant': { type: 'string', default: '10000' },
    participants: { type: 'string', default: '9900' },
    tenants: { type: 'string', default: '100' },
    'db-set': { type: 'string', multiple: true, default: [] },
    'db-sql': { type: 'string', multiple: true, default: [] },
  });
  const number = wholeNumberReader(values);
  const options = {
    ...commonOptions(values, number),
    bigTenant: number('big-tenant', 1, 1_000_000),
    participants: number('participants', 0, 5_000_000),
    tenants: number('tenants', 1, 10_000),
    dbSettings: values['db-set'].map((pair) => {
      const match = pair.match(/^([a-z_][a-z0-9_.]*)=(.+)$/i);
      if (!match) throw new Error(`--db-set expects NAME=VALUE, got ${pair}`);
      return { name: match[1], value: match[2] };
    }),
    dbSql: values['db-sql'],
  };
  if (options.tenants > 1 && options.participants < options.tenants - 1) {
    throw new Error('--participants must be at least --tenants - 1 (one for each other tenant)');
  }
  // Without --server the script builds its own bundle (below); parseBenchArgs defaults to dist/.
  options.buildServer = values.server === undefined;
  return options;
}

// ---------------------------------------------------------------------------------------------
// The server: a private bundle, so a shared dist/ being rebuilt by someone else changes nothing here.

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

/**
 * The server's own list query and Drizzle, bundled from the sources, so step 3 explains exactly the
 * SQL a request runs.
 */
async function bundleListQuery(outDir) {
  const { build } = await import('esbuild');
  const outfile = path.join(outDir, 'list-query.mjs');
  const serverPkg = JSON.parse(readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8'));
  const external = Object.keys({ ...serverPkg.dependencies, ...serverPkg.devDependencies }).filter(
    (d) => !d.startsWith('@wattle/'),
  );
  await build({
    stdin: {
      contents: `
        export { listParticipants } from './apps/server/src/features/participants/list-participants.ts';
        export { ParticipantListQuerySchema } from './packages/domain/src/participants/schemas.ts';
        export { drizzle } from 'drizzle-orm/node-postgres';
      `,
      resolveDir: repoRoot,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}

// ---------------------------------------------------------------------------------------------
// Data: deterministic pseudo-random (the same options give the same people).

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const pick = (random, list) => list[Math.floor(random() * list.length)];
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
const dayMs = 86_400_000;

const goals = [
  'Travel to day program independently',
  'Cook three meals a week',
  'Join a community sports club',
  'Find part-time work',
  'Move into supported independent living',
  'Use a visual schedule at home',
  'Keep in touch with family by video call',
];
const alerts = [
  'Severe peanut allergy: EpiPen in backpack',
  'Uses AAC device: allow extra time to respond',
  'Sensitive to loud noises',
  'Epilepsy: seizure plan on file',
  'Allergic to penicillin',
];
const relationships = ['Mother', 'Father', 'Sister', 'Brother', 'Guardian', 'Partner'];

/** How many participants tenant `i` holds: the first --big-tenant, the others share --participants. */
function participantsOf(i, options) {
  if (i === 0) return options.bigTenant;
  const others = options.tenants - 1;
  const share = Math.floor(options.participants / others);
  return share + (i - 1 < options.participants - share * others ? 1 : 0);
}

function buildTenant(i, random) {
  const n = String(i + 1).padStart(3, '0');
  return {
    id: uuidv7(),
    name: `Bench Participants ${n}`,
    slug: `bench-participants-${n}-${Math.floor(random() * 1e6).toString(36)}`,
    prefix: `BP${String.fromCharCode(65 + (i % 26))}`,
    owner: {
      id: uuidv7(),
      email: `bench.owner${n}@bench.example`,
      name: `${pick(random, givenNames)} ${pick(random, familyNames)}`,
    },
  };
}

/** One tenant's participants, each with a team, a current plan and its budgets, as table rows. */
function buildParticipants(tenant, count, random) {
  const now = Date.now();
  const today = isoDay(now);
  const rows = { teams: [], participants: [], plans: [], budgets: [] };
  // NDIS numbers are 9 digits starting 43, unique in the tenant: a random start, then consecutive.
  const firstNumber = 430_000_000 + Math.floor(random() * 1_000_000);
  for (let k = 0; k < count; k++) {
    const given = pick(random, givenNames);
    const family = pick(random, familyNames);
    const name = `${given} ${family}`;
    const team = {
      tenant_id: tenant.id,
      id: uuidv7(),
      slug: `care-team-${k + 1}`,
      name: `${given}'s Care Team ${k + 1}`,
    };
    const createdAt = now - Math.floor(random() * 700) * dayMs;
    const participant = {
      tenant_id: tenant.id,
      id: uuidv7({ msecs: createdAt }),
      name,
      ndis_number: String(firstNumber + k),
      date_of_birth: isoDay(
        now - (6 + Math.floor(random() * 70)) * 365 * dayMs - Math.floor(random() * 365) * dayMs,
      ),
      phone: `04${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
      address: `${1 + Math.floor(random() * 200)} Wattle Street, Sydney NSW 2000`,
      guardian:
        random() < 0.6
          ? {
              name: `${pick(random, givenNames)} ${family}`,
              relationship: pick(random, relationships),
              phone: `04${String(Math.floor(random() * 1e8)).padStart(8, '0')}`,
              email: `family.${k}@bench.example`,
            }
          : null,
      goals: [pick(random, goals), pick(random, goals)].filter((g, j, all) => all.indexOf(g) === j),
      alerts: random() < 0.4 ? [pick(random, alerts)] : [],
      status: random() < 0.9 ? 'active' : pick(random, ['inactive', 'pending']),
      team_id: team.id,
      last_activity_at: new Date(now - Math.floor(random() * 90 * dayMs)).toISOString(),
      created_by: tenant.owner.id,
      created_at: new Date(createdAt).toISOString(),
    };
    // A year-long plan that started within the last year: about 1 in 12 ends within 30 days.
    const start = Date.parse(`${today}T00:00:00Z`) - Math.floor(random() * 365) * dayMs;
    const plan = {
      tenant_id: tenant.id,
      id: uuidv7(),
      participant_id: participant.id,
      start_date: isoDay(start),
      end_date: isoDay(start + 365 * dayMs),
      management_type: pick(random, ['ndia', 'plan', 'self']),
      created_by: tenant.owner.id,
    };
    if (plan.management_type === 'plan') {
      plan.plan_manager = { name: 'Bench Plan Managers', email: 'invoices@planmanager.example' };
    }
    const categories = random() < 0.5 ? ['01', '04', '15'] : ['01', '07'];
    for (const category of categories) {
      rows.budgets.push({
        tenant_id: tenant.id,
        plan_id: plan.id,
        category,
        amount_cents: (5_000 + Math.floor(random() * 60_000)) * 100,
      });
    }
    rows.teams.push(team);
    rows.participants.push(participant);
    rows.plans.push(plan);
  }
  return rows;
}

/** Inserts `rows` (objects) through jsonb_to_recordset in statements of `size` rows. */
async function insertRows(db, table, columns, rows, { extra = '', extraValues = '', size = 1000 } = {}) {
  const names = columns
    .split(',')
    .map((c) => c.trim().split(/\s+/)[0])
    .join(', ');
  for (let start = 0; start < rows.length; start += size) {
    await db.query(
      `insert into ${table} (${names}${extra}) select ${names}${extraValues} from jsonb_to_recordset($1::jsonb) as r(${columns})`,
      [JSON.stringify(rows.slice(start, start + size))],
    );
  }
}

/**
 * Writes the tenants, owners, teams, participants, plans, budgets and audit entries; answers the
 * tenants (with their participant counts) and what the loads will search for in the big tenant.
 */
async function generate(db, options, note) {
  const started = performance.now();
  const [model] = await db.query(
    `select t.id, (select workflow_states from teams where tenant_id = t.id order by created_at limit 1) as workflow_states
       from tenants t where t.name = 'Sunrise Support Network'`,
  );
  if (!model) throw new Error('the demo seed has no Sunrise Support Network to copy settings from');
  const workflowStates =
    typeof model.workflow_states === 'string' ? model.workflow_states : JSON.stringify(model.workflow_states);

  const random = rng(13);
  const tenants = Array.from({ length: options.tenants }, (_, i) => buildTenant(i, random));
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
  await insertRows(
    db,
    'users',
    'id uuid, email text, name text',
    tenants.map((t) => t.owner),
    { extra: ', verified_at', extraValues: ', now()' },
  );
  await insertRows(
    db,
    'memberships',
    'tenant_id uuid, user_id uuid',
    tenants.map((t) => ({ tenant_id: t.id, user_id: t.owner.id })),
    { extra: ', role', extraValues: `, 'owner'` },
  );

  const total = tenants.reduce((sum, _, i) => sum + participantsOf(i, options), 0);
  let written = 0;
  for (const [i, tenant] of tenants.entries()) {
    const count = participantsOf(i, options);
    tenant.participantCount = count;
    const rows = buildParticipants(tenant, count, rng(1000 + i));
    if (i === 0) tenant.sample = rows.participants;
    await insertRows(db, 'teams', 'tenant_id uuid, id uuid, slug text, name text', rows.teams, {
      extra: ', workflow_states',
      extraValues: `, '${workflowStates.replaceAll("'", "''")}'::jsonb`,
    });
    await insertRows(
      db,
      'participants',
      `tenant_id uuid, id uuid, name text, ndis_number text, date_of_birth date, phone text, address text,
       guardian jsonb, goals jsonb, alerts jsonb, status text, team_id uuid, last_activity_at timestamptz,
       created_by uuid, created_at timestamptz`,
      rows.participants,
    );
    await insertRows(
      db,
      'participant_plans',
      `tenant_id uuid, id uuid, participant_id uuid, start_date date, end_date date, management_type text,
       plan_manager jsonb, created_by uuid`,
      rows.plans,
    );
    await insertRows(
      db,
      'plan_budgets',
      'tenant_id uuid, plan_id uuid, category text, amount_cents int',
      rows.budgets,
      {
        size: 3000,
      },
    );
    written += count;
    if (i === 0 || (i + 1) % 20 === 0 || i + 1 === tenants.length) {
      note(`participants: ${written} of ${total} written`);
    }
  }
  note('audit: one created entry per participant');
  await db.query(
    `insert into audit_log (tenant_id, id, entity, entity_id, action, actor_id, actor_name, changes, metadata, at)
     select p.tenant_id, gen_random_uuid(), 'participant', p.id::text, 'created', p.created_by, u.name,
            jsonb_build_array(jsonb_build_object('field', 'name', 'oldValue', null, 'newValue', p.name)),
            '{}'::jsonb, p.created_at
       from participants p join users u on u.id = p.created_by
      where p.tenant_id = any($1::uuid[])`,
    [tenants.map((t) => t.id)],
  );
  await db.query('analyze');

  // What the searches look for in the big tenant, with how many participants each should find.
  const big = tenants[0];
  const countWhere = async (condition, value) => {
    const [row] = await db.query(
      `select count(*)::int as n from participants where tenant_id = $1 and archived_at is null and ${condition}`,
      [big.id, value],
    );
    return row.n;
  };
  const familyCounts = new Map();
  for (const p of big.sample) {
    const family = p.name.split(' ').at(-1);
    familyCounts.set(family, (familyCounts.get(family) ?? 0) + 1);
  }
  // The family name nearest 1 in 20 of the tenant, without an apostrophe to encode.
  const common = [...familyCounts.entries()]
    .filter(([family]) => /^[a-z]+$/i.test(family))
    .sort((a, b) => Math.abs(a[1] - big.sample.length / 20) - Math.abs(b[1] - big.sample.length / 20))[0][0];
  const one = big.sample[Math.floor(big.sample.length / 2)];
  const searches = {
    name: {
      q: common.toLowerCase(),
      total: await countWhere(`lower(name) like $2`, `%${common.toLowerCase()}%`),
    },
    number: { q: one.ndis_number, total: await countWhere(`ndis_number like $2`, `${one.ndis_number}%`) },
  };
  delete big.sample;
  return { tenants, searches, seconds: (performance.now() - started) / 1000 };
}

/** --db-sql statements, then --db-set settings for the database's later sessions. */
async function applyTrials(db, options) {
  for (const statement of options.dbSql) {
    note(`running: ${statement}`);
    await db.query(statement);
  }
  if (options.dbSql.length > 0) await db.query('analyze');
  if (options.dbSettings.length === 0) return;
  const [{ name }] = await db.query('select current_database() as name');
  for (const setting of options.dbSettings) {
    note(`alter database ${name} set ${setting.name} = '${setting.value}'`);
    await db.query(`alter database "${name}" set ${setting.name} = '${setting.value.replaceAll("'", "''")}'`);
  }
}

// ---------------------------------------------------------------------------------------------
// The plans of the request's own SQL (Postgres): as wattle_app, in the big tenant, as its owner.

async function explainListQueries({ url, tenant, loads, listQuery }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const explained = {};
  try {
    for (const load of loads) {
      await client.query('begin');
      try {
        await client.query(
          `select set_config('role', 'wattle_app', true), set_config('app.tenant_id', $1, true),
                  set_config('app.user_id', $2, true), set_config('app.user_email', $3, true),
                  set_config('app.platform_role', '', true)`,
          [tenant.id, tenant.owner.id, tenant.owner.email],
        );
        const captured = [];
        const tx = listQuery.drizzle({
          client,
          logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
        });
        const ctx = {
          tx,
          tenantId: tenant.id,
          actor: { ...tenant.owner, platformRole: null, isVerified: true, ip: null, userAgent: 'bench' },
          access: { platformRole: null, membershipRole: 'owner', hasApprovedAccessRequest: false },
          tenantRole: 'tenant-admin',
          membershipRole: 'owner',
          sharedTeamIds: [],
        };
        const query = listQuery.ParticipantListQuerySchema.parse(
          Object.fromEntries(new URLSearchParams(load.query)),
        );
        await listQuery.listParticipants(ctx, query);
        const selects = captured.filter((c) => /^\s*select/i.test(c.sql));
        explained[load.key] = [];
        for (const [index, statement] of selects.entries()) {
          const plan = async (generic) => {
            await client.query(
              `set local plan_cache_mode = ${generic ? 'force_generic_plan' : 'force_custom_plan'}`,
            );
            const name = `bench_${load.key}_${index}_${generic ? 'g' : 'c'}`;
            await client.query(`prepare ${name} as ${statement.sql}`);
            const values = statement.params.map((p) =>
              p === null ? 'null' : client.escapeLiteral(String(p)),
            );
            const { rows } = await client.query(
              `explain (analyze, buffers, costs off) execute ${name}${values.length ? `(${values.join(', ')})` : ''}`,
            );
            return rows.map((r) => r['QUERY PLAN']).join('\n');
          };
          explained[load.key].push({
            sql: statement.sql,
            custom: await plan(false),
            generic: await plan(true),
          });
        }
      } finally {
        await client.query('rollback');
      }
    }
  } finally {
    await client.end();
  }
  return explained;
}

// ---------------------------------------------------------------------------------------------
// One database.

/**
 * CPU time (ms) the Postgres backends of `database` have used since this was made, counted per
 * backend: the pool closes idle connections during the quiet waits, and a sum over the backends
 * alive at each reading would lose what a closed one had used.
 */
function postgresBackendCpu(database) {
  const seen = new Map();
  let used = 0;
  return () => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
        const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
        if (!title.split(' ').includes(database)) continue;
        const cpu = readCpuMs(Number(entry));
        used += cpu - (seen.get(entry) ?? 0);
        seen.set(entry, cpu);
      } catch {
        // The process ended while we looked.
      }
    }
    return used;
  };
}

/**
 * Waits for the server's start-up deadline jobs: 'deadline notification jobs ran' in its log after
 * `fromByte` (where the log ended before this start).
 */
async function waitForStartupJobs(logPath, fromByte, timeoutMs = 600_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const line = readFileSync(logPath)
      .subarray(fromByte)
      .toString('utf8')
      .split('\n')
      .find((l) => l.includes('deadline notification jobs ran'));
    if (line) return JSON.parse(line);
    await sleep(500);
  }
  throw new Error(`the server's start-up deadline jobs did not finish within ${timeoutMs / 1000} s`);
}

async function benchOne(kind, options, cleanups, tools) {
  // With --keep (or after a failure) the Postgres database is kept too, to look at the data.
  const scratch = await scratchData(kind, {
    prefix: 'wattle-bench-participants',
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

    note(
      `${kind}: writing ${options.bigTenant} participants in one tenant and ${options.participants} over the other ${options.tenants - 1}`,
    );
    const direct = await openDirect(kind, dataDir, postgres?.url);
    let generated;
    try {
      generated = await generate(direct, options, note);
      const [counts] = await direct.query(
        `select (select count(*) from participants)::int as participants, (select count(*) from tenants)::int as tenants,
                (select count(*) from participant_plans)::int as plans, (select count(*) from plan_budgets)::int as budgets,
                pg_database_size(current_database())::bigint as bytes`,
      );
      result.data = { ...counts, bytes: Number(counts.bytes), generateSeconds: generated.seconds };
      await applyTrials(direct, options);
    } finally {
      await direct.close();
    }
    note(
      `${kind}: ${result.data.participants} participants in ${result.data.tenants} tenants, ${(result.data.bytes / 1e6).toFixed(0)} MB, written in ${generated.seconds.toFixed(0)} s`,
    );
    const big = generated.tenants[0];
    const loads = [
      {
        key: 'list',
        label: 'GET /api/participants?limit=50',
        query: `limit=${pageSize}`,
        total: big.participantCount,
      },
      {
        key: 'name',
        label: `GET /api/participants?limit=50&q=${generated.searches.name.q}`,
        query: `limit=${pageSize}&q=${generated.searches.name.q}`,
        total: generated.searches.name.total,
      },
      {
        key: 'number',
        label: 'GET /api/participants?limit=50&q=<NDIS number>',
        query: `limit=${pageSize}&q=${generated.searches.number.q}`,
        total: generated.searches.number.total,
      },
    ];
    if (postgres) {
      result.postgres = await describePostgres(postgres.url);
      result.plans = await explainListQueries({
        url: postgres.url,
        tenant: big,
        loads,
        listQuery: tools.listQuery,
      });
    }

    const logEnd = statSync(logPath).size;
    const server = await launchOnData({ options, env, logPath, cleanups, note });
    const jobs = await waitForStartupJobs(logPath, logEnd);
    result.startupJobs = { ms: jobs.ms, notified: jobs.notified, failed: jobs.failed };
    note(`${kind}: start-up deadline jobs took ${jobs.ms} ms and sent ${JSON.stringify(jobs.notified)}`);
    const session = { ...(await signIn(server.baseUrl, big.owner.email)), tenantId: big.id };

    // One checked answer of each load: a wrong answer would make every figure meaningless.
    for (const load of loads) {
      const answer = await api(server.baseUrl, session, 'GET', `/api/participants?${load.query}`);
      const expected = Math.min(pageSize, load.total);
      if (answer.json.data.length !== expected || answer.json.meta.total !== load.total) {
        throw new Error(
          `${load.label} gave ${answer.json.data.length} rows of ${answer.json.meta.total}; expected ${expected} of ${load.total}`,
        );
      }
      load.bytes = answer.bytes;
    }

    // CPU time of the server process and of the database's Postgres backends, read after the warm-up
    // and after each run: per request, a figure that a busy machine disturbs far less than latency.
    const backends = postgres ? postgresBackendCpu(postgres.name) : () => 0;
    const cpuNow = () => ({ server: server.cpuMs(), postgres: backends() });
    result.loads = [];
    for (const load of loads) {
      const marks = [cpuNow()];
      const run = await measureLoad({
        label: `${kind} ${load.label}`,
        options,
        server,
        note,
        afterRun: async () => {
          marks.push(cpuNow());
        },
        makeRequests: () => [
          {
            method: 'GET',
            path: `/api/participants?${load.query}`,
            headers: { cookie: session.cookie, 'x-tenant-id': session.tenantId },
          },
        ],
      });
      const measured = marks.slice(-(options.repeat + 1));
      const perRequest = (side) =>
        median(run.runs.map((r, i) => (measured[i + 1][side] - measured[i][side]) / r.requests));
      const cpu = { serverMsPerRequest: perRequest('server'), postgresMsPerRequest: perRequest('postgres') };
      result.loads.push({ key: load.key, label: load.label, total: load.total, bytes: load.bytes, run, cpu });
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
    `Wattle participants benchmark, ${new Date().toISOString()}: one tenant of ${options.bigTenant} participants ` +
      `and ${options.participants} over ${options.tenants - 1} more; ${options.connections} connections as the big ` +
      `tenant's owner, ${options.duration} s per run after ${options.warmup} s warm-up, median of ${options.repeat}; ${describeHost()}`,
  );
  for (const statement of options.dbSql) print(`with --db-sql ${statement}`);
  for (const setting of options.dbSettings) print(`with --db-set ${setting.name}=${setting.value}`);
  print();
  const rows = results.flatMap((r) =>
    r.loads.map((load) => [
      r.db,
      `${load.label} (${load.total} match)`,
      ...runCells(load.run),
      `${load.cpu.serverMsPerRequest.toFixed(2)}+${load.cpu.postgresMsPerRequest.toFixed(2)}`,
    ]),
  );
  print(
    renderTable(
      ['db', 'route', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'requests', 'CPU ms/req (server+pg)'],
      rows,
    ),
  );
  print();
  for (const r of results) {
    print(
      `${r.db}: ${r.data.participants} participants, ${r.data.plans} plans, ${r.data.budgets} budgets, database ` +
        `${(r.data.bytes / 1e6).toFixed(0)} MB, written in ${r.data.generateSeconds.toFixed(0)} s; start-up deadline ` +
        `jobs ${r.startupJobs.ms} ms (${r.startupJobs.notified['plan-ending']} plan-ending notifications); a page of 50 is ` +
        `${(r.loads[0].bytes / 1024).toFixed(0)} KB of JSON`,
    );
  }
  for (const r of results.filter((x) => x.plans)) {
    for (const [key, statements] of Object.entries(r.plans)) {
      for (const [i, s] of statements.entries()) {
        print();
        print(`${r.db} plan of the ${key} load's query ${i + 1} (custom, as the first requests run it):`);
        print(s.custom);
        print(`${r.db} plan of the same (generic, as a pooled connection runs it after five):`);
        print(s.generic);
      }
    }
  }
  const verdicts = results
    .filter((r) => r.db === 'postgres')
    .flatMap((r) =>
      r.loads.map((load) => ({
        target: `postgres ${load.label} p95 < ${targets.listP95Ms} ms`,
        met: load.run.latencyMs.p95 < targets.listP95Ms,
      })),
    );
  if (verdicts.length) print();
  for (const v of verdicts) print(`${v.met ? 'MET   ' : 'MISSED'}  ${v.target}`);
  return verdicts;
}

async function main() {
  const options = parseOptions();
  const cleanups = createCleanups(note);
  const outDir = path.join(repoRoot, '.tmp', `bench-participants-${process.pid}`);
  mkdirSync(outDir, { recursive: true });
  cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));
  const results = [];
  try {
    if (options.buildServer) options.serverEntry = buildServer(outDir);
    if (!existsSync(options.serverEntry)) throw new Error(`${options.serverEntry} does not exist`);
    const tools = { listQuery: options.dbs.includes('postgres') ? await bundleListQuery(outDir) : null };
    for (const kind of options.dbs) results.push(await benchOne(kind, options, cleanups, tools));
  } finally {
    await cleanups.run();
  }
  const verdicts = report(results, options);
  if (options.json) writeJsonResults(options.json, { options, results, verdicts });
  if (options.checkTargets && verdicts.some((v) => !v.met)) process.exitCode = 2;
}

main().catch((error) => {
  console.error(`bench-participants: ${error.message}`);
  process.exit(1);
});
