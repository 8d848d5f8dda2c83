#!/usr/bin/env node
// Invoices benchmark (issue 15): building an invoice from 500 approved time entries
// (POST /api/invoices), exporting an NDIA bulk payment request of 10,000 lines (POST /api/claims and
// GET /api/claims/{id}/bulk-payment-request.csv), and the invoice list's first page of 50
// (GET /api/invoices?limit=50) in a tenant holding 200,000 invoices. Results: docs/performance.md
// ("Invoices").
//
//   node scripts/bench-invoices.mjs [--db postgres|pglite|both] [--invoices 200000]
//       [--participants 30] [--entries 500] [--others 470] [--rounds 3] [--claim-invoices 20]
//       [--month 2026-10] [--duration 10] [--connections 10] [--warmup 3] [--repeat 3]
//       [--quiet-wait 60] [--env KEY=VALUE ...] [--server path/to/main.js] [--json out.json]
//       [--db-sql STATEMENT|FILE ...] [--check-targets] [--keep]
//
// For each database it:
//   1. builds the server into a private bundle (.tmp/bench-invoices-<pid>/server/main.js; --server
//      names a built one instead), starts it on a fresh PGlite directory or a fresh Postgres database
//      (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres) for its migrations
//      and demo seed, then stops it with SIGTERM;
//   2. writes a bench tenant straight into that database (INSERT … SELECT over generate_series): the
//      settings, support catalogue and tax-invoice profile of the seeded Sunrise tenant, its owner and
//      a second tenant admin (who approves what the owner submits), the time code 01_011_0107_1_1 at
//      $68.45 (the catalogue's limit is $70.23), --participants participants in New South Wales, each
//      with a team of their own, support workers on it, a current agency-managed (NDIA) plan around
//      --month with a budget far larger than anything billed, and --entries approved, uninvoiced
//      one-hour weekday-daytime shifts in --month (no worker's shifts overlap); --others more
//      participants without time; and --invoices past invoices of one line each, weekly, over all of
//      them, in every status (most paid; those sent but past due overdue, as the server's daily
//      overdue job leaves them), dated before the plans begin, the tenant's invoice counter set after
//      them. Then VACUUM ANALYZE, as autovacuum keeps a live database;
//   3. on Postgres, EXPLAIN ANALYZE of the list's page and count as the request runs them, as
//      wattle_app under row-level security in the bench tenant;
//   4. starts the server again and, as the owner:
//      - builds: times POST /api/invoices for each participant in turn (--month as the period) and
//        checks each answer has --entries lines and no line error; voids them (not timed), which
//        releases the time, and builds again, --rounds rounds in all (the last round's drafts stay);
//      - bulk export: submits --claim-invoices of those drafts (as the owner) and approves them (as the
//        second admin), all through the API, then times POST /api/claims {invoiceIds} and the GET of
//        its CSV together, once, and checks the file has a header and one row per line;
//      - list: checks GET /api/invoices?limit=50 (the default sort, newest number first) counts every
//        invoice (--invoices and all the built ones), then drives it with autocannon at --connections;
//   5. prints the figures with MET/MISSED verdicts and stops the server with SIGTERM (exit code 0).
//
// Targets (issue 15), Postgres: build p95 < 200 ms; bulk export of 10,000 lines < 2 s; the list of 50
// p95 < 30 ms with 200,000 invoices. With --check-targets, exits 2 when one is missed. Exits 1 on any
// error.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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
  waitForQuietMachine,
  wholeNumberReader,
  withServerLog,
  writeJsonResults,
} from './lib/bench.mjs';
import { launchOnData, openDirect, signIn } from './lib/bench-data.mjs';
import { describePostgres } from './lib/bench-postgres.mjs';
import { postgresBackendCpuCounter } from './lib/bench-server.mjs';
import { formatMs, percentile, renderTable } from './lib/bench-stats.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = { buildP95Ms: 200, exportMs: 2000, listP95Ms: 30 };

const print = (text = '') => process.stdout.write(`${text}\n`);
const note = (text) => process.stderr.write(`bench-invoices: ${text}\n`);

const usage = `usage: node scripts/bench-invoices.mjs [--db postgres|pglite|both] [--invoices 200000]
    [--participants 30] [--entries 500] [--others 470] [--rounds 3] [--claim-invoices 20]
    [--month 2026-10] [--duration 10] [--connections 10] [--warmup 3] [--repeat 3] [--quiet-wait 60]
    [--env KEY=VALUE ...] [--server apps/server/dist/main.js] [--json out.json] [--db-sql STATEMENT|FILE ...]
    [--check-targets] [--keep]`;

