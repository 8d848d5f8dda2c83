import type { TimeEntry } from '@wattle/domain/time/entries';
import { shortDayLabel } from './week';

/** 'Sat 14 Nov 09:00–10:00', '(next day)' for a shift past midnight: how an entry is named to people. */
export function entryWhen(entry: Pick<TimeEntry, 'date' | 'startTime' | 'endTime' | 'endDate'>): string {
  const nextDay = entry.endDate !== entry.date ? ' (next day)' : '';
  return `${shortDayLabel(entry.date)} ${entry.startTime}–${entry.endTime}${nextDay}`;
}
