import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditPackManifest } from '@wattle/domain/audit-packs/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { auditPacks } from '../../db/schema/audit-packs';
import { tenants } from '../../db/schema/tenants';
import { users } from '../../db/schema/users';
import { maintenanceActor, withTenant } from '../../db/with-tenant';
import type { FileStorage } from '../../storage/file-storage';
import { newStorageKey } from '../../storage/file-storage';
import { writeAudit } from '../audit/write-audit';
import { publishAuditPackChange } from './audit-pack-events';
import { type EvidenceScope, scopeMembers } from './evidence-scope';
import { evidenceSources } from './evidence-sources';
import { PackWriter } from './pack-writer';

export interface BuildAuditPackOptions {
  db: Database;
  storage: FileStorage;
  /** Stops the build between files (the server is shutting down); the pack stays 'building' and is resumed. */
  signal: AbortSignal;
  /** Where the ZIP is written before it goes to storage; the system's temp directory by default. */
  workDir?: string;
  log?: { error(details: object, message: string): void };
}

export type BuildOutcome = 'ready' | 'failed' | 'stopped' | 'gone';

/** The message a failed pack shows: the cause stays in the server log, never in front of users. */
export const buildFailedMessage =
  'The pack could not be built. Try again, or ask your administrator to check the server log.';

/** How often progress is saved (and announced) at most. */
const progressEveryMs = 750;

/**
 * Builds one claimed pack: gathers each source of evidence into a ZIP on local disk (streamed, see
 * PackWriter), adds manifest.json with every file's size and SHA-256, stores the ZIP in file storage
 * and marks the pack ready. Progress (0–99 while building) is saved as it goes. Reads run in short
 * transactions inside the tenant, so no connection is held while PDFs are drawn.
 */
