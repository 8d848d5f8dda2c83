import { z } from 'zod';
import { PagingQuerySchema } from '../api/envelope';

/**
 * Commission deadlines (issue 16 item 2): one row per kind and subject, kept by the service that owns
 * the subject whenever the dates it runs from change. The rules that answer `dueAt` are in
 * commission-deadlines.ts; decision record 0024 gives their sources.
 */

export const deadlineKinds = [
  'bsp-interim',
  'bsp-comprehensive',
  'bsp-review',
  'incident-notification',
  'incident-five-day-report',
  'rp-monthly-report',
] as const;
export const DeadlineKindSchema = z.enum(deadlineKinds);
export type DeadlineKind = z.infer<typeof DeadlineKindSchema>;
export const deadlineKindLabels: Record<DeadlineKind, string> = {
  'bsp-interim': 'Interim behaviour support plan',
  'bsp-comprehensive': 'Comprehensive behaviour support plan',
  'bsp-review': 'Behaviour support plan review',
  'incident-notification': 'Reportable incident notification',
  'incident-five-day-report': 'Reportable incident 5-day report',
  'rp-monthly-report': 'Monthly restrictive practice report',
};

/** Kinds about an incident: family guardians never see them; owners and admins hear about them. */
export const incidentDeadlineKinds = ['incident-notification', 'incident-five-day-report'] as const;
export function isIncidentDeadlineKind(kind: DeadlineKind): boolean {
  return (incidentDeadlineKinds as readonly string[]).includes(kind);
}

/** What a deadline is about: a behaviour support engagement, a plan, an incident or a month's report. */
export const deadlineSubjectTypes = ['engagement', 'plan', 'incident', 'rp-report'] as const;
export const DeadlineSubjectTypeSchema = z.enum(deadlineSubjectTypes);
export type DeadlineSubjectType = z.infer<typeof DeadlineSubjectTypeSchema>;

/**
 * Where a deadline stands at a moment: met once `metAt` is recorded (early or late), otherwise
 * overdue past `dueAt`, due soon within `dueSoonDays`, else upcoming.
 */
export const deadlineStatuses = ['met', 'overdue', 'due-soon', 'upcoming'] as const;
export const DeadlineStatusSchema = z.enum(deadlineStatuses);
export type DeadlineStatus = z.infer<typeof DeadlineStatusSchema>;
export const deadlineStatusLabels: Record<DeadlineStatus, string> = {
  met: 'Met',
  overdue: 'Overdue',
  'due-soon': 'Due soon',
  upcoming: 'Upcoming',
};

/** A deadline is "due soon" this many days (elapsed, 24-hour days) before it falls due. */
export const dueSoonDays = 7;
const dayMs = 24 * 60 * 60 * 1000;

export function deadlineStatus(
  deadline: { dueAt: Date | string; metAt: Date | string | null },
  now: Date,
): DeadlineStatus {
  if (deadline.metAt !== null) return 'met';
  const left = new Date(deadline.dueAt).getTime() - now.getTime();
  if (left < 0) return 'overdue';
  return left <= dueSoonDays * dayMs ? 'due-soon' : 'upcoming';
}

export const DeadlineSchema = z.object({
  id: z.uuid(),
  kind: DeadlineKindSchema,
  subjectType: DeadlineSubjectTypeSchema,
  subjectId: z.uuid(),
  participantId: z.uuid().nullable(),
  teamId: z.uuid().nullable(),
  dueAt: z.iso.datetime({ offset: true }),
  metAt: z.iso.datetime({ offset: true }).nullable(),
  status: DeadlineStatusSchema,
});
export type Deadline = z.infer<typeof DeadlineSchema>;
/** The name the issue 16 parts agreed on (owners.md); the same schema. */
export const deadlineSchema = DeadlineSchema;

/** The short form a record carries of its own deadlines (`/api/incidents` items: `deadlines`). */
export const DeadlineSummarySchema = DeadlineSchema.pick({
  kind: true,
  dueAt: true,
  metAt: true,
  status: true,
});
export type DeadlineSummary = z.infer<typeof DeadlineSummarySchema>;

/** The list filter's statuses: `open` is every deadline not met (overdue, due soon and upcoming). */
export const deadlineFilterStatuses = ['open', 'overdue', 'due-soon', 'met'] as const;
export const DeadlineFilterStatusSchema = z.enum(deadlineFilterStatuses);
export type DeadlineFilterStatus = z.infer<typeof DeadlineFilterStatusSchema>;

/** GET /api/deadlines: sorted by `dueAt`, soonest first. */
export const DeadlineListQuerySchema = PagingQuerySchema.extend({
  participantId: z.uuid().optional(),
  teamId: z.uuid().optional(),
  kind: DeadlineKindSchema.optional(),
  status: DeadlineFilterStatusSchema.optional(),
});
export type DeadlineListQuery = z.infer<typeof DeadlineListQuerySchema>;

/** A deadline as GET /api/deadlines lists it: with the participant and team it is about, for labels and links. */
export const DeadlineListItemSchema = DeadlineSchema.extend({
  participantName: z.string().nullable(),
  teamName: z.string().nullable(),
  teamSlug: z.string().nullable(),
});
export type DeadlineListItem = z.infer<typeof DeadlineListItemSchema>;

/** The incidents register with the incident open in its side panel (`/incidents?incident=<id>`). */
export function incidentLink(incidentId: string): string {
  return `/incidents?incident=${encodeURIComponent(incidentId)}`;
}

/**
 * Where a deadline's item is in the app: a plan's overview, the team's behaviour support home for an
 * engagement (no plan yet), the incidents register with the incident open, the team's restrictive
 * practices for a month's report. Null when the team (slug) is unknown.
 */
export function deadlineLink(deadline: {
  subjectType: DeadlineSubjectType;
  subjectId: string;
  participantId: string | null;
  teamSlug: string | null;
}): string | null {
  switch (deadline.subjectType) {
    case 'incident':
      return incidentLink(deadline.subjectId);
    case 'plan':
      return deadline.teamSlug ? `/my-teams/${deadline.teamSlug}/bsp/${deadline.subjectId}` : null;
    case 'engagement':
      return deadline.teamSlug ? `/my-teams/${deadline.teamSlug}/bsp` : null;
    case 'rp-report':
      return deadline.teamSlug ? `/my-teams/${deadline.teamSlug}/restrictive-practices` : null;
  }
}
