#!/usr/bin/env node
// Cards benchmark: a card list of 50 and a field save, on PGlite and on Postgres, with 100,000 cards
// over 100 tenants in the database. Results: docs/performance.md ("Cards").
//
//   node scripts/bench-cards.mjs [--db pglite|postgres|both] [--cards 100000] [--tenants 100]
//       [--users 20] [--patch-cards 2000] [--duration 10] [--connections 10] [--warmup 3] [--repeat 3]
//       [--quiet-wait 60] [--env KEY=VALUE ...] [--server path/to/main.js] [--json out.json]
//       [--check-targets] [--keep]
//
// It builds nothing: run `npm run build -w apps/server` first (or point --server at a private bundle
// built with SERVER_OUTFILE). For each database it:
//   1. starts the built server once on a fresh PGlite directory or a fresh Postgres database
//      (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres, creates and drops
//      wattle_bench_<pid>_<time>): the server's own migrations and demo seed, then SIGTERM;
//   2. opens that database directly (PGlite in this process; Postgres as the admin role) and adds
//      --tenants tenants, each with one team, one member (Practitioner on the team) and
//      --cards / --tenants cards, written in multi-row inserts. Cards are made from the built-in
//      templates (or none, for tasks) with realistic titles and partly filled field values; their
//      compliance, completed requirements and search text are computed by the server's own code
//      (packages/domain and the cards service's buildSearchText, bundled with esbuild on the fly),
//      each with a 'created' audit entry; the search index is rebuilt after the load;
//   3. starts the server again, signs in as the members of the first --users tenants (demo
//      sign-in), checks one answer of each route, and drives with autocannon, spread over those
//      tenants:
//        - GET /api/cards?teamId=<their team>&limit=50
//        - PATCH /api/cards/<id> { version, fieldValues: { incident-description } }, a fresh text
//          each time, over --patch-cards editable incident reports, each sent with the version the
//          previous save of that card answered (a 409 or any non-2xx fails the run);
//   4. prints p50/p95/p99 and throughput of each, and stops the server with SIGTERM (exit code 0).
//
// Targets on the 2-core machine (issue 4), Postgres: list of 50 p95 < 30 ms, save p95 < 20 ms.
// With --check-targets, exits 2 when one is missed. Exits 1 on any error.
import {
  commonOptions,
  measureLoad,
  parseBenchArgs,
  runCells,
  scratchData,
  stopCleanly,
  wholeNumberReader,
  withServerLog,
  writeJsonResults,
} from './lib/bench.mjs';
import {
  api,
  dataArgs,
  dataOptions,
  describeDataRun,
  fillDatabase,
  launchOnData,
  runOverDatabases,
  sentences,
  signIn,
} from './lib/bench-data.mjs';
import { describePostgres } from './lib/bench-postgres.mjs';
import { renderTable } from './lib/bench-stats.mjs';

const targets = { listP95Ms: 30, saveP95Ms: 20 };

const print = (text = '') => process.stdout.write(`${text}\n`);
const note = (text) => process.stderr.write(`bench-cards: ${text}\n`);

const usage = `usage: node scripts/bench-cards.mjs [--db pglite|postgres|both] [--cards 100000] [--tenants 100]
    [--users 20] [--patch-cards 2000] [--duration 10] [--connections 10] [--warmup 3] [--repeat 3]
    [--quiet-wait 60] [--env KEY=VALUE ...] [--server apps/server/dist/main.js] [--json out.json]
    [--check-targets] [--keep]`;

function parseOptions() {
  const values = parseBenchArgs(usage, { ...dataArgs, 'patch-cards': { type: 'string', default: '2000' } });
  const number = wholeNumberReader(values);
  return {
    ...commonOptions(values, number),
    ...dataOptions(number),
    patchCards: number('patch-cards', 1, 100_000),
  };
}

