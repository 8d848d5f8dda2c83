import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { createOidc } from './auth/oidc';
import { purgeExpiredSessions } from './auth/sessions';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { rebuildOutdatedSearchText } from './features/cards/rebuild-search-text';
import { scanPendingFiles } from './features/files/virus-scan';
import { runNotificationMail } from './features/notification-settings/notification-mail-job';
import { purgeIdempotencyKeys } from './http/idempotency';
import { collectOnceAfter } from './idle-memory';
import { runDeadlineJobs } from './jobs/deadline-jobs';
import { runFileRetention } from './jobs/file-retention-job';
import { type JobRunner, startJobRunner } from './jobs/job-runner';
import { mailerFor } from './mail/mailer';
import { seedDemoData } from './seed/seed-demo';

/** `--init-database`: create, migrate and seed the database, then exit (used for a new PGlite). */
const initOnly = process.argv.includes('--init-database');

/** Configuration, migrations, demo seed, listen; and a clean stop on SIGTERM or SIGINT. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const open = () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    });
  const isNewPglite = !config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'));
  if (isNewPglite && !initOnly) {
    // Creating a PGlite database grows WebAssembly memory that is never given back, so a short-lived
    // child process creates, migrates and seeds it; this process then opens the finished directory
    // and idles at a fraction of the memory.
    const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1]!, '--init-database'], {
      stdio: 'inherit',
      env: process.env,
    });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
  const database = await open();
  // While the migration lock is held: search text of an older format is rebuilt (before anyone
  // searches), then the demo data is seeded into a new database.
  const afterMigrations = async () => {
    const rebuilt = await rebuildOutdatedSearchText(database.db);
    const seeded = config.seedDemoData && (await seedDemoData(database.db));
    return { rebuilt, seeded };
  };
  const { rebuilt, seeded } = (await runMigrations(database, afterMigrations)) ?? {
    rebuilt: { tenants: 0, changed: 0 },
    seeded: false,
  };
  if (initOnly) {
    await database.close();
    if (seeded) console.warn('Created the database and seeded demo organisations and users.');
    process.exit(0);
  }
  let oidc: Awaited<ReturnType<typeof createOidc>> | undefined;
  try {
    oidc = config.oidc ? await createOidc(config, database.db) : undefined;
  } catch (error) {
    // The issuer was unreachable or refused discovery: say so plainly, without a stack trace.
    console.error((error as Error).message);
    await database.close();
    process.exit(1);
  }
  const app = await buildApp({ config, database, oidc });

  if (seeded) app.log.info('seeded demo organisations and users');
  if (rebuilt.tenants > 0)
    app.log.info(rebuilt, 'rebuilt the search text of organisations of an older format');
  await purgeExpiredSessions(database.db);
  const housekeeping = setInterval(() => {
    purgeExpiredSessions(database.db).catch((err) => app.log.warn({ err }, 'session purge failed'));
    purgeIdempotencyKeys(database.db).catch((err) => app.log.warn({ err }, 'idempotency purge failed'));
  }, 3_600_000);
  housekeeping.unref();

  let jobs: JobRunner | undefined;
  let retentionJob: JobRunner | undefined;
  let mailJob: JobRunner | undefined;
  let pendingScanJob: JobRunner | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping: draining requests');
    clearInterval(housekeeping);
    const force = setTimeout(() => {
      app.log.error('requests did not drain within 10 s; closing anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      // The deadline jobs stop between tenants; a transaction under way finishes first.
      await jobs?.stop();
      await retentionJob?.stop();
      await mailJob?.stop();
      await pendingScanJob?.stop();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: `http://localhost:${config.port}`,
      database: database.kind,
      authMode: config.authMode,
      fileStorage: config.storage.kind === 's3' ? `s3://${config.storage.bucket}` : config.storage.directory,
    },
    'Wattle is ready',
  );

  // Deadline notifications (plans ending, budgets, screening checks): now, then every interval.
  if (!stopping) {
    jobs = startJobRunner({
      name: 'Deadline notifications',
      intervalMinutes: config.jobsIntervalMinutes,
      run: async (signal) => {
        const started = performance.now();
        const result = await runDeadlineJobs(database.db, { signal, log: app.log });
        const ms = Math.round(performance.now() - started);
        app.log.info({ ...result, ms }, 'deadline notification jobs ran');
      },
      onError: (err) => app.log.error({ err }, 'deadline notification jobs failed'),
    });
    // File retention (decision 0029): at start, then daily. What it did is on the rows, so a restart
    // or a second instance deletes nothing twice.
    retentionJob = startJobRunner({
      name: 'File retention',
      intervalMinutes: 24 * 60,
      run: async (signal) => {
        const result = await runFileRetention(database.db, app.storage, { signal, log: app.log });
        app.log.info(result, 'file retention job ran');
      },
      onError: (err) => app.log.error({ err }, 'file retention job failed'),
    });
    // Notification e-mails (settings/notifications): the outbox every minute, daily digests when due.
    const mailer = mailerFor(config);
    const baseUrl = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
    mailJob = startJobRunner({
      name: 'Notification e-mail',
      intervalMinutes: 1,
      run: (signal) => runNotificationMail(database.db, { mailer, baseUrl, signal, log: app.log }),
      onError: (err) => app.log.error({ err }, 'notification mail job failed'),
    });
    // Uploads clamd could not scan when they came (kept 'pending'): scanned again every minute.
    const clamavUrl = config.clamavUrl;
    if (clamavUrl) {
      pendingScanJob = startJobRunner({
        name: 'Virus scan of pending files',
        intervalMinutes: 1,
        run: async (signal) => {
          const result = await scanPendingFiles({
            db: database.db,
            storage: app.storage,
            clamavUrl,
            log: app.log,
            signal,
          });
          if (result.clean + result.infected + result.failed > 0)
            app.log.info(result, 'virus scan of pending files ran');
        },
        onError: (err) => app.log.error({ err }, 'virus scan of pending files failed'),
      });
    }
    // Audit packs queued, or left half-built by a server that stopped: built now, and looked for
    // again every few minutes (another instance may have died). app.close() stops the builder.
    app.auditPackBuilder.start();
    // Once the jobs' first runs are done: give start-up's garbage back (idle-memory.ts).
    collectOnceAfter(2_000);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
