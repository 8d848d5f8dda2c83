/**
 * The timesheet's place in the address (`/timesheet?week=2026-11-09&tab=approvals`), so a week can be
 * bookmarked, Back returns to the week left and the timer's 'Go to Timesheet' opens the week it ran
 * in. Read by the router on its first load, so it uses no schemas: plain date arithmetic in UTC,
 * where a 'YYYY-MM-DD' date never shifts.
 */
export interface TimesheetSearch {
  /** The Monday of the week shown; this week when left out. */
  week?: string;
  /** The team lead's approvals instead of the person's own week. */
  tab?: 'approvals';
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** The Monday of the week `date` falls in (a week starts on Monday; Sunday closes it). */
export function weekStartOf(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  const sinceMonday = (at.getUTCDay() + 6) % 7;
  at.setUTCDate(at.getUTCDate() - sinceMonday);
  return at.toISOString().slice(0, 10);
}

/** A date the address carries, as the Monday of its week; anything that is not a real date is dropped. */
export function parseWeekParam(value: unknown): string | undefined {
  if (typeof value !== 'string' || !datePattern.test(value)) return undefined;
  const at = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value) return undefined;
  return weekStartOf(value);
}

export function validateTimesheetSearch(search: Record<string, unknown>): TimesheetSearch {
  const week = parseWeekParam(search.week);
  return {
    ...(week ? { week } : {}),
    ...(search.tab === 'approvals' ? { tab: 'approvals' as const } : {}),
  };
}
