import type { AnalyticsChart, BehaviourAnalytics, CountRow } from './schemas';

/**
 * `GET /api/behaviour-analytics.csv`: every chart's numbers, one row per bar, the chart named in the
 * first column. Count charts fill incidents and practice uses; the by-practice-kind chart fills
 * practice uses, minutes and unauthorised uses (its incidents cell stays empty).
 */
export const analyticsCsvColumns = [
  'chart',
  'key',
  'label',
  'incidents',
  'restrictive_practice_uses',
  'minutes',
  'unauthorised_uses',
] as const;

const countCharts: readonly [AnalyticsChart, keyof BehaviourAnalytics][] = [
  ['over-time', 'overTime'],
  ['by-behaviour', 'byBehaviour'],
  ['by-hour', 'byHour'],
  ['by-day-of-week', 'byDayOfWeek'],
  ['by-antecedent', 'byAntecedent'],
];

export function analyticsCsvRows(analytics: BehaviourAnalytics): string[][] {
  const rows: string[][] = [];
  for (const [chart, field] of countCharts) {
    for (const row of analytics[field] as CountRow[]) {
      rows.push([chart, row.key, row.label, String(row.incidents), String(row.practiceUses), '', '']);
    }
  }
  for (const row of analytics.byPracticeKind) {
    rows.push([
      'by-practice-kind',
      row.kind,
      row.label,
      '',
      String(row.uses),
      String(row.minutes),
      String(row.unauthorised),
    ]);
  }
  return rows;
}