function parseOptions() {
  const values = parseBenchArgs(usage, {
    invoices: { type: 'string', default: '200000' },
    participants: { type: 'string', default: '30' },
    entries: { type: 'string', default: '500' },
    others: { type: 'string', default: '470' },
    rounds: { type: 'string', default: '3' },
    'claim-invoices': { type: 'string', default: '20' },
    month: { type: 'string', default: '2026-10' },
    'db-sql': { type: 'string', multiple: true, default: [] },
  });
  // Postgres is what the targets are about; PGlite on request.
  if (process.argv.every((arg) => arg !== '--db' && !arg.startsWith('--db='))) values.db = 'postgres';
  const number = wholeNumberReader(values);
  const options = {
    ...commonOptions(values, number),
    invoices: number('invoices', 0, 10_000_000),
    participants: number('participants', 1, 1000),
    entries: number('entries', 1, 2000),
    others: number('others', 0, 100_000),
    rounds: number('rounds', 1, 50),
    claimInvoices: number('claim-invoices', 0, 1000),
    month: values.month,
    // A statement, or a file of statements, run on the generated data before measuring (then
    // ANALYZE): to try an index or a tally without changing the server's migrations. Postgres runs
    // several statements in one go; PGlite takes one per --db-sql.
    dbSql: values['db-sql'].map((v) => (existsSync(v) ? readFileSync(v, 'utf8') : v)),
  };
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(options.month)) throw new Error('--month must be YYYY-MM');
  if (options.claimInvoices > options.participants) {
    throw new Error('--claim-invoices must be at most --participants (one built invoice each)');
  }
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

const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);

/**
 * The month's first and last day; the plans run from three months before it for a year; the past
 * invoices end the week before the plans begin.
 */
function periods(month) {
  const [y, m] = month.split('-').map(Number);
  return {
    from: isoDay(Date.UTC(y, m - 1, 1)),
    to: isoDay(Date.UTC(y, m, 0)),
    planFrom: isoDay(Date.UTC(y, m - 4, 1)),
    planTo: isoDay(Date.UTC(y, m + 8, 0)),
  };
}

const itemNumber = '01_011_0107_1_1';
const itemName = 'Assistance With Self-Care Activities - Standard - Weekday Daytime';
const priceCents = 6845;
const limitCents = 7023;
/** A budget no invoice of the bench comes near: $10,000,000 (integer cents). */
const budgetCents = 1_000_000_000;
/** Where the ATO's published example ABN and a 10-digit registration number stand in for the provider's. */
const providerProfile = {
  legalName: 'Bench Invoices Pty Ltd',
  abn: '51824753556',
  ndisRegistrationNumber: '4050000001',
};
/** Shifts a worker takes a weekday: 07:00 to 17:00, one hour each, all weekday daytime. */
const slotsPerDay = 10;

