import { addDays, minutesOfDay, minutesPerDay, timeOfDay } from '@wattle/domain/time/clock';
import {
  type CreateTimeEntryInput,
  durationMinutes,
  type TimeEntry,
  timeRangeIssue,
  type UpdateTimeEntryInput,
} from '@wattle/domain/time/entries';
import type { TimeCode } from '@wattle/domain/time/time-codes';

/**
 * What the Add Manual Time Entry dialog holds (spec work section 2) and the pure rules behind its
 * buttons: the defaults of section 5, the quick buttons, the live duration, Save & New and the
 * bodies sent to the API. Times are the tenant's wall clock ('HH:mm'); a shift past midnight has
 * `endsNextDay` (the API's `endDate`), the spec's end-after-start rule holding for same-day entries.
 */
export interface EntryFormValues {
  date: string;
  startTime: string;
  endTime: string;
  /** The shift ends the day after `date` (past midnight). */
  endsNextDay: boolean;
  timeCodeId: string;
  participantId: string | null;
  participantName: string | null;
  cardId: string | null;
  description: string;
  location: string;
  isTravel: boolean;
}

/** Spec work section 5: times 09:00-10:00 and this time code when the tenant has it active. */
export const defaultStartTime = '09:00';
export const defaultEndTime = '10:00';
export const defaultTimeCodeNumber = '01_013_0107_1_1';

/** The spec's default code if the tenant has it active, else its first active code, else none (''). */
export function defaultTimeCodeId(codes: readonly Pick<TimeCode, 'id' | 'code' | 'isActive'>[]): string {
  const active = codes.filter((code) => code.isActive);
  return (active.find((code) => code.code === defaultTimeCodeNumber) ?? active[0])?.id ?? '';
}

/** A new entry on `today` with the spec's defaults. */
export function defaultEntryValues(today: string, timeCodeId: string): EntryFormValues {
  return {
    date: today,
    startTime: defaultStartTime,
    endTime: defaultEndTime,
    endsNextDay: false,
    timeCodeId,
    participantId: null,
    participantName: null,
    cardId: null,
    description: '',
    location: '',
    isTravel: false,
  };
}

/** The form of an existing entry (to edit it). */
export function entryValues(entry: TimeEntry): EntryFormValues {
  return {
    date: entry.date,
    startTime: entry.startTime,
    endTime: entry.endTime,
    endsNextDay: entry.endDate !== entry.date,
    timeCodeId: entry.timeCodeId,
    participantId: entry.participantId,
    participantName: entry.participantName,
    cardId: entry.cardId,
    description: entry.description ?? '',
    location: entry.location ?? '',
    isTravel: entry.isTravel,
  };
}

function entryTimes(values: Pick<EntryFormValues, 'date' | 'startTime' | 'endTime' | 'endsNextDay'>) {
  return {
    date: values.date,
    startTime: values.startTime,
    endTime: values.endTime,
    endDate: values.endsNextDay && values.date ? addDays(values.date, 1) : null,
  };
}

const isTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The live duration in minutes: end minus start, never negative; 0 while a time or the date is missing. */
export function durationOf(
  values: Pick<EntryFormValues, 'date' | 'startTime' | 'endTime' | 'endsNextDay'>,
): number {
  if (!isDate(values.date) || !isTime(values.startTime) || !isTime(values.endTime)) return 0;
  return durationMinutes(entryTimes(values));
}

/** The spec's 'End time must be after start time.' (or the 24-hour limit), or null when the times are fine. */
export function timesIssue(
  values: Pick<EntryFormValues, 'date' | 'startTime' | 'endTime' | 'endsNextDay'>,
): string | null {
  if (!isDate(values.date) || !isTime(values.startTime) || !isTime(values.endTime)) return null;
  return timeRangeIssue(entryTimes(values))?.message ?? null;
}

/** Sets the end `minutes` after the start, on the next day when that passes midnight. */
function endAfterStart<T extends EntryFormValues>(values: T, minutes: number): T {
  const end = minutesOfDay(values.startTime) + minutes;
  return { ...values, endTime: timeOfDay(end), endsNextDay: end >= minutesPerDay };
}

/** +30m, +1h, +2h: the end that many minutes after the start. */
export function addToStart<T extends EntryFormValues>(values: T, minutes: number): T {
  if (!isTime(values.startTime)) return values;
  return endAfterStart(values, minutes);
}

export const quickDurations = [
  { label: '+30m', minutes: 30 },
  { label: '+1h', minutes: 60 },
  { label: '+2h', minutes: 120 },
] as const;

/**
 * Start Now: today, starting this minute. The end stays where it is while it is still after the
 * new start (and within a day); otherwise it moves with the start, keeping the entry's length (an
 * hour when it had none), so the button never leaves an entry the save buttons refuse.
 */
export function startNow<T extends EntryFormValues>(values: T, now: { date: string; time: string }): T {
  const previousLength = durationOf(values);
  const moved = { ...values, date: now.date, startTime: now.time };
  const isEndStillAfter = isTime(moved.endTime) && timeRangeIssue(entryTimes(moved)) === null;
  if (isEndStillAfter) return moved;
  return endAfterStart(moved, previousLength > 0 ? previousLength : 60);
}

/**
 * End Now: the end is this minute, on the next day when today is the day after the entry's date (a
 * shift that started last night). An end before the start is left for the caller to refuse with the
 * 'Invalid Time Range' toast.
 */
export function endNow<T extends EntryFormValues>(values: T, now: { date: string; time: string }): T {
  const endsNextDay = isDate(values.date) && now.date === addDays(values.date, 1);
  return { ...values, endTime: now.time, endsNextDay };
}

/**
 * Save & New (spec work section 2): keeps the date, code, participant, card, location and travel;
 * the start becomes the old end and the description is cleared. The new end keeps the saved entry's
 * length so the next block is ready to save. When the saved shift ended past midnight the new one
 * starts on that next day (where its start time is).
 */
export function saveAndNewValues<T extends EntryFormValues>(values: T): T {
  const length = durationOf(values);
  const date = values.endsNextDay ? addDays(values.date, 1) : values.date;
  const next = { ...values, date, startTime: values.endTime, endsNextDay: false, description: '' };
  return endAfterStart(next, length > 0 ? length : 60);
}

/** `POST /api/time-entries`. */
export function toCreateInput(values: EntryFormValues): CreateTimeEntryInput {
  const times = entryTimes(values);
  return {
    date: times.date,
    startTime: times.startTime,
    endTime: times.endTime,
    ...(times.endDate ? { endDate: times.endDate } : {}),
    timeCodeId: values.timeCodeId,
    participantId: values.participantId,
    cardId: values.cardId,
    description: values.description.trim() || null,
    location: values.location.trim() || null,
    isTravel: values.isTravel,
  };
}

/** `PATCH /api/time-entries/{id}`: every field of the form, from the version it was opened at. */
export function toUpdateInput(values: EntryFormValues, version: number): UpdateTimeEntryInput {
  const times = entryTimes(values);
  return {
    version,
    date: times.date,
    startTime: times.startTime,
    endTime: times.endTime,
    endDate: times.endDate,
    timeCodeId: values.timeCodeId,
    participantId: values.participantId,
    cardId: values.cardId,
    description: values.description.trim() || null,
    location: values.location.trim() || null,
    isTravel: values.isTravel,
  };
}
