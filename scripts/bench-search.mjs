#!/usr/bin/env node
// Search benchmark: GET /api/search with 1-, 2- and 3-word queries, on PGlite and on Postgres, with
// 100,000 cards over 100 tenants in the database (or one big tenant). Results: docs/performance.md
// ("Search").
//
//   node scripts/bench-search.mjs [--db pglite|postgres|both] [--cards 100000] [--tenants 100]
//       [--big-tenant N] [--users 20] [--duration 10] [--connections 10] [--warmup 3] [--repeat 3]
//       [--quiet-wait 60] [--env KEY=VALUE ...] [--server path/to/main.js] [--json out.json] [--keep]
//       [--database postgres://…/wattle_bench_…]
//
// It builds nothing: run `npm run build -w apps/server` first (or point --server at a private bundle,
// built with SERVER_OUTFILE, or at a build of older code to compare on the same data: a server from
// before migration 0010 is searched by its own LIKE query). The data is bench-cards.mjs's (scripts/lib/bench-data.mjs): for each database
//   1. the built server migrates and seeds a fresh PGlite directory or Postgres database, then stops;
//   2. the generator adds --tenants tenants of one team and one member each and --cards
//      cards (realistic titles, descriptions and partly filled forms; search text by the server's own
//      buildSearchText; the trigram index rebuilt after the load). With --big-tenant N the first
//      tenant has N cards of its own (the other tenants share --cards) and every search is made in
//      it, as its member: the figure for a large provider;
//   3. the query words are drawn from that vocabulary: each word's number of matching cards in the
//      first tenant is counted, and queries are made of the most common words (a page of 20 found
//      at once among thousands) and the rarest ones that still match (few cards: the index decides),
//      1, 2 and 3 words each;
//   4. the plans of a rare and a common word are taken as a request runs them: as wattle_app, with
//      the first tenant and its member's teams, under row-level security (EXPLAIN ANALYZE of the
//      request's query, and of the query inside wattle_search_card_ids through
//      wattle_explain_search_card_ids), to show whether cards_search_idx is used, and for comparison
//      the plan of the same search as one LIKE query of the request's own (before migration 0010);
//   With --database (Postgres only) steps 1 and 2 are skipped: the searches run against a database an
//   earlier run kept (--keep), with the same --big-tenant, --cards and --tenants; the server migrates
//   it first, so a build with a new migration is measured on the same cards without writing them again
//   (a million take 15–40 minutes).
//   5. the server starts again, the members of the first --users tenants sign in, one answer per
//      query kind is checked against the database's own count, and autocannon drives each kind,
//      spread over those tenants and queries.
// Prints p50/p95/p99 and throughput per kind. Exits 1 on any error.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  familyNames,
  fillDatabase,
  givenNames,
  incidentTitles,
  launchOnData,
  openDirect,
  runOverDatabases,
  sentences,
  signIn,
  taskTitles,
} from './lib/bench-data.mjs';
import { describePostgres } from './lib/bench-postgres.mjs';
import { renderTable } from './lib/bench-stats.mjs';

const print = (text = '') => process.stdout.write(`${text}\n`);
const note = (text) => process.stderr.write(`bench-search: ${text}\n`);

const usage = `usage: node scripts/bench-search.mjs [--db pglite|postgres|both] [--cards 100000] [--tenants 100]
    [--big-tenant N] [--js-cards N] [--users 20] [--duration 10] [--connections 10] [--warmup 3] [--repeat 3]
    [--quiet-wait 60] [--env KEY=VALUE ...] [--server apps/server/dist/main.js] [--json out.json] [--keep]
    [--database postgres://…/wattle_bench_… (a database kept by --keep: searched again, not written)]`;

/** The search's page size (the global dialog's). */
const limit = 20;
/** How many common and how many rare words the queries are built from. */
const wordsPerKind = 6;

function parseOptions() {
  const values = parseBenchArgs(usage, {
    ...dataArgs,
    'big-tenant': { type: 'string', default: '0' },
    'js-cards': { type: 'string', default: '0' },
    database: { type: 'string' },
  });
  const number = wholeNumberReader(values);
  const bigTenant = number('big-tenant', 0, 5_000_000);
  const jsCards = number('js-cards', 0, 5_000_000);
  const data = dataOptions(number);
  if (bigTenant && data.tenants < 2)
    throw new Error('--big-tenant needs --tenants 2 or more (the others share --cards)');
  const common = commonOptions(values, number);
  if (values.database && (common.dbs.length !== 1 || common.dbs[0] !== 'postgres'))
    throw new Error('--database needs --db postgres');
  return {
    ...common,
    database: values.database,
    ...data,
    // A big tenant is searched alone, by its member.
    users: bigTenant ? 1 : data.users,
    bigTenant,
    jsCards,
    // The generator also picks cards for bench-cards' save load; the search needs none.
    patchCards: 0,
  };
}

