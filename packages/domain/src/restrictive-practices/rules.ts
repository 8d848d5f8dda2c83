import { zonedInstant } from '../deadlines/local-days';
import { minutesOfDay } from '../time/clock';
import { localDateTime } from '../time/timer';
import {
  type AuthorisationStatus,
  type PracticeFigures,
  type PracticeType,
  practiceTypeLabels,
  practiceTypes,
  type ReportFigures,
} from './schemas';

/**
 * The pure rules of restrictive practices: whether a use was authorised, the status of an
 * authorisation, and a month's report figures and CSV from the log. Dates are yyyy-mm-dd in the
 * tenant's time zone; a use's day is the day it started there.
 */

export interface AuthorisationDates {
  id: string;
  practiceType: PracticeType;
  authorisedOn: string | null;
  expiresOn: string | null;
}

/**
 * Whether an authorisation is in force on a day: authorised on or before it and expiring on or
 * after it (the expiry day itself is still covered). One never authorised (no date) covers no day;
 * one without an expiry recorded runs until one is.
 */
export function isInForce(
  authorisation: Omit<AuthorisationDates, 'id' | 'practiceType'>,
  day: string,
): boolean {
  if (!authorisation.authorisedOn || authorisation.authorisedOn > day) return false;
  return !authorisation.expiresOn || day <= authorisation.expiresOn;
}

export function authorisationStatus(
  authorisation: Omit<AuthorisationDates, 'id' | 'practiceType'>,
  today: string,
): AuthorisationStatus {
  if (!authorisation.authorisedOn) return 'pending';
  if (authorisation.authorisedOn > today) return 'not-started';
  return isInForce(authorisation, today) ? 'in-force' : 'expired';
}

/**
 * The authorisation that covers a use of `practiceType` on `day`, or null when none does (the use
 * is then unauthorised, and a reportable incident). Several in force: the one running longest.
 */
export function coveringAuthorisation<T extends AuthorisationDates>(
  authorisations: readonly T[],
  practiceType: PracticeType,
  day: string,
): T | null {
  const covering = authorisations.filter((a) => a.practiceType === practiceType && isInForce(a, day));
  covering.sort((a, b) => (b.expiresOn ?? '9999-12-31').localeCompare(a.expiresOn ?? '9999-12-31'));
  return covering[0] ?? null;
}

/** The day (yyyy-mm-dd) an instant falls on in a time zone. */
export function dayIn(at: Date | string, timeZone: string): string {
  return localDateTime(new Date(at), timeZone).date;
}

/** The month (yyyy-mm) of a day. */
export function monthOfDay(day: string): string {
  return day.slice(0, 7);
}

/** The first and last day of a month (yyyy-mm). */
export function monthDays(month: string): { first: string; last: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(lastDay).padStart(2, '0')}` };
}

/** "March 2026" for 2026-03. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const name = new Date(Date.UTC(year, m - 1, 1)).toLocaleString('en-AU', { month: 'long', timeZone: 'UTC' });
  return `${name} ${year}`;
}

export interface FigureUse {
  practiceType: PracticeType;
  durationMinutes: number;
  authorised: boolean;
}

/** A month's figures from its uses: counts and minutes overall and per practice used. */
export function reportFigures(uses: readonly FigureUse[]): ReportFigures {
  const byPractice = new Map<PracticeType, PracticeFigures>();
  for (const use of uses) {
    const figures = byPractice.get(use.practiceType) ?? {
      practiceType: use.practiceType,
      useCount: 0,
      unauthorisedCount: 0,
      totalMinutes: 0,
    };
    figures.useCount += 1;
    figures.totalMinutes += use.durationMinutes;
    if (!use.authorised) figures.unauthorisedCount += 1;
    byPractice.set(use.practiceType, figures);
  }
  return {
    useCount: uses.length,
    unauthorisedCount: uses.filter((u) => !u.authorised).length,
    totalMinutes: uses.reduce((sum, u) => sum + u.durationMinutes, 0),
    byPractice: practiceTypes.flatMap((type) => byPractice.get(type) ?? []),
  };
}

export interface CsvUse extends FigureUse {
  startedAt: Date | string;
  usedByName: string | null;
  reason: string;
  behaviour: string | null;
  antecedent: string | null;
  authorisationReference: string | null;
  incidentId: string | null;
}

export const reportCsvColumns = [
  'Participant',
  'NDIS number',
  'Date',
  'Start time',
  'Duration (minutes)',
  'Practice',
  'Authorised',
  'Authorisation reference',
  'Used by',
  'Reason',
  'Behaviour',
  'Antecedent',
  'Incident',
] as const;

/**
 * The report's rows, one per use in the order they started, with dates and times on the tenant's
 * clock. Figures are the report's own; the rows let the Commission's form be filled line by line.
 */
export function reportCsvRows(
  participant: { name: string; ndisNumber: string },
  uses: readonly CsvUse[],
  timeZone: string,
): string[][] {
  return [...uses]
    .sort((a, b) => new Date(a.startedAt).getTime() - new Date(b.startedAt).getTime())
    .map((use) => {
      const at = localDateTime(new Date(use.startedAt), timeZone);
      return [
        participant.name,
        participant.ndisNumber,
        at.date,
        at.time,
        String(use.durationMinutes),
        practiceTypeLabels[use.practiceType],
        use.authorised ? 'Yes' : 'No',
        use.authorisationReference ?? '',
        use.usedByName ?? '',
        use.reason,
        use.behaviour ?? '',
        use.antecedent ?? '',
        use.incidentId ?? '',
      ];
    });
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; free text that a spreadsheet
 * would run as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The file: the header, then the rows, each line ended by CRLF (RFC 4180). */
export function toReportCsv(rows: readonly (readonly string[])[]): string {
  return [reportCsvColumns, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** "1 h 30 min", "45 min", "2 h". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** The instant (ISO) a date and 24-hour time on the tenant's clock name: what a use's form sends. */
export function instantOnClock(date: string, time: string, timeZone: string): string {
  return zonedInstant(date, minutesOfDay(time) * 60_000, timeZone).toISOString();
}

/** dd/mm/yyyy for a yyyy-mm-dd day (or the day of an ISO instant's date part). */
export function shortDate(day: string | null): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}
