import { type DeadlineKind, deadlineKindLabels } from './schemas';

/**
 * How a deadline reads wherever it appears (the badge, the notices): the due date in the tenant's
 * time zone as dd/mm/yyyy, with the time when the deadline is not the end of a day (a 24-hour
 * notification), and a countdown ("Due in 3 days", "Due in 5 h", "Overdue by 2 days", "Met 12/03/2026").
 */

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function formatIn(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
) {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', { timeZone, ...options });
    cache.set(timeZone, format);
  }
  return format;
}

/** 14/03/2026: the local date of an instant in the zone. */
export function formatDueDate(at: Date | string, timeZone: string): string {
  return formatIn(dateFormats, timeZone, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(at),
  );
}

/** 11:00 am: the local time of an instant in the zone. */
export function formatDueTime(at: Date | string, timeZone: string): string {
  return formatIn(timeFormats, timeZone, { hour: 'numeric', minute: '2-digit', hour12: true })
    .format(new Date(at))
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** A due instant that closes a local day (23:59:59.999) shows as a date only. */
function isEndOfDay(at: Date | string, timeZone: string): boolean {
  const next = new Date(new Date(at).getTime() + 1);
  return (
    formatDueDate(next, timeZone) !== formatDueDate(at, timeZone) && new Date(at).getUTCMilliseconds() === 999
  );
}

/** "14/03/2026", or "14/03/2026 at 11:00 am" for a deadline that falls within a day. */
export function formatDue(at: Date | string, timeZone: string): string {
  const date = formatDueDate(at, timeZone);
  return isEndOfDay(at, timeZone) ? date : `${date} at ${formatDueTime(at, timeZone)}`;
}

function span(ms: number): string {
  if (ms >= dayMs) {
    const days = Math.floor(ms / dayMs);
    return days === 1 ? '1 day' : `${days} days`;
  }
  if (ms >= hourMs) return `${Math.floor(ms / hourMs)} h`;
  return `${Math.max(1, Math.floor(ms / minuteMs))} min`;
}

/** "Due in 3 days", "Due in 5 h", "Due in 20 min", "Overdue by 2 days", "Met 12/03/2026". */
export function deadlineCountdown(
  deadline: { dueAt: Date | string; metAt: Date | string | null },
  now: Date,
  timeZone: string,
): string {
  if (deadline.metAt !== null) return `Met ${formatDueDate(deadline.metAt, timeZone)}`;
  const left = new Date(deadline.dueAt).getTime() - now.getTime();
  return left >= 0 ? `Due in ${span(left)}` : `Overdue by ${span(-left)}`;
}

/** The stages the deadline job notifies at, each once: 7 days before, 1 day before, and overdue. */
export const deadlineNoticeStages = ['week', 'day', 'overdue'] as const;
export type DeadlineNoticeStage = (typeof deadlineNoticeStages)[number];

/**
 * The stage a deadline not met is in at `now`, or null when it is more than 7 days off. Only the
 * latest stage is told: a deadline first seen 12 hours before it falls due gets the 1-day notice,
 * not a 7-day one as well.
 */
export function deadlineNoticeStage(dueAt: Date | string, now: Date): DeadlineNoticeStage | null {
  const left = new Date(dueAt).getTime() - now.getTime();
  if (left < 0) return 'overdue';
  if (left <= dayMs) return 'day';
  if (left <= 7 * dayMs) return 'week';
  return null;
}

export interface DeadlineNotice {
  message: string;
  priority: 'normal' | 'high';
}

/**
 * "Jordan Lee: Interim behaviour support plan is due 14/03/2026 (Due in 5 days)"; the 1-day and
 * overdue notices are high priority.
 */
export function deadlineNotice(
  deadline: { kind: DeadlineKind; dueAt: Date | string; participantName: string | null },
  stage: DeadlineNoticeStage,
  now: Date,
  timeZone: string,
): DeadlineNotice {
  const what = deadlineKindLabels[deadline.kind];
  const about = deadline.participantName ? `${deadline.participantName}: ${what}` : what;
  const due = formatDue(deadline.dueAt, timeZone);
  const countdown = deadlineCountdown({ dueAt: deadline.dueAt, metAt: null }, now, timeZone);
  if (stage === 'overdue') {
    return { message: `${about} was due ${due} and is overdue (${countdown})`, priority: 'high' };
  }
  return { message: `${about} is due ${due} (${countdown})`, priority: stage === 'day' ? 'high' : 'normal' };
}
