import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { participants } from '../../db/schema/participants';
import {
  restrictivePracticeAuthorisations as authorisations,
  restrictivePracticeReports as reports,
  restrictivePracticeUses as uses,
} from '../../db/schema/restrictive-practices';
import { users } from '../../db/schema/users';
import {
  csvChunks,
  type EvidenceSource,
  inScope,
  instantBeforePeriodEnd,
  instantInPeriod,
  localDateTime,
  pagedRows,
} from './evidence-scope';

const usedBy = alias(users, 'used_by_user');
const reviewedBy = alias(users, 'reviewed_by_user');
const submittedBy = alias(users, 'submitted_by_user');

/**
 * The restrictive-practice register (authorisations in force at any time in the period), the log of
 * each use in the period, and the monthly reports of the period's months.
 */
export const restrictivePracticeSource: EvidenceSource = {
  name: 'restrictive practices',
  weight: 1,
  async collect(ctx, out) {
    const { scope } = ctx;
    const tz = scope.timeZone;

    const registerWhere = and(
      eq(authorisations.tenantId, scope.tenantId),
      inScope(authorisations.participantId, scope.participantIds),
      instantBeforePeriodEnd(authorisations.createdAt, scope),
      or(isNull(authorisations.expiresOn), sql`${authorisations.expiresOn} >= ${scope.periodFrom}::date`),
    );
    const register = pagedRows(ctx, (tx, after, limit) =>
      tx
        .select({
          id: authorisations.id,
          participant: participants.name,
          practiceType: authorisations.practiceType,
          description: authorisations.description,
          reference: authorisations.authorisationReference,
          authorisedOn: authorisations.authorisedOn,
          expiresOn: authorisations.expiresOn,
        })
        .from(authorisations)
        .leftJoin(
          participants,
          and(
            eq(participants.tenantId, authorisations.tenantId),
            eq(participants.id, authorisations.participantId),
          ),
        )
        .where(after ? and(registerWhere, gt(authorisations.id, after)) : registerWhere)
        .orderBy(asc(authorisations.id))
        .limit(limit),
    );
    await out.add(
      'registers/restrictive-practice-register.csv',
      csvChunks(
        ['Participant', 'Practice', 'Description', 'Authorisation reference', 'Authorised on', 'Expires on'],
        (async function* () {
          for await (const page of register)
            yield page.map((r) => [
              r.participant ?? '',
              r.practiceType,
              r.description,
              r.reference ?? '',
              r.authorisedOn ?? '',
              r.expiresOn ?? '',
            ]);
        })(),
      ),
    );
    ctx.progress(1, 3);

    const useWhere = and(
      eq(uses.tenantId, scope.tenantId),
      inScope(uses.participantId, scope.participantIds),
      instantInPeriod(uses.startedAt, scope),
    );
    const useLog = pagedRows(ctx, (tx, after, limit) =>
      tx
        .select({
          id: uses.id,
          participant: participants.name,
          practiceType: uses.practiceType,
          startedAt: uses.startedAt,
          durationMinutes: uses.durationMinutes,
          usedBy: usedBy.name,
          reason: uses.reason,
          behaviour: uses.behaviour,
          antecedent: uses.antecedent,
          authorised: uses.authorised,
          reference: authorisations.authorisationReference,
          incidentId: uses.incidentId,
        })
        .from(uses)
        .leftJoin(
          participants,
          and(eq(participants.tenantId, uses.tenantId), eq(participants.id, uses.participantId)),
        )
        .leftJoin(usedBy, eq(usedBy.id, uses.usedBy))
        .leftJoin(
          authorisations,
          and(eq(authorisations.tenantId, uses.tenantId), eq(authorisations.id, uses.authorisationId)),
        )
        .where(after ? and(useWhere, gt(uses.id, after)) : useWhere)
        .orderBy(asc(uses.id))
        .limit(limit),
    );
    await out.add(
      'registers/restrictive-practice-use-log.csv',
      csvChunks(
        [
          `Started (${tz})`,
          'Participant',
          'Practice',
          'Minutes',
          'Used by',
          'Reason',
          'Behaviour',
          'Antecedent',
          'Authorised',
          'Authorisation reference',
          'Incident raised',
        ],
        (async function* () {
          for await (const page of useLog)
            yield page.map((r) => [
              localDateTime(r.startedAt, tz),
              r.participant ?? '',
              r.practiceType,
              String(r.durationMinutes),
              r.usedBy ?? '',
              r.reason,
              r.behaviour ?? '',
              r.antecedent ?? '',
              r.authorised ? 'Yes' : 'No',
              r.reference ?? '',
              r.incidentId ? 'Yes' : '',
            ]);
        })(),
      ),
    );
    ctx.progress(2, 3);

    const reportWhere = and(
      eq(reports.tenantId, scope.tenantId),
      inScope(reports.participantId, scope.participantIds),
      sql`${reports.month} >= ${scope.periodFrom.slice(0, 7)} and ${reports.month} <= ${scope.periodTo.slice(0, 7)}`,
    );
    const monthly = pagedRows(ctx, (tx, after, limit) =>
      tx
        .select({
          id: reports.id,
          participant: participants.name,
          month: reports.month,
          status: reports.status,
          useCount: reports.useCount,
          unauthorisedCount: reports.unauthorisedCount,
          totalMinutes: reports.totalMinutes,
          reviewedBy: reviewedBy.name,
          reviewedAt: reports.reviewedAt,
          submittedBy: submittedBy.name,
          submittedAt: reports.submittedAt,
          reference: reports.commissionReference,
        })
        .from(reports)
        .leftJoin(
          participants,
          and(eq(participants.tenantId, reports.tenantId), eq(participants.id, reports.participantId)),
        )
        .leftJoin(reviewedBy, eq(reviewedBy.id, reports.reviewedBy))
        .leftJoin(submittedBy, eq(submittedBy.id, reports.submittedBy))
        .where(after ? and(reportWhere, gt(reports.id, after)) : reportWhere)
        .orderBy(asc(reports.id))
        .limit(limit),
    );
    await out.add(
      'registers/restrictive-practice-monthly-reports.csv',
      csvChunks(
        [
          'Participant',
          'Month',
          'Status',
          'Uses',
          'Unauthorised uses',
          'Total minutes',
          'Reviewed by',
          `Reviewed (${tz})`,
          'Submitted by',
          `Submitted (${tz})`,
          'Commission reference',
        ],
        (async function* () {
          for await (const page of monthly)
            yield page.map((r) => [
              r.participant ?? '',
              r.month,
              r.status,
              String(r.useCount),
              String(r.unauthorisedCount),
              String(r.totalMinutes),
              r.reviewedBy ?? '',
              localDateTime(r.reviewedAt, tz),
              r.submittedBy ?? '',
              localDateTime(r.submittedAt, tz),
              r.reference ?? '',
            ]);
        })(),
      ),
    );
    ctx.progress(3, 3);
  },
};
