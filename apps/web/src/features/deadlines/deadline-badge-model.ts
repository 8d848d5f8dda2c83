import { deadlineCountdown, formatDue } from '@wattle/domain/deadlines/deadline-text';
import {
  type DeadlineKind,
  type DeadlineStatus,
  deadlineKindLabels,
  deadlineStatus,
} from '@wattle/domain/deadlines/schemas';

/** What a deadline badge shows at a moment, worked out apart from React so it is tested plainly. */
export interface DeadlineBadgeModel {
  status: DeadlineStatus;
  /** 14/03/2026, or 14/03/2026 at 11:00 am for a deadline within a day. */
  due: string;
  /** Due in 3 days · Due in 5 h · Overdue by 2 days · Met 12/03/2026. */
  countdown: string;
  /** The whole sentence for assistive technology. */
  label: string;
}

export interface BadgeDeadline {
  kind?: DeadlineKind;
  dueAt: string | Date;
  metAt: string | Date | null;
}

export function deadlineBadgeModel(deadline: BadgeDeadline, now: Date, timeZone: string): DeadlineBadgeModel {
  const status = deadlineStatus(deadline, now);
  const due = formatDue(deadline.dueAt, timeZone);
  const countdown = deadlineCountdown(deadline, now, timeZone);
  const what = deadline.kind ? deadlineKindLabels[deadline.kind] : 'Deadline';
  return { status, due, countdown, label: `${what} due ${due}: ${countdown.toLowerCase()}` };
}