/** The words people could type: those of the generated titles, descriptions and names, 3+ letters. */
function vocabulary() {
  const text = [...taskTitles, ...incidentTitles, ...sentences, ...givenNames, ...familyNames].join(' ');
  const words = text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3);
  return [...new Set(words)];
}

/** Above this many cards in the searched tenant, its words are ranked on a sample of this size. */
const sampleAbove = 200_000;
const sampleSize = 20_000;

/** The LIKE pattern the server builds for a word (features/search/search-cards.ts). */
const containsPattern = (word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Cards of `tenantId` whose search text holds every word: what the search must find. */
async function countMatches(db, tenantId, words) {
  const conditions = words.map((_, i) => `search_text like $${i + 2}`).join(' and ');
  const [row] = await db.query(
    `select count(*)::int as n from cards where tenant_id = $1 and deleted_at is null and ${conditions}`,
    [tenantId, ...words.map(containsPattern)],
  );
  return row.n;
}

/**
 * Queries of 1, 2 and 3 words from the most common and the rarest matching words of the first
 * tenant, each with its number of matches there (a rare combination may match nothing: that is a
 * query people make too, and the slowest for the index to rule out).
 */
async function chooseQueries(db, tenantId, cardCount) {
  const counted = [];
  // In a tenant of a million cards each word's count reads much of the tenant: the words are ranked
  // on a sample of about 20,000 of its cards instead (the queries' own matches are still counted
  // over all of them below).
  const sampled = cardCount > sampleAbove;
  if (sampled) {
    const [{ n: tableCards }] = await db.query('select count(*)::int as n from cards');
    const percent = Math.min(100, (100 * sampleSize) / cardCount) * (tableCards / cardCount);
    await db.query(
      `create temp table search_sample as
         select search_text from cards tablesample system (${Math.min(100, percent)}) repeatable (42)
          where tenant_id = $1 and deleted_at is null`,
      [tenantId],
    );
  }
  for (const word of vocabulary()) {
    if (!sampled) {
      counted.push({ word, n: await countMatches(db, tenantId, [word]) });
      continue;
    }
    const [row] = await db.query('select count(*)::int as n from search_sample where search_text like $1', [
      containsPattern(word),
    ]);
    counted.push({ word, n: row.n });
  }
  if (sampled) await db.query('drop table search_sample');
  const matching = counted.filter((c) => c.n > 0).sort((a, b) => b.n - a.n);
  if (matching.length < wordsPerKind * 2) throw new Error('too few matching words; raise --cards');
  const common = matching.slice(0, wordsPerKind).map((c) => c.word);
  const rare = matching.slice(-wordsPerKind).map((c) => c.word);
  const kinds = {
    '1 word': [...common, ...rare].map((w) => [w]),
    '2 words': common.flatMap((w, i) => [
      [w, common[(i + 1) % common.length]],
      [w, rare[i]],
    ]),
    '3 words': common.flatMap((w, i) => [
      [w, common[(i + 1) % common.length], common[(i + 2) % common.length]],
      [w, common[(i + 1) % common.length], rare[i]],
    ]),
  };
  const queries = {};
  for (const [kind, list] of Object.entries(kinds)) {
    queries[kind] = [];
    for (const words of list) queries[kind].push({ words, matches: await countMatches(db, tenantId, words) });
  }
  return { queries, common, rare, counted: matching };
}

const searchPath = (words) =>
  `/api/search?${new URLSearchParams({ q: words.join(' '), limit: String(limit) })}`;

/**
 * The plans of a search of `words` as a request runs it: in one transaction as wattle_app, with the
 * tenant and its member set as the server sets them, the member's readable teams (the generated
 * member holds read:cards on the tenant's one team). First the request's own query, as
 * features/search/search-cards.ts builds it (its rows read under row-level security, its ids from
 * wattle_search_card_ids), then the query inside that function, run as the function runs it.
 */
async function explainSearch(db, tenant, words) {
  const analyze = (rows) => rows.map((r) => Object.values(r)[0]).join('\n');
  await db.query('begin');
  try {
    await db.query(
      `select set_config('role', 'wattle_app', true), set_config('app.tenant_id', $1, true),
              set_config('app.user_id', $2, true), set_config('app.user_email', $3, true),
              set_config('app.platform_role', '', true)`,
      [tenant.id, tenant.user.id, tenant.user.email],
    );
    // A server from before migration 0010 (--server) has no search function: only the LIKE below.
    const [fn] = await db.query(
      `select to_regprocedure('wattle_explain_search_card_ids(text[], uuid[], integer, boolean)') is not null as ok`,
    );
    let request = [];
    let inside = [];
    if (fn.ok) {
      request = await db.query(
        `explain analyze select c.id, c.number, c.work_item_prefix, c.team_id, c.title, left(c.description, 200),
                c.assignee_id, a.name, c.due_date, c.created_at, c.updated_at, t.time_zone
           from cards c join tenants t on t.id = c.tenant_id left join users a on a.id = c.assignee_id
          where c.tenant_id = $1 and c.deleted_at is null
            and c.id = any(array(select wattle_search_card_ids($2::text[], $3::uuid[], $4::int)))
          order by c.updated_at desc, c.id desc limit $4`,
        [tenant.id, words, [tenant.team.id], limit],
      );
      inside = await db.query(
        'select * from wattle_explain_search_card_ids($1::text[], $2::uuid[], $3, true)',
        [words, [tenant.team.id], limit],
      );
    }
    const insidePlan = analyze(inside);
    // For comparison: the same search as one query of the request's own, as before migration 0010.
    const conditions = words.map((_, i) => `c.search_text like $${i + 3}`).join(' and ');
    const direct = await db.query(
      `explain analyze select c.id from cards c
        where c.tenant_id = $1 and c.deleted_at is null and c.team_id = $2 and ${conditions}
        order by c.updated_at desc, c.id desc limit ${limit}`,
      [tenant.id, tenant.team.id, ...words.map(containsPattern)],
    );
    return {
      request: analyze(request),
      inside: insidePlan,
      direct: analyze(direct),
      usesIndex: insidePlan.includes('cards_search_idx'),
    };
  } finally {
    await db.query('rollback');
  }
}

/**
 * What `generate` answered, read back from a database an earlier run kept (--database): the first
 * --users tenants, in the order they were made (the first is the big one), with their member, team
 * and number of cards.
 */
async function readGenerated(db, options) {
  const rows = await db.query(
    `select m.tenant_id as id, u.id as user_id, u.email, tm.team_id,
            (select count(*) from cards c where c.tenant_id = m.tenant_id)::int as card_count
       from users u
       join memberships m on m.user_id = u.id
       join team_members tm on tm.user_id = u.id and tm.tenant_id = m.tenant_id
      where u.email like 'bench.user%@bench.example'
      order by length(u.email), u.email
      limit $1`,
    [options.users],
  );
  if (rows.length === 0) throw new Error('--database: no bench tenants in that database');
  return {
    seconds: null,
    tenants: rows.map((r) => ({
      id: r.id,
      cardCount: r.card_count,
      user: { id: r.user_id, email: r.email },
      team: { id: r.team_id },
    })),
  };
}

/** A kept database (--database), migrated by the server as it starts; never dropped. */
async function keptDatabase(options, cleanups, inspect) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wattle-bench-search-kept-'));
  const logPath = path.join(dataDir, 'server.log');
  cleanups.push(() => {
    if (!options.keep) rmSync(dataDir, { recursive: true, force: true });
  });
  const env = { DATA_DIR: dataDir, ...options.env, DATABASE_URL: options.database };
  note(
    `postgres: migrating the kept database ${new URL(options.database).pathname.slice(1)} through the server`,
  );
  const first = await launchOnData({ options, env, logPath, cleanups, note });
  await stopCleanly('postgres', first);
  const direct = await openDirect('postgres', dataDir, options.database);
  try {
    const generated = await readGenerated(direct, options);
    return {
      scratch: { env, logPath, postgres: { url: options.database } },
      generated,
      chosen: await inspect(direct, generated),
    };
  } finally {
    await direct.close();
  }
}

