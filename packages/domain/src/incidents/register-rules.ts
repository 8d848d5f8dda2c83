import { incidentMessages, type PatchIncidentInput, type ReportableCategory } from './schemas';

/** The register fields the Commission's rules read, as stored. */
export interface ReportableState {
  reportable: boolean;
  reportableCategory: ReportableCategory | null;
  awareAt: Date | null;
  awareBy: string | null;
  notifiedAt: Date | null;
  fiveDayReportAt: Date | null;
}

export interface RegisterProblem {
  path: (keyof PatchIncidentInput)[];
  message: string;
}

/** A clock a minute ahead of the server's still counts as now (browsers' clocks drift). */
const clockSkewMs = 60_000;

/**
 * The reportable fields after a change, or the problems that refuse it. Marking an incident
 * reportable needs a category and takes awareAt as given, as already recorded, or now and the
 * caller. A notification or 5-day report is recorded only on a reportable incident, never in the
 * future and never before the awareness. Un-marking keeps what was recorded (the history stays)
 * while the clocks stop.
 */
export function nextReportableState(
  current: ReportableState,
  patch: PatchIncidentInput,
  actorId: string,
  now: Date,
): { state: ReportableState; problems: RegisterProblem[] } {
  const problems: RegisterProblem[] = [];
  const reportable = patch.reportable ?? current.reportable;
  const reportableCategory =
    patch.reportableCategory !== undefined ? patch.reportableCategory : current.reportableCategory;
  if (reportable && !reportableCategory) {
    problems.push({ path: ['reportableCategory'], message: incidentMessages.categoryNeeded });
  }

  let awareAt = patch.awareAt !== undefined ? toDate(patch.awareAt) : current.awareAt;
  let awareBy = current.awareBy;
  if (patch.awareAt !== undefined) awareBy = patch.awareAt === null ? null : actorId;
  if (reportable && awareAt === null) {
    // Marked reportable without saying when: the caller became aware now.
    awareAt = now;
    awareBy = actorId;
  }
  if (awareAt && awareAt.getTime() > now.getTime() + clockSkewMs) {
    problems.push({ path: ['awareAt'], message: incidentMessages.awareInFuture });
  }

  const notifiedAt = patch.notifiedAt !== undefined ? toDate(patch.notifiedAt) : current.notifiedAt;
  const fiveDayReportAt =
    patch.fiveDayReportAt !== undefined ? toDate(patch.fiveDayReportAt) : current.fiveDayReportAt;
  for (const [field, value] of [
    ['notifiedAt', patch.notifiedAt],
    ['fiveDayReportAt', patch.fiveDayReportAt],
  ] as const) {
    if (value === undefined || value === null) continue;
    const at = new Date(value);
    if (!reportable) problems.push({ path: [field], message: incidentMessages.notReportable });
    else if (at.getTime() > now.getTime() + clockSkewMs)
      problems.push({ path: [field], message: incidentMessages.recordedInFuture });
    // Forms record minutes: a notification in the same minute as the awareness is not earlier.
    else if (awareAt && at.getTime() < Math.floor(awareAt.getTime() / 60_000) * 60_000)
      problems.push({ path: [field], message: incidentMessages.beforeAware });
  }

  return {
    state: { reportable, reportableCategory, awareAt, awareBy, notifiedAt, fiveDayReportAt },
    problems,
  };
}

function toDate(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}
