import { and, asc, eq, gt } from 'drizzle-orm';
import { behaviourSupportPlans as plans } from '../../db/schema/behaviour-support';
import { participants } from '../../db/schema/participants';
import { teams } from '../../db/schema/teams';
import {
  csvChunks,
  type EvidenceSource,
  inScope,
  instantBeforePeriodEnd,
  localDateTime,
  pagedRows,
} from './evidence-scope';

/** The register of behaviour support plans that existed by the period's end: kind, status, versions, review dates. */
export const planRegisterSource: EvidenceSource = {
  name: 'behaviour support plan register',
  weight: 1,
  async collect(ctx, out) {
    const { scope } = ctx;
    const tz = scope.timeZone;
    const where = and(
      eq(plans.tenantId, scope.tenantId),
      inScope(plans.participantId, scope.participantIds),
      instantBeforePeriodEnd(plans.createdAt, scope),
    );
    const pages = pagedRows(ctx, (tx, after, limit) =>
      tx
        .select({
          id: plans.id,
          participant: participants.name,
          team: teams.name,
          kind: plans.kind,
          title: plans.title,
          status: plans.status,
          currentVersion: plans.currentVersion,
          approvedVersion: plans.approvedVersion,
          approvedAt: plans.approvedAt,
          reviewDueOn: plans.reviewDueOn,
          needsChangedOn: plans.needsChangedOn,
          sharedWithFamily: plans.sharedWithFamily,
        })
        .from(plans)
        .leftJoin(
          participants,
          and(eq(participants.tenantId, plans.tenantId), eq(participants.id, plans.participantId)),
        )
        .leftJoin(teams, and(eq(teams.tenantId, plans.tenantId), eq(teams.id, plans.teamId)))
        .where(after ? and(where, gt(plans.id, after)) : where)
        .orderBy(asc(plans.id))
        .limit(limit),
    );
    await out.add(
      'registers/behaviour-support-plans.csv',
      csvChunks(
        [
          'Participant',
          'Team',
          'Kind',
          'Title',
          'Status',
          'Current version',
          'Approved version',
          `Approved (${tz})`,
          'Review due',
          'Needs changed on',
          'Shared with family',
        ],
        (async function* () {
          for await (const page of pages)
            yield page.map((r) => [
              r.participant ?? '',
              r.team ?? '',
              r.kind,
              r.title,
              r.status,
              String(r.currentVersion),
              r.approvedVersion === null ? '' : String(r.approvedVersion),
              localDateTime(r.approvedAt, tz),
              r.reviewDueOn ?? '',
              r.needsChangedOn ?? '',
              r.sharedWithFamily ? 'Yes' : 'No',
            ]);
        })(),
      ),
    );
    ctx.progress(1, 1);
  },
};
