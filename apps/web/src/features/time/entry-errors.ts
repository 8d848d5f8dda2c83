import { isApiError, validationIssues } from '../../lib/http';

/**
 * A refused save as the dialog shows it (the typing stays): the field the server named, with its
 * message, or a message for the whole entry — an overlap (409 naming the other entry), a pricing
 * rule (422: an inactive code, a rate over the price limit), or a failure to reach the server.
 */
export interface EntryFailure {
  /** Messages by form field ('endTime', 'timeCodeId', …). */
  fields: Record<string, string>;
  /** What the alert at the foot of the dialog says; null when the fields say it all. */
  message: string | null;
}

const formFields = new Set([
  'date',
  'startTime',
  'endTime',
  'endDate',
  'timeCodeId',
  'participantId',
  'cardId',
  'description',
  'location',
  'isTravel',
]);

export function entryFailure(error: unknown): EntryFailure {
  const issues = validationIssues(error);
  if (issues.length > 0) {
    const fields: Record<string, string> = {};
    const others: string[] = [];
    for (const issue of issues) {
      const field = issue.path[0];
      // A shift past midnight is checked on its end date; the dialog shows it on the end time.
      const name = field === 'endDate' ? 'endTime' : field;
      if (typeof name === 'string' && formFields.has(name)) fields[name] ??= issue.message;
      else others.push(issue.message);
    }
    return { fields, message: others.length > 0 ? others.join(' ') : null };
  }
  if (error instanceof Error) return { fields: {}, message: error.message };
  return { fields: {}, message: 'The entry could not be saved. Please try again.' };
}

/** A stale version: someone (another tab) changed the entry since it was opened. */
export function isStaleEntry(error: unknown): boolean {
  return (
    isApiError(error, 'CONFLICT') &&
    typeof error.details === 'object' &&
    error.details !== null &&
    'current' in error.details
  );
}
