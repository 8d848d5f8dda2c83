import { instantAt } from '@wattle/domain/incidents/occurred-at';
import { formatRegisterInstant } from '@wattle/domain/incidents/register-csv';
import { localDateTime } from '@wattle/domain/time/timer';

/** dd/mm/yyyy hh:mm in the tenant's zone, as the CSV writes it; '—' for none. */
export function formatIncidentTime(at: string | null, timeZone: string): string {
  return at ? formatRegisterInstant(at, timeZone) : '—';
}

/** An instant as the value of a datetime-local input, read in the tenant's zone (not the browser's). */
export function toLocalInput(at: string | null, timeZone: string): string {
  if (!at) return '';
  const { date, time } = localDateTime(new Date(at), timeZone);
  return `${date}T${time}`;
}

/** A datetime-local input's value (the tenant's wall clock) as an ISO instant; null when empty. */
export function fromLocalInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  return match ? instantAt(match[1]!, match[2]!, timeZone).toISOString() : null;
}