async function newIds(db, count) {
  return (await db.query('select gen_random_uuid() as id from generate_series(1, $1::int)', [count])).map(
    (r) => r.id,
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
  const { from, to, planFrom, planTo } = periods(options.month);
  const [{ run }] = await db.query(`select substr(md5(random()::text), 1, 6) as run`);
  const [ids] = await db.query(
    'select gen_random_uuid() as tenant, gen_random_uuid() as owner, gen_random_uuid() as admin, gen_random_uuid() as code',
  );
  const tenant = {
    id: ids.tenant,
    slug: `bench-invoices-${run}`,
    owner: { id: ids.owner, email: `bench.invoices.owner.${run}@bench.example`, name: 'Bench Owner' },
    admin: { id: ids.admin, email: `bench.invoices.admin.${run}@bench.example`, name: 'Bench Approver' },
    timeCodeId: ids.code,
  };

  // The tenant, as Sunrise is set up, with a provider profile the bulk payment request needs.
  const [searchVersion] = await db.query('select max(search_text_version) as v from tenants');
  await db.query(
    `insert into tenants (id, slug, name, prefix, time_zone, settings, profile, features, subscription, audit_config,
                          billing_config, tax_invoice, search_text_version)
     select $1, $2, 'Bench Invoices', 'BIN', m.time_zone, m.settings - 'customDomain', m.profile, m.features,
            m.subscription, m.audit_config, m.billing_config, m.tax_invoice || $4::jsonb, $5
       from tenants m where m.id = $3`,
    [tenant.id, tenant.slug, model.id, JSON.stringify(providerProfile), searchVersion?.v ?? 0],
  );
  const [billing] = await db.query(
    `select billing_config->>'invoicePrefix' as prefix, (billing_config->>'taxRate')::numeric as tax_rate,
            (billing_config->>'paymentTerms')::int as terms
       from tenants where id = $1`,
    [tenant.id],
  );
  tenant.prefix = billing.prefix;
  await db.query(
    `insert into users (id, email, name, verified_at) values ($1, $2, $3, now()), ($4, $5, $6, now())`,
    [
      tenant.owner.id,
      tenant.owner.email,
      tenant.owner.name,
      tenant.admin.id,
      tenant.admin.email,
      tenant.admin.name,
    ],
  );
  await db.query(
    `insert into memberships (tenant_id, user_id, role) values ($1, $2, 'owner'), ($1, $3, 'admin')`,
    [tenant.id, tenant.owner.id, tenant.admin.id],
  );

  // Sunrise's support catalogue (the sample 2025-26 year the demo seed imports), catalogue ids mapped.
  const catalogues = await db.query('select id from support_catalogues where tenant_id = $1', [model.id]);
  if (catalogues.length === 0) throw new Error('Sunrise has no support catalogue to copy');
  await db.query(
    `create temp table bench_catalogue_ids as
       select id as old_id, gen_random_uuid() as new_id from support_catalogues where tenant_id = '${model.id}'`,
  );
  await db.query(
    `create temp table bench_copy as select * from support_catalogues where tenant_id = '${model.id}'`,
  );
  await db.query(
    `update bench_copy c set tenant_id = '${tenant.id}', imported_by = null,
            id = (select new_id from bench_catalogue_ids where old_id = c.id)`,
  );
  await db.query('insert into support_catalogues select * from bench_copy');
  await db.query('drop table bench_copy');
  await db.query(
    `create temp table bench_copy as select * from support_items where tenant_id = '${model.id}'`,
  );
  await db.query(
    `update bench_copy i set tenant_id = '${tenant.id}',
            catalogue_id = (select new_id from bench_catalogue_ids where old_id = i.catalogue_id)`,
  );
  await db.query('insert into support_items select * from bench_copy');
  await db.query('drop table bench_copy');
  await db.query('drop table bench_catalogue_ids');
  const [item] = await db.query(
    'select category_number from support_items where tenant_id = $1 and number = $2 limit 1',
    [tenant.id, itemNumber],
  );
  if (!item) throw new Error(`the copied catalogue has no ${itemNumber}`);
  // The category a budget is kept under ('01'…'15'), as the line checks read it.
  const category = item.category_number.padStart(2, '0');
  await db.query(
    `insert into time_codes (tenant_id, id, code, description, category, hourly_rate_cents)
     values ($1, $2, $3, 'Personal care and daily living', 'core', $4)`,
    [tenant.id, tenant.timeCodeId, itemNumber, priceCents],
  );

  // The participants billed: a team each, workers on it, a current NDIA plan with its budget.
  const workersEach = Math.ceil(options.entries / (weekdaysIn(from, to) * slotsPerDay));
  const k = options.participants;
  const teamIds = await newIds(db, k);
  const participantIds = await newIds(db, k + options.others);
  const planIds = await newIds(db, k);
  const workerIds = await newIds(db, k * workersEach);
  await db.query(
    `insert into teams (tenant_id, id, slug, name, workflow_states)
     select $2, id, 'team-' || ord, 'Bench team ' || ord, $3::jsonb from unnest($1::uuid[]) with ordinality as u(id, ord)`,
    [teamIds, tenant.id, workflowStates],
  );
  // NDIS numbers: nine digits, unique in the tenant.
  await db.query(
    `insert into participants (tenant_id, id, name, ndis_number, date_of_birth, state, status, team_id, created_by)
     select $1, p.id, 'Bench Participant ' || lpad(p.ord::text, 4, '0'), (430000000 + p.ord)::text,
            date '1990-01-01' + (p.ord * 37 % 9000)::int, 'NSW', 'active', t.id, $4
       from unnest($2::uuid[]) with ordinality as p(id, ord)
       left join unnest($3::uuid[]) with ordinality as t(id, ord) on t.ord = p.ord`,
    [tenant.id, participantIds, teamIds, tenant.owner.id],
  );
  await db.query(
    `insert into participant_plans (tenant_id, id, participant_id, start_date, end_date, management_type, created_by)
     select $1, pl.id, p.id, $4::date, $5::date, 'ndia', $6
       from unnest($2::uuid[]) with ordinality as pl(id, ord)
       join unnest($3::uuid[]) with ordinality as p(id, ord) on p.ord = pl.ord`,
    [tenant.id, planIds, participantIds.slice(0, k), planFrom, planTo, tenant.owner.id],
  );
  await db.query(
    `insert into plan_budgets (tenant_id, plan_id, category, amount_cents) select $1, id, $3, $4 from unnest($2::uuid[]) as u(id)`,
    [tenant.id, planIds, category, budgetCents],
  );
  await db.query(
    `insert into users (id, email, name, verified_at)
     select id, 'bench.invoices.worker' || ord || '.' || $2 || '@bench.example', 'Bench Worker ' || ord, now()
       from unnest($1::uuid[]) with ordinality as u(id, ord)`,
    [workerIds, run],
  );
  await db.query(
    `insert into memberships (tenant_id, user_id, role) select $2, id, 'member' from unnest($1::uuid[]) as u(id)`,
    [workerIds, tenant.id],
  );
  // Worker w works for participant (w - 1) / workersEach + 1, on that participant's team.
  await db.query(
    `insert into team_members (tenant_id, team_id, user_id, role)
     select $1, t.id, w.id, 'Support Worker'
       from unnest($2::uuid[]) with ordinality as w(id, ord)
       join unnest($3::uuid[]) with ordinality as t(id, ord) on t.ord = (w.ord - 1) / $4 + 1`,
    [tenant.id, workerIds, teamIds, workersEach],
  );

  // --entries approved one-hour weekday shifts of each participant in the month: the first of
  // (day, slot, worker) in order, so no worker is ever in two places at once.
  note(`time: ${options.entries} approved entries for each of ${k} participants in ${options.month}`);
  await db.query(
    `insert into time_entries (tenant_id, id, user_id, team_id, participant_id, time_code_id, date, start_time, end_date,
                               end_time, duration_minutes, description, status, support_item_number, support_item_name,
                               band, unit_price_cents, price_limit_cents, billable_minutes, amount_cents, submitted_at,
                               approved_at, approved_by, created_at, updated_at)
     select $1, gen_random_uuid(), s.worker, s.team, s.participant, $2, s.day, make_time(7 + s.slot, 0, 0), s.day,
            make_time(8 + s.slot, 0, 0), 60, 'Personal care visit', 'approved', $3, $4, 'weekday-daytime', $5, $6, 60, $5,
            now(), now(), $7, now(), now()
       from (
         select p.id as participant, t.id as team, w.id as worker, d.day::date as day, sl.slot,
                row_number() over (partition by p.id order by d.day, sl.slot, w.ord) as n
           from unnest($8::uuid[]) with ordinality as p(id, ord)
           join unnest($9::uuid[]) with ordinality as t(id, ord) on t.ord = p.ord
           join unnest($10::uuid[]) with ordinality as w(id, ord) on (w.ord - 1) / $11 + 1 = p.ord
          cross join generate_series($12::date, $13::date, interval '1 day') as d(day)
          cross join generate_series(0, ${slotsPerDay - 1}) as sl(slot)
          where extract(isodow from d.day) < 6
       ) s
      where s.n <= $14`,
    [
      tenant.id,
      tenant.timeCodeId,
      itemNumber,
      itemName,
      priceCents,
      limitCents,
      tenant.owner.id,
      participantIds.slice(0, k),
      teamIds,
      workerIds,
      workersEach,
      from,
      to,
      options.entries,
    ],
  );

  // The past: one invoice a week per participant, over every participant, ending the week before
  // the plans begin; one line each. Numbers 1…N in date order, as the counter gave them.
  const all = k + options.others;
  const weeks = Math.ceil(options.invoices / all);
  note(`invoices: ${options.invoices} past invoices over ${all} participants (${weeks} weeks)`);
  await db.query(
    `insert into invoices (tenant_id, id, number, invoice_number, participant_id, team_id, payer, period_from, period_to,
                           issue_date, due_date, status, subtotal_cents, gst_rate, gst_cents, total_cents, paid_cents,
                           payment_terms, void_reason, line_count, created_by, submitted_by, approved_by, submitted_at,
                           approved_at, sent_at, paid_at, created_at, updated_at)
     select $1, gen_random_uuid(), g.i, $2::text || '-' || lpad(g.i::text, greatest(5, length(g.i::text)), '0'), p.id, t.id,
            case p.ord % 3 when 0 then '{"kind":"ndia","name":"NDIA","email":null}'::jsonb
                           when 1 then '{"kind":"plan-manager","name":"Bench Plan Managers","email":"accounts@planmanager.example"}'::jsonb
                           else jsonb_build_object('kind', 'participant', 'name', 'Bench Participant ' || lpad(p.ord::text, 4, '0'), 'email', null) end,
            g.period_from, g.period_from + 6,
            case when g.status in ('draft', 'pending-approval', 'approved') then null else g.period_from + 7 end,
            case when g.status in ('draft', 'pending-approval', 'approved') then null else g.period_from + 7 + $3::int end,
            g.status, g.amount, 0, 0, g.amount,
            case g.status when 'paid' then g.amount when 'part-paid' then g.amount / 2 else 0 end,
            $3::int, case when g.status = 'void' then 'Replaced' end, 1, $4,
            case when g.status <> 'draft' then $4::uuid end,
            case when g.status not in ('draft', 'pending-approval', 'void') then $5::uuid end,
            case when g.status <> 'draft' then g.at end,
            case when g.status not in ('draft', 'pending-approval', 'void') then g.at end,
            case when g.status in ('sent', 'part-paid', 'paid', 'overdue') then g.at end,
            case when g.status = 'paid' then g.at + interval '14 days' end,
            g.at, g.at
       from (
         select i, (i - 1) % $6::int + 1 as p_ord, $7::date - 7 * ($8::int - (i - 1) / $6::int) as period_from,
                ($7::date - 7 * ($8::int - (i - 1) / $6::int) + 7)::timestamptz as at,
                $9::int * (1 + i % 10) as amount,
                case when i % 50 = 0 then 'void' when i % 50 = 1 then 'draft' when i % 50 = 2 then 'pending-approval'
                     when i % 50 = 3 then 'approved' when i % 50 in (4, 5, 6) then 'sent' when i % 50 = 7 then 'part-paid'
                     when i % 50 = 8 then 'overdue' else 'paid' end as status
           from generate_series(1, $10::int) as i
       ) g
       join unnest($11::uuid[]) with ordinality as p(id, ord) on p.ord = g.p_ord
       left join unnest($12::uuid[]) with ordinality as t(id, ord) on t.ord = p.ord`,
    [
      tenant.id,
      tenant.prefix,
      billing.terms,
      tenant.owner.id,
      tenant.admin.id,
      all,
      planFrom,
      weeks,
      priceCents,
      options.invoices,
      participantIds,
      teamIds,
    ],
  );
  // Sent and part-paid invoices past their due date are overdue, as the server's daily overdue job
  // leaves them: a live database has them so. Left sent, the job found some 32,000 at the server's
  // start and marked (and notified) them during the first round of builds, which it then measured.
  await db.query(
    `update invoices set status = 'overdue' where tenant_id = $1 and status in ('sent', 'part-paid') and due_date < current_date`,
    [tenant.id],
  );
  await db.query(
    `insert into invoice_lines (tenant_id, id, invoice_id, line_number, service_date_from, service_date_to,
                                support_item_number, support_item_name, support_category, description, quantity, minutes,
                                unit, unit_price_cents, gst_code, amount_cents, gst_cents, total_cents, claim_status, paid_cents)
     select tenant_id, gen_random_uuid(), id, 1, period_from, period_to, $2, $3, $4, 'Personal care visits',
            total_cents / $5, 60 * total_cents / $5, 'H', $5, 'P2', total_cents, 0, total_cents,
            case when payer->>'kind' <> 'ndia' or status in ('draft', 'pending-approval', 'approved', 'void') then 'unclaimed'
                 when status = 'paid' then 'paid' else 'claimed' end,
            paid_cents
       from invoices where tenant_id = $1`,
    [tenant.id, itemNumber, itemName, category, priceCents],
  );
  await db.query(
    `insert into invoice_counters (tenant_id, last_invoice_number) values ($1, $2)
       on conflict (tenant_id) do update set last_invoice_number = excluded.last_invoice_number`,
    [tenant.id, options.invoices],
  );
  note('vacuum analyze');
  await db.query('vacuum analyze');
  tenant.participants = participantIds.slice(0, k);
  return { tenant, from, to, seconds: (performance.now() - started) / 1000 };
}

function weekdaysIn(from, to) {
  let n = 0;
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += 86_400_000) {
    const day = new Date(ms).getUTCDay();
    if (day !== 0 && day !== 6) n++;
  }
  return n;
}

