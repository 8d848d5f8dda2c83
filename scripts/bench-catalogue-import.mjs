#!/usr/bin/env node
// NDIS Support Catalogue import benchmark (issue 14): how long POST /api/support-catalogue/imports
// takes for a catalogue of --items support items (default 1,000, about the size of the NDIA's
// file), as CSV and as XLSX, on PGlite and on Postgres. Results: docs/performance.md ("Time").
//
//   node scripts/bench-catalogue-import.mjs [--db pglite|postgres|both] [--items 1000] [--repeat 5]
//       [--env KEY=VALUE ...] [--server path/to/main.js] [--json out.json] [--check-targets] [--keep]
//
// For each database it:
//   1. builds the server into a private bundle (.tmp/bench-catalogue-<pid>/server/main.js; --server
//      names a built one instead) and starts it on a fresh PGlite directory or a fresh Postgres
//      database (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres), which it
//      migrates and seeds with the demo data (Sunrise holds the sample 2025-26 catalogue);
//   2. writes a catalogue of --items items in the NDIA's layout (the shipped sample's headings, the
//      items' start date 1 July 2030 so it is a year of its own) as CSV, and the same rows as an
//      XLSX workbook with numbers and dates as the NDIA's file has them;
//   3. signs in as Sunrise's owner and imports each file --repeat times, one after another: the
//      first import of a format creates the 2030-31 year, the others replace it (delete and write
//      again, the heavier path). Each answer must be 201 with every item counted;
//   4. prints the time of each import (the whole request: upload, reading, checks, the transaction)
//      as min, median and max per format, and stops the server with SIGTERM (exit code 0).
//
// Target (issue 14): a 1,000-item catalogue imports in under 5 s. With --check-targets, exits 2
// when any import took longer. Exits 1 on any error.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import {
  commonOptions,
  createCleanups,
  describeHost,
  launchServer,
  parseBenchArgs,
  scratchData,
  stopCleanly,
  wholeNumberReader,
  withServerLog,
  writeJsonResults,
} from './lib/bench.mjs';
import { signIn } from './lib/bench-data.mjs';
import { formatMs, renderTable } from './lib/bench-stats.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sampleCsv = path.join(
  repoRoot,
  'apps/server/src/seed/catalogue/SAMPLE-ndis-support-catalogue-2025-26.csv',
);
const targetMs = 5000;
const ownerEmail = 'olivia.owner@sunrise.example';

const print = (text = '') => process.stdout.write(`${text}\n`);
const note = (text) => process.stderr.write(`bench-catalogue-import: ${text}\n`);

const usage = `usage: node scripts/bench-catalogue-import.mjs [--db pglite|postgres|both] [--items 1000] [--repeat 5]
    [--env KEY=VALUE ...] [--server apps/server/dist/main.js] [--json out.json] [--check-targets] [--keep]`;

