import { type ParticipantStatus, participantStatusLabels } from '@wattle/domain/participants/schemas';

/** Words and formats the participant screens share. Plain functions, unit-tested. */

const dayFormat = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date (yyyy-mm-dd) as '14 Mar 2009'; the date itself, whatever the viewer's time zone. */
export function formatDate(day: string | null | undefined): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** 'N days left', 'Ends today', or 'Ended N days ago' for a plan's days left. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return 'Ends today';
  if (daysLeft > 0) return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
  const ago = -daysLeft;
  return `Ended ${ago} ${ago === 1 ? 'day' : 'days'} ago`;
}

/** When an upcoming plan starts: 'Tomorrow', 'In N days' ('Started' once it has). */
export function startsInText(days: number): string {
  if (days <= 0) return 'Started';
  if (days === 1) return 'Tomorrow';
  return `In ${days} days`;
}

export function statusLabel(status: ParticipantStatus): string {
  return participantStatusLabels[status];
}

/** '3 goals', '1 alert', 'No alerts'. */
export function countText(count: number, singular: string, plural = `${singular}s`): string {
  if (count === 0) return `No ${plural}`;
  return `${count} ${count === 1 ? singular : plural}`;
}