/** The list's page and total as list-invoices.ts reads them for an owner, under row-level security. */
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
    const join = `from invoices inner join participants
                    on participants.tenant_id = invoices.tenant_id and participants.id = invoices.participant_id
                 where invoices.tenant_id = $1`;
    const page = await explain(
      `select invoices.*, participants.name, participants.ndis_number ${join} order by invoices.number desc limit 50 offset 0`,
    );
    // The total of a tenant-wide, unfiltered list: the per-status tallies (migration 0022).
    const count = await explain(
      'select status, n, total_cents from invoice_tallies where invoice_tallies.tenant_id = $1',
    );
    await client.query('rollback');
    return { page, count };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Requests.

/** One request as `session`; answers the parsed JSON (or the text), or throws naming the route. */
async function call(baseUrl, session, method, pathName, body, { expect = [200, 201], text = false } = {}) {
  const res = await fetch(`${baseUrl}${pathName}`, {
    method,
    headers: {
      cookie: session.cookie,
      'x-tenant-id': session.tenantId,
      ...(method !== 'GET' ? { 'content-type': 'application/json', 'x-csrf-token': session.csrf } : {}),
    },
    body: method !== 'GET' ? JSON.stringify(body ?? {}) : undefined,
  });
  const answer = await res.text();
  if (!expect.includes(res.status)) {
    throw new Error(`${method} ${pathName} answered ${res.status}: ${answer.slice(0, 400)}`);
  }
  return text ? answer : JSON.parse(answer);
}

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

