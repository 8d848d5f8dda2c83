import type { PlanVersionStatus } from './workflow';

/** What an audit pack needs of a plan version to say whether it was in force. */
export interface VersionDates {
  number: number;
  status: PlanVersionStatus;
  approvedAt: Date | null;
  createdAt: Date;
}

/**
 * Why a version is the pack's evidence: it was the approved version in force at some time in the
 * period, or, no version having been approved by the period's end, it is the latest one written by
 * then (else the latest of all).
 */
export type VersionBasis = 'in-force' | 'latest-not-approved';

/**
 * The versions of one plan an audit pack shows for a period [start, end): each approved version in
 * force during it, oldest first. A version is in force from its approval until the next version of
 * the plan is approved (an approved version is never changed, decision 0025). When none was in force
 * in the period (nothing approved by its end), the latest version written by the end (else the
 * latest of all) stands for the plan, marked as not approved.
 */
export function versionsInPeriod<T extends VersionDates>(
  versions: readonly T[],
  period: { start: Date; end: Date },
): { version: T; basis: VersionBasis }[] {
  const approved = versions
    .filter((v) => v.approvedAt !== null && (v.status === 'approved' || v.status === 'superseded'))
    .sort((a, b) => a.approvedAt!.getTime() - b.approvedAt!.getTime() || a.number - b.number);
  const inForce = approved.filter((version, i) => {
    const from = version.approvedAt!.getTime();
    const until = approved[i + 1]?.approvedAt?.getTime() ?? Number.POSITIVE_INFINITY;
    return from < period.end.getTime() && until > period.start.getTime();
  });
  if (inForce.length > 0) return inForce.map((version) => ({ version, basis: 'in-force' }));
  const byNumber = [...versions].sort((a, b) => b.number - a.number);
  const latest = byNumber.find((v) => v.createdAt.getTime() < period.end.getTime()) ?? byNumber[0];
  return latest ? [{ version: latest, basis: 'latest-not-approved' }] : [];
}
