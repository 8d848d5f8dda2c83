import type { FieldChange } from '@wattle/domain/audit/schemas';
import { and, asc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { behaviourSupportPlans } from '../../db/schema/behaviour-support';
import { cards } from '../../db/schema/cards';
import { incidents } from '../../db/schema/incidents';
import {
  restrictivePracticeAuthorisations,
  restrictivePracticeReports,
  restrictivePracticeUses,
} from '../../db/schema/restrictive-practices';
import {
  csvChunks,
  type EvidenceScope,
  type EvidenceSource,
  instantInPeriod,
  localDateTime,
  pagedRows,
} from './evidence-scope';

/**
 * Which audit entries a team or participant scope takes: those about the scope's team and
 * participants and the records that belong to them (cards, incidents, plans, restrictive practices).
 * The whole organisation takes every entry.
 */
function scopedEntities(tx: Tx, scope: EvidenceScope): SQL | undefined {
  if (scope.teamIds === null || scope.participantIds === null) return undefined;
  const tenant = scope.tenantId;
  const teamIds = scope.teamIds;
  const participantIds = scope.participantIds;
  const some = (ids: string[]) => (ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']);
  const ofParticipants = (table: {
    tenantId: PgColumn;
    id: PgColumn;
    participantId: PgColumn;
    _: { name: string };
  }) =>
    tx
      .select({ id: sql<string>`${table.id}::text` })
      .from(table as unknown as PgTable)
      .where(and(eq(table.tenantId, tenant), inArray(table.participantId, some(participantIds))));
  const cardWhere =
    scope.scope === 'participant'
      ? or(inArray(cards.teamId, some(teamIds)), inArray(cards.participantId, some(participantIds)))
      : inArray(cards.teamId, some(teamIds));
  return or(
    inArray(auditLog.entityId, [...teamIds, ...participantIds]),
    inArray(
      auditLog.entityId,
      tx
        .select({ id: sql<string>`${cards.id}::text` })
        .from(cards)
        .where(and(eq(cards.tenantId, tenant), cardWhere)),
    ),
    inArray(auditLog.entityId, ofParticipants(incidents)),
    inArray(auditLog.entityId, ofParticipants(behaviourSupportPlans)),
    inArray(auditLog.entityId, ofParticipants(restrictivePracticeAuthorisations)),
    inArray(auditLog.entityId, ofParticipants(restrictivePracticeUses)),
    inArray(auditLog.entityId, ofParticipants(restrictivePracticeReports)),
  );
}

function describeChanges(changes: readonly FieldChange[]): string {
  const show = (value: unknown) =>
    value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return changes.map((c) => `${c.field}: ${show(c.oldValue)} → ${show(c.newValue)}`).join('; ');
}

/** The tenant audit log of the period (and scope) as CSV: who did what to which record, when and from where. */
export const auditLogSource: EvidenceSource = {
  name: 'audit log',
  weight: 2,
  async collect(ctx, out) {
    const { scope } = ctx;
    const tz = scope.timeZone;
    const pages = pagedRows(
      ctx,
      (tx, after, limit) => {
        const where = and(
          eq(auditLog.tenantId, scope.tenantId),
          instantInPeriod(auditLog.at, scope),
          scopedEntities(tx, scope),
        );
        return tx
          .select({
            id: auditLog.id,
            at: auditLog.at,
            actorName: auditLog.actorName,
            entity: auditLog.entity,
            entityId: auditLog.entityId,
            action: auditLog.action,
            changes: auditLog.changes,
            metadata: auditLog.metadata,
            ip: auditLog.ip,
            userAgent: auditLog.userAgent,
          })
          .from(auditLog)
          .where(after ? and(where, gt(auditLog.id, after)) : where)
          .orderBy(asc(auditLog.id))
          .limit(limit);
      },
      1000,
    );
    await out.add(
      'audit-log.csv',
      csvChunks(
        [
          `At (${tz})`,
          'Who',
          'Record',
          'Record id',
          'Action',
          'Changes',
          'Details',
          'IP address',
          'User agent',
        ],
        (async function* () {
          for await (const page of pages)
            yield page.map((r) => [
              localDateTime(r.at, tz),
              r.actorName ?? 'Wattle',
              r.entity,
              r.entityId,
              r.action,
              describeChanges(r.changes),
              Object.keys(r.metadata ?? {}).length ? JSON.stringify(r.metadata) : '',
              r.ip ?? '',
              r.userAgent ?? '',
            ]);
        })(),
      ),
    );
    ctx.progress(1, 1);
  },
};
