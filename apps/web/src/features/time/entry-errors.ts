import { validationIssues } from '../../lib/http';

/**
 * A refused save as the dialog shows it (the typing stays): the field the server named, with its
 * message (400 VALIDATION_FAILED, and 422 PRICING_REFUSED, which names the field a pricing rule
 * refused: an inactive code, a rate over the price limit, travel the item does not allow), or a
 * message for the whole entry: an overlap (409 OVERLAP naming the other entry), a locked or stale
 * entry, or a failure to reach the server.
 */
export interface EntryFailure {
  /** Messages by form field ('endTime', 'timeCodeId', …). */
  fields: Record<string, string>;
  /** What the alert at the foot of the dialog says; null when the fields say it all. */
  message: string | null;
}

/** The fields the dialog shows a message under; any other field's message joins the alert. */
const formFields = new Set([
  'date',
  'startTime',
  'endTime',
  'timeCodeId',
  'cardId',
  'description',
  'location',
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