function summarise(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1),
    mean: sorted.reduce((s, x) => s + x, 0) / sorted.length,
  };
}

/** --rounds rounds of one build per participant, each timed; every round but the last is voided. */
async function timeBuilds(server, owner, { tenant, from, to }, options, cpuNow) {
  const baseUrl = server.baseUrl;
  const samples = [];
  const background = [];
  const cpuPerBuild = [];
  let built = 0;
  let last = [];
  for (let round = 1; round <= options.rounds; round++) {
    const quiet = await waitForQuietMachine({
      quietWait: options.quietWait,
      ownPids: [process.pid, server.pid],
      note,
    });
    if (quiet) background.push(quiet.busyPercent);
    const cpuBefore = cpuNow();
    const invoices = [];
    for (const participantId of tenant.participants) {
      const startedAt = performance.now();
      const answer = await call(baseUrl, owner, 'POST', '/api/invoices', {
        participantId,
        periodFrom: from,
        periodTo: to,
      });
      samples.push(performance.now() - startedAt);
      const invoice = answer.data;
      if (
        invoice.lineItems.length !== options.entries ||
        invoice.hasErrors ||
        invoice.payer.kind !== 'ndia'
      ) {
        const problems = invoice.lineItems.flatMap((l) => l.problems ?? []).slice(0, 3);
        throw new Error(
          `invoice ${invoice.invoiceNumber} has ${invoice.lineItems.length} lines (expected ${options.entries}), ` +
            `hasErrors ${invoice.hasErrors}, payer ${invoice.payer.kind}: ${JSON.stringify(problems)}`,
        );
      }
      invoices.push(invoice);
      built++;
    }
    const cpuAfter = cpuNow();
    cpuPerBuild.push({
      server: (cpuAfter.server - cpuBefore.server) / invoices.length,
      postgres: (cpuAfter.postgres - cpuBefore.postgres) / invoices.length,
    });
    note(`builds round ${round}: p95 ${formatMs(summarise(samples.slice(-invoices.length)).p95)} ms`);
    if (round < options.rounds) {
      for (const invoice of invoices) {
        await call(baseUrl, owner, 'POST', `/api/invoices/${invoice.id}/void`, {
          version: invoice.version,
          reason: 'Benchmark: built again',
        });
      }
    }
    last = invoices;
  }
  return {
    build: {
      ...summarise(samples),
      backgroundBeforePercent: background,
      cpu: {
        serverMs: median(cpuPerBuild.map((c) => c.server)),
        postgresMs: median(cpuPerBuild.map((c) => c.postgres)),
      },
    },
    samples,
    built,
    drafts: last,
  };
}

