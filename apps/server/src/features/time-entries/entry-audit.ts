import type { FieldChange } from '@wattle/domain/audit/schemas';
import { hhmm, type TimeEntryRow } from './time-entry-records';

/** The fields of an entry its audit trail follows, with their values as the API names them. */
export const auditedEntryFields = [
  'date',
  'startTime',
  'endDate',
  'endTime',
  'durationMinutes',
  'timeCodeId',
  'participantId',
  'cardId',
  'teamId',
  'description',
  'location',
  'isTravel',
  'cancellationNoticeGivenOn',
  'supportItemNumber',
  'band',
  'unitPriceCents',
  'billableMinutes',
  'amountCents',
  'status',
  'rejectionReason',
] as const satisfies readonly (keyof TimeEntryRow)[];

type AuditedValues = Partial<Pick<TimeEntryRow, (typeof auditedEntryFields)[number]>>;

function comparable(field: string, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if ((field === 'startTime' || field === 'endTime') && typeof value === 'string') return hhmm(value);
  return value;
}

/** Every audited field that differs between two versions of an entry, old and new. */
export function entryChanges(before: AuditedValues, after: AuditedValues): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of auditedEntryFields) {
    if (!(field in after)) continue;
    const oldValue = comparable(field, before[field]);
    const newValue = comparable(field, after[field]);
    if (JSON.stringify(oldValue) !== JSON.stringify(newValue)) changes.push({ field, oldValue, newValue });
  }
  return changes;
}