function parseOptions() {
  const values = parseBenchArgs(usage, { items: { type: 'string', default: '1000' } });
  // One import is the measurement: five by default, not the load benchmarks' three.
  if (!process.argv.includes('--repeat')) values.repeat = '5';
  const number = wholeNumberReader(values);
  const options = { ...commonOptions(values, number), items: number('items', 1, 100_000) };
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
// The catalogue: the sample's headings and rows, repeated under new numbers to --items items.

function catalogueRows(items) {
  const [headings, ...sample] = parseCsv(readFileSync(sampleCsv), { bom: true });
  const column = (name) => {
    const index = headings.indexOf(name);
    if (index < 0) throw new Error(`the sample has no "${name}" column`);
    return index;
  };
  const [number, name, group, start] = [
    'Support Item Number',
    'Support Item Name',
    'Registration Group Number',
    'Start date',
  ].map(column);
  // Hourly core and capacity items, as most of the NDIA's file is.
  const templates = sample.filter((row) => /^(0[1-4]|0[7-9]|1[0-5])_\d{3}_/.test(row[number]));
  const rows = [headings];
  for (let i = 0; i < items; i++) {
    const row = [...templates[i % templates.length]];
    const category = row[number].slice(0, 2);
    const registrationGroup = String(1000 + Math.floor(i / 900)).padStart(4, '0');
    row[number] = `${category}_${String(100 + (i % 900)).padStart(3, '0')}_${registrationGroup}_1_1`;
    row[name] = `${row[name]} (bench ${i + 1})`;
    row[group] = registrationGroup;
    row[start] = '20300701';
    rows.push(row);
  }
  return rows;
}

function toCsv(rows) {
  const quote = (cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return Buffer.from(`${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`);
}

/** The rows as the NDIA's workbook holds them: prices as numbers, dates as yyyymmdd numbers. */
async function toXlsx(rows) {
  const [headings] = rows;
  const numeric = new Set(
    ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA', 'Remote', 'Very Remote'].map((h) =>
      headings.indexOf(h),
    ),
  );
  const dates = new Set(['Start date', 'End Date'].map((h) => headings.indexOf(h)));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Current Support Items');
  sheet.addRow(headings);
  for (const row of rows.slice(1)) {
    sheet.addRow(
      row.map((cell, i) => {
        if (numeric.has(i)) return cell === '' ? null : Number(cell.replace(/[$,]/g, ''));
        if (dates.has(i)) return Number(cell);
        return cell;
      }),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---------------------------------------------------------------------------------------------
// Importing.

async function tenantIdOf(baseUrl, session, name) {
  const res = await fetch(`${baseUrl}/api/tenants`, { headers: { cookie: session.cookie } });
  const tenant = (await res.json()).data.find((t) => t.name === name);
  if (!tenant) throw new Error(`no tenant named ${name}`);
  return tenant.id;
}

async function importOnce(baseUrl, session, file) {
  const form = new FormData();
  form.append('file', new Blob([file.bytes]), file.name);
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/support-catalogue/imports`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'x-tenant-id': session.tenantId },
    body: form,
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 201)
    throw new Error(`importing ${file.name} answered ${res.status}: ${text.slice(0, 300)}`);
  return { ms, result: JSON.parse(text).data };
}

async function benchOne(kind, options, cleanups, files) {
  const scratch = await scratchData(kind, { prefix: 'wattle-bench-catalogue', options, cleanups });
  const env = { ...scratch.env, AUTH_MODE: 'demo', SEED_DEMO_DATA: 'true', LOG_LEVEL: 'warn' };
  try {
    const { server, startupSeconds } = await launchServer({
      entry: options.serverEntry,
      env,
      logPath: scratch.logPath,
      cleanups,
      note,
      healthyTimeoutMs: 180_000,
    });
    note(`${kind}: server up in ${startupSeconds.toFixed(1)} s`);
    const session = await signIn(server.baseUrl, ownerEmail);
    session.tenantId = await tenantIdOf(server.baseUrl, session, 'Sunrise Support Network');
    const formats = [];
    for (const file of files) {
      const times = [];
      for (let i = 0; i < options.repeat; i++) {
        const { ms, result } = await importOnce(server.baseUrl, session, file);
        if (result.catalogue.itemCount !== options.items || result.catalogue.yearLabel !== '2030-31') {
          throw new Error(
            `${file.name}: imported ${result.catalogue.itemCount} items of ${result.catalogue.yearLabel}`,
          );
        }
        note(
          `${kind} ${file.format} import ${i + 1}: ${formatMs(ms)} ms${result.replacedEarlierImport ? ' (replaced)' : ''}`,
        );
        times.push(ms);
      }
      const sorted = [...times].sort((a, b) => a - b);
      formats.push({
        format: file.format,
        bytes: file.bytes.length,
        times,
        minMs: sorted[0],
        medianMs: sorted[Math.floor((sorted.length - 1) / 2)],
        maxMs: sorted[sorted.length - 1],
      });
    }
    const exit = await stopCleanly(kind, server);
    return { kind, startupSeconds, formats, exit };
  } catch (error) {
    throw withServerLog(error, scratch.logPath, options);
  }
}

function report(results, options) {
  print(`Catalogue import, ${options.items} items, ${options.repeat} imports per format; ${describeHost()}`);
  print();
  const rows = [];
  const verdicts = [];
  for (const result of results) {
    for (const f of result.formats) {
      rows.push([
        result.kind,
        f.format,
        `${(f.bytes / 1024).toFixed(0)} KB`,
        formatMs(f.minMs),
        formatMs(f.medianMs),
        formatMs(f.maxMs),
      ]);
      verdicts.push({
        target: `${result.kind} ${f.format} import under ${targetMs} ms`,
        met: f.maxMs < targetMs,
        maxMs: f.maxMs,
      });
    }
  }
  print(renderTable(['database', 'file', 'size', 'min ms', 'median ms', 'max ms'], rows));
  print();
  for (const v of verdicts)
    print(`${v.met ? 'met' : 'MISSED'}: ${v.target} (slowest ${formatMs(v.maxMs)} ms)`);
  return verdicts;
}

async function main() {
  const options = parseOptions();
  const cleanups = createCleanups(note);
  const outDir = path.join(repoRoot, '.tmp', `bench-catalogue-${process.pid}`);
  mkdirSync(outDir, { recursive: true });
  cleanups.push(() => rmSync(outDir, { recursive: true, force: true }));
  const results = [];
  try {
    if (options.buildServer) options.serverEntry = buildServer(outDir);
    if (!existsSync(options.serverEntry)) throw new Error(`${options.serverEntry} does not exist`);
    const rows = catalogueRows(options.items);
    const files = [
      { format: 'CSV', name: 'bench-catalogue.csv', bytes: toCsv(rows) },
      { format: 'XLSX', name: 'bench-catalogue.xlsx', bytes: await toXlsx(rows) },
    ];
    for (const kind of options.dbs) results.push(await benchOne(kind, options, cleanups, files));
  } finally {
    await cleanups.run();
  }
  const verdicts = report(results, options);
  if (options.json) writeJsonResults(options.json, { options, results, verdicts });
  if (options.checkTargets && verdicts.some((v) => !v.met)) process.exitCode = 2;
}

main().catch((error) => {
  console.error(`bench-catalogue-import: ${error.message}`);
  process.exit(1);
});