/** Submits and approves the invoices through the API, then times the claim and its CSV together. */
async function timeExport(server, owner, approver, drafts, options, cpuNow) {
  const baseUrl = server.baseUrl;
  for (const draft of drafts) {
    const submitted = await call(baseUrl, owner, 'POST', `/api/invoices/${draft.id}/submit`, {
      version: draft.version,
    });
    await call(baseUrl, approver, 'POST', `/api/invoices/${draft.id}/approve`, {
      version: submitted.data.version,
    });
  }
  const expectedLines = drafts.length * options.entries;
  const quiet = await waitForQuietMachine({
    quietWait: options.quietWait,
    ownPids: [process.pid, server.pid],
    note,
  });
  const cpuBefore = cpuNow();
  const startedAt = performance.now();
  const batch = await call(baseUrl, owner, 'POST', '/api/claims', { invoiceIds: drafts.map((d) => d.id) });
  const claimedAt = performance.now();
  const csv = await call(
    baseUrl,
    owner,
    'GET',
    `/api/claims/${batch.data.id}/bulk-payment-request.csv`,
    null,
    {
      text: true,
    },
  );
  const endedAt = performance.now();
  const cpuAfter = cpuNow();
  const lines = csv.split('\r\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines.length !== expectedLines + 1 || !lines[0].startsWith('RegistrationNumber,NDISNumber,')) {
    throw new Error(`the bulk payment request has ${lines.length} lines; expected ${expectedLines + 1}`);
  }
  if (batch.data.lineCount !== expectedLines) {
    throw new Error(`the claim batch has ${batch.data.lineCount} lines; expected ${expectedLines}`);
  }
  return {
    invoices: drafts.length,
    lines: expectedLines,
    bytes: Buffer.byteLength(csv),
    backgroundBeforePercent: quiet?.busyPercent ?? null,
    claimMs: claimedAt - startedAt,
    csvMs: endedAt - claimedAt,
    totalMs: endedAt - startedAt,
    cpu: { serverMs: cpuAfter.server - cpuBefore.server, postgresMs: cpuAfter.postgres - cpuBefore.postgres },
  };
}

