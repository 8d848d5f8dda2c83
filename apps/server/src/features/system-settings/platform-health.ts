import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PlatformHealth } from '@wattle/domain/system-settings/schemas';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { migrationsFolder } from '../../db/migrate';
import { jobStates } from '../../jobs/job-runner';

const startedAt = new Date(Date.now() - process.uptime() * 1000);

let migrationTags: string[] | undefined;

/**
 * The migrations this server version carries, from drizzle-kit's journal beside them: read once, as
 * they cannot change while the server runs.
 */
function knownMigrations(): string[] {
  if (migrationTags) return migrationTags;
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[];
  };
  migrationTags = journal.entries.map((entry) => entry.tag);
  return migrationTags;
}

/** Runs `work`, giving up after `ms` (a database that does not answer is reported, not waited on). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The health of this installation as this server sees it: the database (reachable, round-trip time,
 * migrations applied against those it carries), this process (uptime, memory) and its job runners.
 */
export async function readPlatformHealth(handle: DatabaseHandle): Promise<PlatformHealth> {
  const started = performance.now();
  let reachable = true;
  try {
    await within(2000, handle.ping());
  } catch {
    reachable = false;
  }
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const known = knownMigrations();
  let applied = 0;
  if (reachable) {
    // drizzle's own record of what it applied (one row per migration), outside any tenant.
    const result = await within(
      2000,
      handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    ).catch(() => null);
    const rows = (result as unknown as { rows?: { n: number }[] } | null)?.rows ?? [];
    applied = Number(rows[0]?.n ?? 0);
  }
  const memory = process.memoryUsage();
  return {
    checkedAt: new Date().toISOString(),
    database: {
      kind: handle.kind,
      reachable,
      latencyMs,
      migrationsApplied: applied,
      migrationsKnown: known.length,
      lastMigration: applied > 0 ? (known[Math.min(applied, known.length) - 1] ?? null) : null,
    },
    server: {
      startedAt: startedAt.toISOString(),
      uptimeSeconds: Math.floor(process.uptime()),
      nodeVersion: process.version,
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
    },
    jobs: jobStates().map((job) => ({
      name: job.name,
      state: job.state,
      intervalMinutes: job.intervalMinutes,
      lastStartedAt: job.lastStartedAt?.toISOString() ?? null,
      lastFinishedAt: job.lastFinishedAt?.toISOString() ?? null,
      lastError: job.lastError,
    })),
  };
}
