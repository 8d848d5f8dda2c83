import { daysBetween } from '../participants/plans';
import { type PracticeType, practiceTypeLabels, practiceTypes } from '../restrictive-practices/schemas';
import { addDays, dayOfWeek } from '../time/clock';
import type { AnalyticsBucket, BehaviourAnalytics, CountRow } from './schemas';

/**
 * Turns the database's grouped counts (one GROUP BY GROUPING SETS query per source) into the
 * charts: every step of the period and every hour and weekday present (zeros included), labels in
 * Australian English, free-text behaviours and antecedents cut to the most frequent ones.
 */

/** Days up to this many are charted by day, up to `weekLimitDays` by week, longer by month. */
export const dayLimitDays = 62;
export const weekLimitDays = 371;
/** Behaviours and antecedents shown one by one; the rest share an "Other" row. */
export const topTextRows = 12;

export function bucketOf(from: string, to: string): AnalyticsBucket {
  const days = daysBetween(from, to) + 1;
  if (days <= dayLimitDays) return 'day';
  if (days <= weekLimitDays) return 'week';
  return 'month';
}

/** The first day of the step that holds `day`: itself, its week's Monday, or its month's first. */
export function bucketStartOf(day: string, bucket: AnalyticsBucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 8)}01`;
  return addDays(day, -((dayOfWeek(day) + 6) % 7));
}

/** Every step's first day, from the one holding `from` to the one holding `to`. */
export function bucketStarts(from: string, to: string, bucket: AnalyticsBucket): string[] {
  const starts: string[] = [];
  let at = bucketStartOf(from, bucket);
  while (at <= to) {
    starts.push(at);
    if (bucket === 'day') at = addDays(at, 1);
    else if (bucket === 'week') at = addDays(at, 7);
    else {
      const [year, month] = at.split('-').map(Number) as [number, number];
      at = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
    }
  }
  return starts;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** yyyy-mm-dd as dd/mm/yyyy. */
export function formatDay(day: string): string {
  return day.split('-').reverse().join('/');
}

export function bucketLabel(start: string, bucket: AnalyticsBucket): string {
  if (bucket === 'day') return formatDay(start);
  if (bucket === 'week') return `Week of ${formatDay(start)}`;
  return `${monthNames[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)}`;
}

/** 9 → '09:00'. */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const weekdayLabels = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** What a grouping set of the incidents query counted. */
export interface GroupedCount {
  /** Which chart the group belongs to; 'total' is the whole period. */
  chart: 'over-time' | 'by-behaviour' | 'by-hour' | 'by-day-of-week' | 'by-antecedent' | 'total';
  /** The group's value: a step's first day, an hour, a weekday, a behaviour's key; null when not recorded. */
  key: string | null;
  /** The recorded text (free-text groups). */
  label: string | null;
  count: number;
}

/** The same for practice uses, with their minutes, unauthorised uses and the by-practice-kind chart. */
export interface GroupedUseCount extends Omit<GroupedCount, 'chart'> {
  chart: GroupedCount['chart'] | 'by-practice-kind';
  minutes: number;
  unauthorised: number;
}

interface Tally {
  label: string;
  incidents: number;
  practiceUses: number;
}

function tallies(
  incidents: readonly GroupedCount[],
  uses: readonly GroupedUseCount[],
  chart: GroupedCount['chart'],
): Map<string, Tally> {
  const byKey = new Map<string, Tally>();
  const add = (row: GroupedCount | GroupedUseCount, field: 'incidents' | 'practiceUses') => {
    if (row.chart !== chart || row.key === null) return;
    const tally = byKey.get(row.key) ?? { label: row.label ?? row.key, incidents: 0, practiceUses: 0 };
    tally[field] += row.count;
    byKey.set(row.key, tally);
  };
  for (const row of incidents) add(row, 'incidents');
  for (const row of uses) add(row, 'practiceUses');
  return byKey;
}

/** Fixed keys (every step, hour or weekday) in order, zeros where nothing happened. */
function fixedRows(counted: Map<string, Tally>, keys: readonly string[], label: (key: string) => string) {
  return keys.map((key): CountRow => {
    const tally = counted.get(key);
    return {
      key,
      label: label(key),
      incidents: tally?.incidents ?? 0,
      practiceUses: tally?.practiceUses ?? 0,
    };
  });
}

/** Free-text groups, most frequent first (then by label); beyond `limit`, one "Other" row. */
export function topRows(counted: Map<string, Tally>, limit: number, otherLabel: string): CountRow[] {
  const rows = [...counted.entries()]
    .map(
      ([key, t]): CountRow => ({ key, label: t.label, incidents: t.incidents, practiceUses: t.practiceUses }),
    )
    .sort(
      (a, b) =>
        b.incidents + b.practiceUses - (a.incidents + a.practiceUses) ||
        a.label.localeCompare(b.label, 'en-AU'),
    );
  if (rows.length <= limit) return rows;
  const rest = rows.slice(limit);
  return [
    ...rows.slice(0, limit),
    {
      key: '',
      label: `${otherLabel} (${rest.length})`,
      incidents: rest.reduce((sum, row) => sum + row.incidents, 0),
      practiceUses: rest.reduce((sum, row) => sum + row.practiceUses, 0),
    },
  ];
}

function totalOf(rows: readonly { chart: string; count: number }[]): number {
  return rows.find((row) => row.chart === 'total')?.count ?? 0;
}

/** The nulls of a free-text grouping set: records without that field. */
function unrecorded(rows: readonly GroupedCount[], chart: GroupedCount['chart']): number {
  return rows.find((row) => row.chart === chart && row.key === null)?.count ?? 0;
}

export function assembleAnalytics(input: {
  from: string;
  to: string;
  timeZone: string;
  teamId: string | null;
  incidents: readonly GroupedCount[];
  uses: readonly GroupedUseCount[];
}): BehaviourAnalytics {
  const { from, to, incidents, uses } = input;
  const bucket = bucketOf(from, to);
  const hours = Array.from({ length: 24 }, (_, hour) => String(hour));
  const weekdays = ['1', '2', '3', '4', '5', '6', '7'];
  const usesTotal = uses.find((row) => row.chart === 'total');
  const kinds = new Map(
    uses.filter((row) => row.chart === 'by-practice-kind' && row.key).map((row) => [row.key, row]),
  );
  return {
    period: { from, to, timeZone: input.timeZone, bucket },
    teamId: input.teamId,
    totals: {
      incidents: totalOf(incidents),
      practiceUses: totalOf(uses),
      practiceMinutes: usesTotal?.minutes ?? 0,
      unauthorisedUses: usesTotal?.unauthorised ?? 0,
      incidentsWithoutBehaviour: unrecorded(incidents, 'by-behaviour'),
      incidentsWithoutAntecedent: unrecorded(incidents, 'by-antecedent'),
    },
    overTime: fixedRows(tallies(incidents, uses, 'over-time'), bucketStarts(from, to, bucket), (key) =>
      bucketLabel(key, bucket),
    ),
    byBehaviour: topRows(tallies(incidents, uses, 'by-behaviour'), topTextRows, 'Other behaviours'),
    byHour: fixedRows(tallies(incidents, uses, 'by-hour'), hours, (key) => hourLabel(Number(key))),
    byDayOfWeek: fixedRows(
      tallies(incidents, uses, 'by-day-of-week'),
      weekdays,
      (key) => weekdayLabels[Number(key) - 1]!,
    ),
    byAntecedent: topRows(tallies(incidents, uses, 'by-antecedent'), topTextRows, 'Other antecedents'),
    byPracticeKind: practiceTypes.map((kind: PracticeType) => {
      const row = kinds.get(kind);
      return {
        kind,
        label: practiceTypeLabels[kind],
        uses: row?.count ?? 0,
        minutes: row?.minutes ?? 0,
        unauthorised: row?.unauthorised ?? 0,
      };
    }),
  };
}