async function benchOne(kind, options, rules, cleanups) {
  const result = { db: kind };
  const inspect = async (direct, generated) => {
    const [counts] = await direct.query(
      `select (select count(*) from cards)::int as cards, pg_database_size(current_database())::bigint as bytes`,
    );
    result.data = {
      cards: counts.cards,
      bytes: Number(counts.bytes),
      generateSeconds: generated.seconds,
    };
    const chosen = await chooseQueries(direct, generated.tenants[0].id, generated.tenants[0].cardCount);
    result.plans = {
      [`rare word "${chosen.rare[0]}"`]: await explainSearch(direct, generated.tenants[0], [chosen.rare[0]]),
      [`common word "${chosen.common[0]}"`]: await explainSearch(direct, generated.tenants[0], [
        chosen.common[0],
      ]),
    };
    return chosen;
  };
  let scratch;
  let generated;
  let chosen;
  if (options.database) {
    ({ scratch, generated, chosen } = await keptDatabase(options, cleanups, inspect));
  } else {
    scratch = await scratchData(kind, {
      prefix: 'wattle-bench-search',
      options,
      cleanups,
      keepDatabase: true,
    });
    ({ generated, inspected: chosen } = await fillDatabase(kind, {
      scratch,
      options,
      rules,
      cleanups,
      note,
      inspect,
    }));
  }
  const { env, logPath, postgres } = scratch;
  try {
    result.words = { common: chosen.common, rare: chosen.rare };
    note(`${kind}: common words ${chosen.common.join(', ')}; rare words ${chosen.rare.join(', ')}`);
    if (postgres) result.postgres = await describePostgres(postgres.url);

    const server = await launchOnData({ options, env, logPath, cleanups, note });
    const sessions = [];
    for (const tenant of generated.tenants.slice(0, options.users)) {
      const session = await signIn(server.baseUrl, tenant.user.email);
      sessions.push({ ...session, tenantId: tenant.id });
    }

    // One checked answer per kind: the first tenant's cards, as many as the database counts (to 20).
    result.kinds = {};
    for (const [label, queries] of Object.entries(chosen.queries)) {
      const probe = queries[queries.length - 1];
      const answer = await api(server.baseUrl, sessions[0], 'GET', searchPath(probe.words));
      if (answer.json.data.length !== Math.min(limit, probe.matches)) {
        throw new Error(
          `"${probe.words.join(' ')}" found ${answer.json.data.length} cards; the database has ${probe.matches}`,
        );
      }
      const run = await measureLoad({
        label: `${kind} search, ${label}`,
        options,
        server,
        note,
        makeRequests: () => {
          let next = 0;
          return [
            {
              method: 'GET',
              setupRequest: (req) => {
                const i = next++;
                const s = sessions[i % sessions.length];
                const q = queries[Math.floor(i / sessions.length) % queries.length];
                return {
                  ...req,
                  path: searchPath(q.words),
                  headers: { cookie: s.cookie, 'x-tenant-id': s.tenantId },
                };
              },
            },
          ];
        },
      });
      const matches = queries.map((q) => q.matches);
      result.kinds[label] = { ...run, minMatches: Math.min(...matches), maxMatches: Math.max(...matches) };
    }
    result.shutdown = await stopCleanly(kind, server);
  } catch (error) {
    throw withServerLog(error, logPath, options);
  }
  return result;
}

