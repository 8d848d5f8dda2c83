import { formatWorkItemId } from '@wattle/domain/cards/work-item-id';
import { and, asc, eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { cards } from '../../db/schema/cards';
import { incidents } from '../../db/schema/incidents';
import { participants } from '../../db/schema/participants';
import { teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import {
  csvChunks,
  type EvidenceSource,
  inScope,
  instantInPeriod,
  localDateTime,
  pagedRows,
} from './evidence-scope';

const awareBy = alias(users, 'aware_by_user');

/** The incident register: every incident that occurred in the period, in scope, with its Commission dates. */
export const incidentRegisterSource: EvidenceSource = {
  name: 'incident register',
  weight: 1,
  async collect(ctx, out) {
    const { scope } = ctx;
    const tz = scope.timeZone;
    const where = and(
      eq(incidents.tenantId, scope.tenantId),
      instantInPeriod(incidents.occurredAt, scope),
      scope.scope === 'participant'
        ? inScope(incidents.participantId, scope.participantIds)
        : inScope(incidents.teamId, scope.teamIds),
    );
    const header = [
      'Incident',
      'Title',
      `Occurred (${tz})`,
      'Participant',
      'Team',
      'Category',
      'Severity',
      'Behaviour',
      'Antecedent',
      'Reportable',
      'Reportable category',
      `Aware at (${tz})`,
      'Aware by',
      `Commission notified (${tz})`,
      'Notification reference',
      `5-day report (${tz})`,
      '5-day report reference',
      'Status',
      `Closed (${tz})`,
    ];
    const pages = pagedRows(ctx, async (tx, after, limit) => {
      const rows = await tx
        .select({
          id: incidents.id,
          prefix: cards.workItemPrefix,
          number: cards.number,
          title: cards.title,
          occurredAt: incidents.occurredAt,
          participant: participants.name,
          team: teams.name,
          category: incidents.category,
          severity: incidents.severity,
          behaviour: incidents.behaviour,
          antecedent: incidents.antecedent,
          reportable: incidents.reportable,
          reportableCategory: incidents.reportableCategory,
          awareAt: incidents.awareAt,
          awareBy: awareBy.name,
          notifiedAt: incidents.notifiedAt,
          notificationReference: incidents.notificationReference,
          fiveDayReportAt: incidents.fiveDayReportAt,
          fiveDayReportReference: incidents.fiveDayReportReference,
          status: incidents.status,
          closedAt: incidents.closedAt,
        })
        .from(incidents)
        .leftJoin(cards, and(eq(cards.tenantId, incidents.tenantId), eq(cards.id, incidents.cardId)))
        .leftJoin(
          participants,
          and(eq(participants.tenantId, incidents.tenantId), eq(participants.id, incidents.participantId)),
        )
        .leftJoin(teams, and(eq(teams.tenantId, incidents.tenantId), eq(teams.id, incidents.teamId)))
        .leftJoin(awareBy, eq(awareBy.id, incidents.awareBy))
        .where(after ? and(where, gt(incidents.id, after)) : where)
        .orderBy(asc(incidents.id))
        .limit(limit);
      return rows;
    });
    async function* rows() {
      for await (const page of pages) {
        yield page.map((r) => [
          r.prefix && r.number !== null ? formatWorkItemId(r.prefix, r.number) : r.id,
          r.title ?? '',
          localDateTime(r.occurredAt, tz),
          r.participant ?? '',
          r.team ?? '',
          r.category,
          r.severity ?? 'not-assessed',
          r.behaviour ?? '',
          r.antecedent ?? '',
          r.reportable ? 'Yes' : 'No',
          r.reportableCategory ?? '',
          localDateTime(r.awareAt, tz),
          r.awareBy ?? '',
          localDateTime(r.notifiedAt, tz),
          r.notificationReference ?? '',
          localDateTime(r.fiveDayReportAt, tz),
          r.fiveDayReportReference ?? '',
          r.status,
          localDateTime(r.closedAt, tz),
        ]);
      }
    }
    await out.add('registers/incident-register.csv', csvChunks(header, rows()));
  },
};