async function benchOne(kind, options, cleanups) {
  const scratch = await scratchData(kind, {
    prefix: 'wattle-bench-invoices',
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
        `select (select count(*) from invoices where tenant_id = $1)::int as invoices,
                (select count(*) from invoice_lines where tenant_id = $1)::int as lines,
                (select count(*) from time_entries where tenant_id = $1)::int as entries,
                pg_database_size(current_database())::bigint as bytes,
                pg_relation_size('invoices')::bigint as table_bytes`,
        [generated.tenant.id],
      );
      result.data = {
        invoices: counts.invoices,
        lines: counts.lines,
        entries: counts.entries,
        bytes: Number(counts.bytes),
        tableBytes: Number(counts.table_bytes),
        generateSeconds: generated.seconds,
      };
    } finally {
      await direct.close();
    }
    const { tenant } = generated;
    note(
      `${kind}: ${result.data.invoices} invoices, ${result.data.entries} entries, ${(result.data.bytes / 1e6).toFixed(0)} MB, written in ${generated.seconds.toFixed(0)} s`,
    );
    if (postgres) result.postgres = await describePostgres(postgres.url);

    const server = await launchOnData({ options, env, logPath, cleanups, note });
    const owner = { ...(await signIn(server.baseUrl, tenant.owner.email)), tenantId: tenant.id };
    const approver = { ...(await signIn(server.baseUrl, tenant.admin.email)), tenantId: tenant.id };
    // CPU time of the server process and of the database's Postgres backends around each measure:
    // per build or request, a figure a busy machine disturbs far less than latency.
    const backends = postgres ? postgresBackendCpuCounter(postgres.name) : () => 0;
    const cpuNow = () => ({ server: server.cpuMs(), postgres: backends() });

    note(
      `${kind}: building ${options.rounds} × ${options.participants} invoices of ${options.entries} lines`,
    );
    const builds = await timeBuilds(server, owner, generated, options, cpuNow);
    result.build = builds.build;
    result.built = builds.built;

    if (options.claimInvoices > 0) {
      note(
        `${kind}: claiming ${options.claimInvoices} invoices (${options.claimInvoices * options.entries} lines)`,
      );
      // A failed claim is a result (the target missed, with the server's answer); the list is still
      // measured.
      try {
        result.export = await timeExport(
          server,
          owner,
          approver,
          builds.drafts.slice(0, options.claimInvoices),
          options,
          cpuNow,
        );
        note(`${kind}: claim and CSV ${formatMs(result.export.totalMs)} ms`);
      } catch (error) {
        result.export = { lines: options.claimInvoices * options.entries, error: error.message };
        note(`${kind}: the claim failed: ${error.message.slice(0, 300)}`);
      }
    }

    // The plans after the writes above, so the statistics are those the list then runs with.
    if (postgres) result.plan = await explainList({ url: postgres.url, tenant });

    const listPath = '/api/invoices?limit=50';
    const list = await call(server.baseUrl, owner, 'GET', listPath);
    const expectedTotal = options.invoices + builds.built;
    if (list.meta.total !== expectedTotal || list.data.length !== Math.min(50, expectedTotal)) {
      throw new Error(
        `the list counted ${list.meta.total} and gave ${list.data.length}; expected ${expectedTotal}`,
      );
    }
    const marks = [cpuNow()];
    const run = await measureLoad({
      label: `${kind} GET ${listPath}`,
      options,
      server,
      note,
      afterRun: async () => {
        marks.push(cpuNow());
      },
      makeRequests: () => [
        { method: 'GET', path: listPath, headers: { cookie: owner.cookie, 'x-tenant-id': owner.tenantId } },
      ],
    });
    result.list = {
      label: `GET ${listPath} (newest first)`,
      total: list.meta.total,
      bytes: Buffer.byteLength(JSON.stringify(list)),
      run,
      cpu: perRequestCpu(run, marks.slice(-(options.repeat + 1))),
    };
    result.shutdown = await stopCleanly(kind, server);
  } catch (error) {
    throw withServerLog(error, logPath, options);
  }
  return result;
}

