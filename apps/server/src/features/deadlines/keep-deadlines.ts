import {
  type Deadline,
  type DeadlineKind,
  type DeadlineSubjectType,
  deadlineStatus,
} from '@wattle/domain/deadlines/schemas';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { deadlines } from '../../db/schema/deadlines';
import { publishChange } from '../events/change-feed';

/**
 * The one way services write and read the Commission deadlines of their records (issue 16 item 2).
 * The service that owns a subject (engagement, plan, incident, month's report) calls keepDeadline in
 * the transaction that changes the dates the deadline runs from, with the due instant worked out by
 * the pure rules (@wattle/domain/deadlines/commission-deadlines); readers never compute one. The
 * owning service audits its own write; a deadline is derived from it, so it is not audited again.
 */

export interface KeptDeadline {
  kind: DeadlineKind;
  subjectType: DeadlineSubjectType;
  subjectId: string;
  participantId: string | null;
  teamId: string | null;
  dueAt: Date;
  /** When the thing was done (plan approved, Commission notified, report submitted); null while open. */
  metAt: Date | null;
}

type DeadlineRow = typeof deadlines.$inferSelect;

/** A stored deadline as the API answers it, with its status at `now`. */
export function toDeadline(row: DeadlineRow, now: Date = new Date()): Deadline {
  return {
    id: row.id,
    kind: row.kind,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    participantId: row.participantId,
    teamId: row.teamId,
    dueAt: row.dueAt.toISOString(),
    metAt: row.metAt?.toISOString() ?? null,
    status: deadlineStatus(row, now),
  };
}

/**
 * Inserts or updates the one deadline of `kind` for `subjectId` in the tenant, and announces it on
 * the change feed (entity 'deadline') so open lists and badges refresh. Answers the deadline.
 */
export async function keepDeadline(tx: Tx, tenantId: string, deadline: KeptDeadline): Promise<Deadline> {
  const values = {
    subjectType: deadline.subjectType,
    participantId: deadline.participantId,
    teamId: deadline.teamId,
    dueAt: deadline.dueAt,
    metAt: deadline.metAt,
  };
  const [row] = await tx
    .insert(deadlines)
    .values({ tenantId, kind: deadline.kind, subjectId: deadline.subjectId, ...values })
    .onConflictDoUpdate({
      target: [deadlines.tenantId, deadlines.kind, deadlines.subjectId],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('keepDeadline: the upsert answered no row');
  await publishChange(tx, {
    tenantId,
    userId: null,
    event: { type: 'updated', entity: 'deadline', id: row.id, version: null },
  });
  return toDeadline(row);
}

/**
 * Removes a subject's deadlines (all of them, or only `kinds`): e.g. an incident found not reportable,
 * or an engagement whose plan kind no longer applies. Answers how many were removed.
 */
export async function dropDeadlines(
  tx: Tx,
  tenantId: string,
  subjectId: string,
  kinds?: readonly DeadlineKind[],
): Promise<number> {
  if (kinds && kinds.length === 0) return 0;
  const removed = await tx
    .delete(deadlines)
    .where(
      and(
        eq(deadlines.tenantId, tenantId),
        eq(deadlines.subjectId, subjectId),
        kinds ? inArray(deadlines.kind, [...kinds]) : undefined,
      ),
    )
    .returning({ id: deadlines.id });
  if (removed.length > 0) {
    await publishChange(tx, {
      tenantId,
      userId: null,
      event: {
        type: 'deleted',
        entity: 'deadline',
        id: removed.length === 1 ? removed[0]!.id : '*',
        version: null,
      },
    });
  }
  return removed.length;
}

/**
 * The deadlines of the given subjects, soonest first, for reads that show their records' deadlines
 * (an incident's `deadlines`, a plan's next deadline). The caller has already decided the reader may
 * see the subjects.
 */
export async function deadlinesOf(
  tx: Tx,
  tenantId: string,
  subjectIds: readonly string[],
  now: Date = new Date(),
): Promise<Deadline[]> {
  if (subjectIds.length === 0) return [];
  const rows = await tx
    .select()
    .from(deadlines)
    .where(and(eq(deadlines.tenantId, tenantId), inArray(deadlines.subjectId, [...new Set(subjectIds)])))
    .orderBy(asc(deadlines.dueAt), asc(deadlines.kind));
  return rows.map((row) => toDeadline(row, now));
}