function report(results, options) {
  print();
  print(`Wattle search benchmark, ${new Date().toISOString()}: ${describeDataRun(options)}`);
  print();
  const rows = results.flatMap((r) =>
    Object.entries(r.kinds).map(([label, run]) => [
      r.db,
      `GET /api/search, ${label}`,
      `${run.minMatches}-${run.maxMatches}`,
      ...runCells(run),
    ]),
  );
  print(
    renderTable(
      ['db', 'query', 'matches (tenant 1)', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'requests'],
      rows,
    ),
  );
  print();
  for (const r of results) {
    print(
      `${r.db}: ${r.data.cards} cards, database ${(r.data.bytes / 1e6).toFixed(0)} MB, ${r.data.generateSeconds === null ? 'kept from an earlier run' : `written in ${r.data.generateSeconds.toFixed(0)} s`}; ` +
        `common words ${r.words.common.join(', ')}; rare words ${r.words.rare.join(', ')}`,
    );
    for (const [label, plan] of Object.entries(r.plans ?? {})) {
      if (!plan.request) {
        print(
          `${r.db}: ${label} as wattle_app in tenant 1, one LIKE query (this build has no search function):`,
        );
        print(plan.direct.replace(/^/gm, '    '));
        continue;
      }
      print(
        `${r.db}: ${label} as wattle_app in tenant 1 (${plan.usesIndex ? 'uses' : 'does not use'} cards_search_idx)`,
      );
      print("  the request's query:");
      print(plan.request.replace(/^/gm, '    '));
      print('  inside wattle_search_card_ids:');
      print(plan.inside.replace(/^/gm, '    '));
      print("  the same search as the request's own LIKE (before migration 0010), for comparison:");
      print(plan.direct.replace(/^/gm, '    '));
    }
  }
}

async function main() {
  const options = parseOptions();
  const results = await runOverDatabases(options, note, (kind, rules, cleanups) =>
    benchOne(kind, options, rules, cleanups),
  );
  report(results, options);
  if (options.json) writeJsonResults(options.json, { options, results, verdicts: [] });
}

main().catch((error) => {
  console.error(`bench-search: ${error.message}`);
  process.exit(1);
});