export async function buildAuditPack(
  options: BuildAuditPackOptions,
  target: { tenantId: string; id: string },
): Promise<BuildOutcome> {
  const { db, storage, signal } = options;
  const inTenant = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(db, target.tenantId, maintenanceActor, fn);
  const loaded = await inTenant(async (tx) => {
    const [pack] = await tx
      .select({ pack: auditPacks, requestedByName: users.name })
      .from(auditPacks)
      .leftJoin(users, eq(users.id, auditPacks.requestedBy))
      .where(and(eq(auditPacks.tenantId, target.tenantId), eq(auditPacks.id, target.id)));
    if (pack?.pack.status !== 'building') return null;
    const [tenant] = await tx
      .select({ name: tenants.name, timeZone: tenants.timeZone })
      .from(tenants)
      .where(eq(tenants.id, target.tenantId));
    const members = await scopeMembers(tx, target.tenantId, pack.pack.scope, pack.pack.scopeId);
    return { ...pack, tenant: tenant!, members };
  });
  if (!loaded) return 'gone';
  const { pack, requestedByName, tenant, members } = loaded;
  const scope: EvidenceScope = {
    tenantId: target.tenantId,
    tenantName: tenant.name,
    timeZone: tenant.timeZone,
    scope: pack.scope,
    scopeId: pack.scopeId,
    scopeName: pack.scopeName,
    periodFrom: pack.periodFrom,
    periodTo: pack.periodTo,
    ...members,
  };

  let saved = -1;
  let savedAt = 0;
  const saveProgress = async (percent: number, force = false) => {
    const value = Math.max(0, Math.min(99, Math.floor(percent)));
    if (value === saved || (!force && Date.now() - savedAt < progressEveryMs)) return;
    saved = value;
    savedAt = Date.now();
    await inTenant(async (tx) => {
      const [row] = await tx
        .update(auditPacks)
        .set({ progress: value })
        .where(
          and(
            eq(auditPacks.tenantId, target.tenantId),
            eq(auditPacks.id, target.id),
            eq(auditPacks.status, 'building'),
          ),
        )
        .returning({ id: auditPacks.id });
      if (row) await publishAuditPackChange(tx, target.tenantId, 'updated', target.id);
    });
  };

  const file = path.join(options.workDir ?? tmpdir(), `wattle-audit-pack-${target.id}-${randomUUID()}.zip`);
  const writer = new PackWriter(file);
  try {
    await saveProgress(0, true);
    const sources = evidenceSources(requestedByName);
    const totalWeight = sources.reduce((sum, s) => sum + s.weight, 0);
    let doneWeight = 0;
    // Progress writes are started as the sources report and awaited in turn, never in parallel.
    let pendingSave: Promise<void> = Promise.resolve();
    for (const source of sources) {
      if (signal.aborted) throw new BuildStopped();
      const base = doneWeight;
      await source.collect(
        {
          scope,
          read: inTenant,
          signal,
          progress: (done, total) => {
            const share = total > 0 ? Math.min(1, done / total) : 1;
            const percent = ((base + share * source.weight) / totalWeight) * 98;
            pendingSave = pendingSave.then(() => saveProgress(percent));
          },
        },
        writer,
      );
      await pendingSave;
      doneWeight += source.weight;
      await saveProgress((doneWeight / totalWeight) * 98);
    }
    const manifest: AuditPackManifest = {
      pack: {
        id: pack.id,
        organisation: tenant.name,
        scope: pack.scope,
        scopeId: pack.scopeId,
        scopeName: pack.scopeName,
        periodFrom: pack.periodFrom,
        periodTo: pack.periodTo,
        timeZone: tenant.timeZone,
        requestedBy: requestedByName,
      },
      generatedAt: new Date().toISOString(),
      files: [...writer.files],
    };
    await writer.add('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await writer.close();
    if (signal.aborted) throw new BuildStopped();
    const { size } = await stat(file);
    const key = newStorageKey(target.tenantId);
    await storage.putFile(key, file, 'application/zip');
    const finished = await inTenant(async (tx) => {
      const [row] = await tx
        .update(auditPacks)
        .set({
          status: 'ready',
          progress: 100,
          fileCount: writer.files.length,
          byteSize: size,
          storageKey: key,
          error: null,
          finishedAt: new Date(),
        })
        .where(
          and(
            eq(auditPacks.tenantId, target.tenantId),
            eq(auditPacks.id, target.id),
            eq(auditPacks.status, 'building'),
          ),
        )
        .returning({ id: auditPacks.id });
      if (!row) return false;
      await writeAudit(tx, {
        tenantId: target.tenantId,
        actor: null,
        entity: 'audit-pack',
        entityId: target.id,
        action: 'built',
        changes: [{ field: 'status', oldValue: 'building', newValue: 'ready' }],
        metadata: { files: writer.files.length, bytes: size },
      });
      await publishAuditPackChange(tx, target.tenantId, 'updated', target.id);
      return true;
    });
    // Someone else finished or removed it meanwhile: the stored copy is not needed.
    if (!finished) await storage.delete(key);
    return finished ? 'ready' : 'gone';
  } catch (error) {
    writer.abort();
    if (error instanceof BuildStopped || signal.aborted) return 'stopped';
    options.log?.error(
      { err: error, tenantId: target.tenantId, packId: target.id },
      'audit pack build failed',
    );
    await inTenant(async (tx) => {
      const [row] = await tx
        .update(auditPacks)
        .set({ status: 'failed', error: buildFailedMessage, finishedAt: new Date() })
        .where(
          and(
            eq(auditPacks.tenantId, target.tenantId),
            eq(auditPacks.id, target.id),
            eq(auditPacks.status, 'building'),
          ),
        )
        .returning({ id: auditPacks.id });
      if (!row) return;
      await writeAudit(tx, {
        tenantId: target.tenantId,
        actor: null,
        entity: 'audit-pack',
        entityId: target.id,
        action: 'failed',
        changes: [{ field: 'status', oldValue: 'building', newValue: 'failed' }],
      });
      await publishAuditPackChange(tx, target.tenantId, 'updated', target.id);
    });
    return 'failed';
  } finally {
    await rm(file, { force: true });
  }
}

class BuildStopped extends Error {
  constructor() {
    super('The audit pack build was stopped');
  }
}

/**
 * Takes a pack for building: a queued one, or one left 'building' by a stopped server (the caller
 * holds the pack's build lock, so nobody else is building it). Answers false when there is nothing
 * to take (it is ready, failed or gone).
 */
export async function claimAuditPack(
  db: Database,
  target: { tenantId: string; id: string },
): Promise<boolean> {
  return withTenant(db, target.tenantId, maintenanceActor, async (tx) => {
    const [row] = await tx
      .update(auditPacks)
      .set({ status: 'building', startedAt: new Date(), progress: 0 })
      .where(
        and(
          eq(auditPacks.tenantId, target.tenantId),
          eq(auditPacks.id, target.id),
          inArray(auditPacks.status, ['queued', 'building']),
        ),
      )
      .returning({ id: auditPacks.id });
    if (row) await publishAuditPackChange(tx, target.tenantId, 'updated', target.id);
    return !!row;
  });
}