async function benchOne(kind, options, rules, cleanups) {
  // With --keep (or after a failure) the Postgres database is kept too, to look at the generated data.
  const scratch = await scratchData(kind, {
    prefix: 'wattle-bench-cards',
    options,
    cleanups,
    keepDatabase: true,
  });
  const { env, logPath, postgres } = scratch;
  const result = { db: kind };
  try {
    const { generated } = await fillDatabase(kind, {
      scratch,
      options,
      rules,
      cleanups,
      note,
      inspect: async (direct, generated) => {
        const [counts] = await direct.query(
          `select (select count(*) from cards)::int as cards, (select count(*) from tenants)::int as tenants,
                  (select count(*) from audit_log)::int as audit, pg_database_size(current_database())::bigint as bytes`,
        );
        result.data = { ...counts, bytes: Number(counts.bytes), generateSeconds: generated.seconds };
      },
    });
    note(
      `${kind}: ${result.data.cards} cards in ${result.data.tenants} tenants, ${(result.data.bytes / 1e6).toFixed(0)} MB, written in ${generated.seconds.toFixed(0)} s`,
    );
    if (postgres) result.postgres = await describePostgres(postgres.url);

    const server = await launchOnData({ options, env, logPath, cleanups, note });
    const sampled = generated.tenants.slice(0, options.users);
    const sessions = [];
    for (const tenant of sampled) {
      const session = await signIn(server.baseUrl, tenant.user.email);
      sessions.push({ ...session, tenantId: tenant.id, teamId: tenant.team.id });
    }

    // One checked answer of each route: a wrong answer would make every figure meaningless.
    const listPath = (s) => `/api/cards?teamId=${s.teamId}&limit=50`;
    const first0 = sessions[0];
    const list = await api(server.baseUrl, first0, 'GET', listPath(first0));
    if (
      list.json.data.length !== Math.min(50, sampled[0].cardCount) ||
      list.json.meta.total !== sampled[0].cardCount
    ) {
      throw new Error(
        `GET ${listPath(first0)} gave ${list.json.data.length} cards of ${list.json.meta.total}`,
      );
    }
    result.listBytes = list.bytes;

    const pool = generated.saveCards;
    if (pool.length < options.connections * 2) {
      throw new Error(
        `only ${pool.length} editable incident reports for the save load; raise --cards or --users`,
      );
    }
    const sessionOf = new Map(sessions.map((s) => [s.tenantId, s]));
    const versions = new Map(pool.map((c) => [c.id, c.version]));
    const saved = await api(
      server.baseUrl,
      sessionOf.get(pool[0].tenantId),
      'PATCH',
      `/api/cards/${pool[0].id}`,
      {
        version: pool[0].version,
        fieldValues: {
          'incident-description':
            '<p>Checked before the load: the participant settled after ten minutes.</p>',
        },
      },
    );
    versions.set(pool[0].id, saved.json.data.version);
    result.patchCards = pool.length;

    result.list = await measureLoad({
      label: `${kind} GET /api/cards (50)`,
      options,
      server,
      note,
      makeRequests: () => {
        let next = 0;
        return [
          {
            method: 'GET',
            setupRequest: (req) => {
              const s = sessions[next++ % sessions.length];
              return { ...req, path: listPath(s), headers: { cookie: s.cookie, 'x-tenant-id': s.tenantId } };
            },
          },
        ];
      },
    });

    let edit = 0;
    // Saves autocannon sent (or built) but whose answer it dropped when the time ran out: their
    // cards' versions are read again before the next run, so no save goes out with a stale version.
    const unanswered = new Set();
    const rereadUnanswered = async () => {
      // A dropped save may still be running on the server: let it commit before reading the version.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (const id of unanswered) {
        const card = pool.find((c) => c.id === id);
        const current = await api(server.baseUrl, sessionOf.get(card.tenantId), 'GET', `/api/cards/${id}`);
        versions.set(id, current.json.data.version);
      }
      unanswered.clear();
    };
    result.save = await measureLoad({
      label: `${kind} PATCH /api/cards/:id`,
      options,
      server,
      note,
      afterRun: rereadUnanswered,
      makeRequests: () => {
        let next = 0;
        return [
          {
            method: 'PATCH',
            setupRequest: (req, context) => {
              const card = pool[next++ % pool.length];
              const s = sessionOf.get(card.tenantId);
              context.cardId = card.id;
              unanswered.add(card.id);
              edit++;
              return {
                ...req,
                path: `/api/cards/${card.id}`,
                headers: {
                  cookie: s.cookie,
                  'x-tenant-id': s.tenantId,
                  'x-csrf-token': s.csrf,
                  'content-type': 'application/json',
                },
                body: JSON.stringify({
                  version: versions.get(card.id),
                  fieldValues: {
                    'incident-description': `<p>Update ${edit}: ${sentences[edit % sentences.length]}</p><p>${sentences[(edit + 3) % sentences.length]}</p>`,
                  },
                }),
              };
            },
            onResponse: (status, body, context) => {
              unanswered.delete(context.cardId);
              if (status === 200) versions.set(context.cardId, JSON.parse(body).data.version);
            },
          },
        ];
      },
    });
    result.shutdown = await stopCleanly(kind, server);
  } catch (error) {
    throw withServerLog(error, logPath, options);
  }
  return result;
}

function report(results, options) {
  print();
  print(`Wattle cards benchmark, ${new Date().toISOString()}: ${describeDataRun(options)}`);
  print();
  const rows = results.flatMap((r) =>
    [
      ['GET /api/cards?teamId=…&limit=50', r.list],
      [`PATCH /api/cards/{id} (${r.patchCards} cards)`, r.save],
    ].map(([route, run]) => [r.db, route, ...runCells(run)]),
  );
  print(renderTable(['db', 'route', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'requests'], rows));
  print();
  for (const r of results) {
    print(
      `${r.db}: ${r.data.cards} cards, ${r.data.audit} audit entries, database ${(r.data.bytes / 1e6).toFixed(0)} MB, ` +
        `written in ${r.data.generateSeconds.toFixed(0)} s; a list of 50 is ${(r.listBytes / 1024).toFixed(0)} KB of JSON`,
    );
  }
  const verdicts = results
    .filter((r) => r.db === 'postgres')
    .flatMap((r) => [
      {
        target: `postgres list of 50 p95 < ${targets.listP95Ms} ms`,
        met: r.list.latencyMs.p95 < targets.listP95Ms,
      },
      {
        target: `postgres save p95 < ${targets.saveP95Ms} ms`,
        met: r.save.latencyMs.p95 < targets.saveP95Ms,
      },
    ]);
  if (verdicts.length) print();
  for (const v of verdicts) print(`${v.met ? 'MET   ' : 'MISSED'}  ${v.target}`);
  return verdicts;
}

async function main() {
  const options = parseOptions();
  const results = await runOverDatabases(options, note, (kind, rules, cleanups) =>
    benchOne(kind, options, rules, cleanups),
  );
  const verdicts = report(results, options);
  if (options.json) writeJsonResults(options.json, { options, results, verdicts });
  if (options.checkTargets && verdicts.some((v) => !v.met)) process.exitCode = 2;
}

main().catch((error) => {
  console.error(`bench-cards: ${error.message}`);
  process.exit(1);
});
