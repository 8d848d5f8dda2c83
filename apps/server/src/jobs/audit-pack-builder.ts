import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { auditPacks } from '../db/schema/audit-packs';
import { tenants } from '../db/schema/tenants';
import { maintenanceActor, withTenant, withUser } from '../db/with-tenant';
import { type BuildOutcome, buildAuditPack, claimAuditPack } from '../features/audit-packs/build-audit-pack';
import type { FileStorage } from '../storage/file-storage';

export interface PackTarget {
  tenantId: string;
  id: string;
}

/**
 * Builds audit packs in the background, one at a time per server instance, never in the request that
 * asked for one. A pack asked for here is built at once (`enqueue`); `sweep` finds packs in every
 * tenant that are queued, or were left 'building' by a server that stopped, and builds them: run at
 * start and every few minutes, it is how a pack survives a restart or an instance that died.
 *
 * One pack is never built twice at once, even by several instances: the builder holds the pack's
 * build lock while it works (a Postgres session advisory lock on a connection of its own, released by
 * Postgres itself if the instance dies; on PGlite, which one process owns, a lock in memory), and only
 * then claims the row (`update … where status in ('queued', 'building')`).
 */
export interface AuditPackBuilder {
  enqueue(target: PackTarget): void;
  sweep(): Promise<number>;
  /** Sweeps now, then every `sweepEveryMs`. */
  start(): void;
  /** Resolves once nothing is queued or building here (tests). */
  idle(): Promise<void>;
  /** Stops taking packs and stops the build under way at its next file; that pack is resumed later. */
  stop(): Promise<void>;
}

export interface AuditPackBuilderOptions {
  database: DatabaseHandle;
  storage: FileStorage;
  log?: { error(details: object, message: string): void; info?(details: object, message: string): void };
  /** How often packs left by other instances are looked for; 5 minutes by default. */
  sweepEveryMs?: number;
  /** Where ZIPs are written before storage (the system temp directory by default). */
  workDir?: string;
}

/** The PGlite build locks: one set per database, shared by every builder of this process (PGlite is one process's). */
const pgliteLocks = new WeakMap<object, Set<string>>();

function locksInMemory(database: DatabaseHandle): Set<string> {
  let held = pgliteLocks.get(database.db);
  if (!held) {
    held = new Set();
    pgliteLocks.set(database.db, held);
  }
  return held;
}

export function createAuditPackBuilder(options: AuditPackBuilderOptions): AuditPackBuilder {
  const { database } = options;
  const stopping = new AbortController();
  const queue: PackTarget[] = [];
  const known = new Set<string>();
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const heldInMemory = locksInMemory(database);

  /** Runs `fn` holding the pack's build lock; false (without running it) when someone else holds it. */
  async function withBuildLock(id: string, fn: () => Promise<BuildOutcome>): Promise<BuildOutcome | null> {
    const pool = database.pool;
    if (!pool) {
      if (heldInMemory.has(id)) return null;
      heldInMemory.add(id);
      try {
        return await fn();
      } finally {
        heldInMemory.delete(id);
      }
    }
    const client = await pool.connect();
    const lockKey = `wattle-audit-pack:${id}`;
    let broken: Error | undefined;
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
        [lockKey],
      );
      if (!rows[0]?.locked) return null;
      try {
        return await fn();
      } finally {
        await client
          .query('select pg_advisory_unlock(hashtextextended($1, 0))', [lockKey])
          .catch((error: Error) => {
            // A connection that cannot unlock is closed, which releases the lock.
            broken = error;
          });
      }
    } finally {
      client.release(broken);
    }
  }

  async function buildOne(target: PackTarget): Promise<void> {
    const outcome = await withBuildLock(target.id, async () => {
      if (!(await claimAuditPack(database.db, target))) return 'gone';
      return buildAuditPack(
        {
          db: database.db,
          storage: options.storage,
          signal: stopping.signal,
          workDir: options.workDir,
          log: options.log,
        },
        target,
      );
    });
    options.log?.info?.(
      { tenantId: target.tenantId, packId: target.id, outcome: outcome ?? 'held elsewhere' },
      'audit pack build',
    );
  }

  function pump(): void {
    if (running || stopping.signal.aborted) return;
    running = (async () => {
      while (queue.length > 0 && !stopping.signal.aborted) {
        const target = queue.shift()!;
        try {
          await buildOne(target);
        } catch (error) {
          options.log?.error(
            { err: error, tenantId: target.tenantId, packId: target.id },
            'audit pack build failed',
          );
        } finally {
          known.delete(target.id);
        }
      }
    })().finally(() => {
      running = null;
      // Something was queued while the last build was finishing.
      if (queue.length > 0) pump();
    });
  }

  const builder: AuditPackBuilder = {
    enqueue(target) {
      if (stopping.signal.aborted || known.has(target.id)) return;
      known.add(target.id);
      queue.push(target);
      pump();
    },

    async sweep() {
      const directory = await withUser(database.db, maintenanceActor, (tx) =>
        tx.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id)),
      );
      let found = 0;
      for (const tenant of directory) {
        if (stopping.signal.aborted) break;
        const waiting = await withTenant(database.db, tenant.id, maintenanceActor, (tx) =>
          tx
            .select({ id: auditPacks.id })
            .from(auditPacks)
            .where(
              and(eq(auditPacks.tenantId, tenant.id), inArray(auditPacks.status, ['queued', 'building'])),
            )
            .orderBy(asc(auditPacks.createdAt)),
        );
        for (const pack of waiting) {
          found += 1;
          builder.enqueue({ tenantId: tenant.id, id: pack.id });
        }
      }
      return found;
    },

    start() {
      const sweep = () =>
        builder
          .sweep()
          .catch((error: unknown) => options.log?.error({ err: error }, 'audit pack sweep failed'));
      void sweep();
      timer = setInterval(sweep, options.sweepEveryMs ?? 5 * 60_000);
      timer.unref();
    },

    async idle() {
      while (running) await running;
    },

    async stop() {
      if (timer) clearInterval(timer);
      stopping.abort();
      queue.length = 0;
      await running;
    },
  };
  return builder;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background builder of audit packs (jobs/audit-pack-builder.ts). */
    auditPackBuilder: AuditPackBuilder;
  }
}