const cpuCell = (cpu) => `${formatMs(cpu.serverMs)} + ${formatMs(cpu.postgresMs)}`;

function report(results, options) {
  print();
  print(
    `Wattle invoices benchmark, ${new Date().toISOString()}: ${options.invoices} past invoices in one tenant; ` +
      `${options.participants} participants with ${options.entries} approved entries each in ${options.month}; ` +
      `${options.rounds} rounds of builds; list at ${options.connections} connections, ${options.duration} s per run ` +
      `after ${options.warmup} s warm-up, median of ${options.repeat}; ${describeHost()}`,
  );
  print();
  print(
    renderTable(
      ['db', 'measure', 'samples', 'p50 ms', 'p95 ms', 'max ms', 'CPU ms each (server + Postgres)'],
      results.flatMap((r) => [
        [
          r.db,
          `POST /api/invoices (${options.entries} entries → lines)`,
          r.build.n,
          formatMs(r.build.p50),
          formatMs(r.build.p95),
          formatMs(r.build.max),
          cpuCell(r.build.cpu),
        ],
        ...(r.export && !r.export.error
          ? [
              [
                r.db,
                `POST /api/claims + GET its CSV (${r.export.invoices} invoices, ${r.export.lines} lines, ${(r.export.bytes / 1e6).toFixed(1)} MB)`,
                1,
                '-',
                '-',
                `${formatMs(r.export.totalMs)} (claim ${formatMs(r.export.claimMs)}, CSV ${formatMs(r.export.csvMs)})`,
                cpuCell(r.export.cpu),
              ],
            ]
          : []),
      ]),
    ),
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
      results.map((r) => [
        r.db,
        `${r.list.label}: ${r.list.total} invoices, ${(r.list.bytes / 1024).toFixed(0)} KB`,
        ...runCells(r.list.run),
        cpuCell(r.list.cpu),
      ]),
    ),
  );
  print();
  for (const r of results) {
    print(
      `${r.db}: ${r.data.invoices} invoices (${r.data.lines} lines), ${r.data.entries} time entries in the bench tenant; ` +
        `database ${(r.data.bytes / 1e6).toFixed(0)} MB (invoices ${(r.data.tableBytes / 1e6).toFixed(0)} MB), written in ${r.data.generateSeconds.toFixed(0)} s`,
    );
  }
  for (const r of results.filter((x) => x.plan)) {
    print();
    print(`${r.db} plan of the list's page (as wattle_app, under row-level security):`);
    print(r.plan.page);
    print();
    print(`${r.db} plan of the list's total (the tallies):`);
    print(r.plan.count);
  }
  const verdicts = results
    .filter((r) => r.db === 'postgres')
    .flatMap((r) => [
      {
        target: `postgres POST /api/invoices of ${options.entries} entries p95 < ${targets.buildP95Ms} ms (${formatMs(r.build.p95)} ms)`,
        met: r.build.p95 < targets.buildP95Ms,
      },
      ...(r.export
        ? [
            {
              target: `postgres bulk payment request of ${r.export.lines} lines (claim + CSV) < ${targets.exportMs} ms (${r.export.error ? `failed: ${r.export.error.slice(0, 200)}` : `${formatMs(r.export.totalMs)} ms`})`,
              met: !r.export.error && r.export.totalMs < targets.exportMs,
            },
          ]
        : []),
      {
        target: `postgres GET /api/invoices?limit=50 of ${r.list.total} invoices p95 < ${targets.listP95Ms} ms (${formatMs(r.list.run.latencyMs.p95)} ms)`,
        met: r.list.run.latencyMs.p95 < targets.listP95Ms,
      },
    ]);
  if (verdicts.length) print();
  for (const v of verdicts) print(`${v.met ? 'MET   ' : 'MISSED'}  ${v.target}`);
  return verdicts;
}

async function main() {
  const options = parseOptions();
  const cleanups = createCleanups(note);
  const outDir = path.join(repoRoot, '.tmp', `bench-invoices-${process.pid}`);
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
  console.error(`bench-invoices: ${error.message}`);
  process.exit(1);
});
