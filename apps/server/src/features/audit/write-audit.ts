import type { FieldChange } from '@wattle/domain/audit/schemas';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { accountAuditLog } from '../../db/schema/users';
import type { Actor } from '../../db/with-tenant';

/** One entry of the tenant audit log, as a service writes it. */
export interface AuditEntryInput {
  tenantId: string;
  actor: Actor | null;
  entity: string;
  entityId: string;
  action: string;
  changes?: FieldChange[];
  metadata?: Record<string, unknown>;
}

/**
 * Appends to the tenant audit log: who, when, from where, and the field changes. Every write of a
 * tenant record calls this inside the same transaction, so the record and its trail commit together.
 */
export async function writeAudit(tx: Queryable, entry: AuditEntryInput): Promise<void> {
  await writeAuditEntries(tx, [entry]);
}

/**
 * Appends the audit entry of a read (someone viewed a participant, or a list of them). A read
 * changes nothing else, so its transaction commits without waiting for the disk flush
 * (`synchronous_commit = off` for this transaction only): the entry is written and ordered like any
 * other, and only a database crash in the following fraction of a second could lose it. A write's
 * entry, which commits with its change, always waits.
 */
export async function writeReadAudit(tx: Queryable, entry: AuditEntryInput): Promise<void> {
  await tx.execute(sql`select set_config('synchronous_commit', 'off', true)`);
  await writeAudit(tx, entry);
}

/**
 * Rows of one insert: Postgres takes at most 65,535 parameters a statement and an entry about a dozen, so
 * a bulk write of up to this many entries is one statement, and a larger one a few.
 */
export const auditEntriesPerInsert = 1000;

/**
 * Appends many entries at once (a write that changed many records, such as a board column spread
 * out again): one multi-row insert, never a round trip per record.
 */
export async function writeAuditEntries(tx: Queryable, entries: readonly AuditEntryInput[]): Promise<void> {
  for (let start = 0; start < entries.length; start += auditEntriesPerInsert) {
    await tx.insert(auditLog).values(
      entries.slice(start, start + auditEntriesPerInsert).map((entry) => ({
        tenantId: entry.tenantId,
        entity: entry.entity,
        entityId: entry.entityId,
        action: entry.action,
        actorId: entry.actor?.id ?? null,
        actorName: entry.actor?.name ?? null,
        ip: entry.actor?.ip ?? null,
        userAgent: entry.actor?.userAgent ?? null,
        changes: entry.changes ?? [],
        metadata: entry.metadata ?? {},
      })),
    );
  }
}

/** Appends to the account audit log: events of a user that belong to no tenant (sign-in, tokens). */
export async function writeAccountAudit(
  tx: Queryable,
  entry: {
    userId: string;
    action: string;
    ip: string | null;
    userAgent: string | null;
    changes?: FieldChange[];
    metadata?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(accountAuditLog).values({
    userId: entry.userId,
    action: entry.action,
    ip: entry.ip,
    userAgent: entry.userAgent,
    changes: entry.changes ?? [],
    metadata: entry.metadata ?? {},
  });
}
