import { describe, expect, it } from 'vitest';
import { analyticsCsvColumns, analyticsCsvRows } from './analytics-csv';
import {
  assembleAnalytics,
  bucketLabel,
  bucketOf,
  bucketStarts,
  type GroupedCount,
  type GroupedUseCount,
  topRows,
} from './assemble';
import { BehaviourAnalyticsQuerySchema } from './schemas';

describe('the over-time chart’s steps', () => {
  it('is by day up to 62 days, by week up to 371, by month beyond', () => {
    expect(bucketOf('2026-01-01', '2026-01-30')).toBe('day');
    expect(bucketOf('2026-01-01', '2026-03-03')).toBe('day');
    expect(bucketOf('2026-01-01', '2026-03-04')).toBe('week');
    expect(bucketOf('2025-03-01', '2026-02-28')).toBe('week');
    expect(bucketOf('2024-01-01', '2026-01-01')).toBe('month');
  });

  it('covers the period: weeks start on the Monday on or before the first day', () => {
    // 1 January 2026 is a Thursday.
    expect(bucketStarts('2026-01-01', '2026-01-19', 'week')).toEqual([
      '2025-12-29',
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
    ]);
    expect(bucketStarts('2025-11-15', '2026-02-01', 'month')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    // A leap day.
    expect(bucketStarts('2028-02-28', '2028-03-01', 'day')).toEqual([
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
  });

  it('labels steps as dd/mm/yyyy, weeks and months', () => {
    expect(bucketLabel('2026-01-05', 'day')).toBe('05/01/2026');
    expect(bucketLabel('2026-01-05', 'week')).toBe('Week of 05/01/2026');
    expect(bucketLabel('2026-02-01', 'month')).toBe('Feb 2026');
  });
});

describe('free-text rows', () => {
  it('keeps the most frequent and folds the rest into one Other row', () => {
    const counted = new Map(
      Array.from({ length: 14 }, (_, i) => [
        `b${i}`,
        { label: `B${String(i).padStart(2, '0')}`, incidents: 20 - i, practiceUses: i === 13 ? 2 : 0 },
      ]),
    );
    const rows = topRows(counted, 12, 'Other behaviours');
    expect(rows).toHaveLength(13);
    expect(rows[0]).toMatchObject({ label: 'B00', incidents: 20 });
    expect(rows[12]).toEqual({ key: '', label: 'Other behaviours (2)', incidents: 7 + 8, practiceUses: 2 });
  });
});

describe('assembling the charts', () => {
  const incidents: GroupedCount[] = [
    { chart: 'total', key: null, label: null, count: 3 },
    { chart: 'over-time', key: '2026-03-02', label: null, count: 2 },
    { chart: 'over-time', key: '2026-03-03', label: null, count: 1 },
    { chart: 'by-behaviour', key: 'shouting', label: 'Shouting', count: 2 },
    { chart: 'by-behaviour', key: null, label: null, count: 1 },
    { chart: 'by-hour', key: '23', label: null, count: 3 },
    { chart: 'by-day-of-week', key: '1', label: null, count: 2 },
    { chart: 'by-day-of-week', key: '2', label: null, count: 1 },
    { chart: 'by-antecedent', key: null, label: null, count: 3 },
  ];
  const uses: GroupedUseCount[] = [
    { chart: 'total', key: null, label: null, count: 1, minutes: 30, unauthorised: 1 },
    { chart: 'over-time', key: '2026-03-03', label: null, count: 1, minutes: 30, unauthorised: 1 },
    { chart: 'by-behaviour', key: 'shouting', label: 'shouting', count: 1, minutes: 30, unauthorised: 1 },
    { chart: 'by-hour', key: '0', label: null, count: 1, minutes: 30, unauthorised: 1 },
    { chart: 'by-day-of-week', key: '2', label: null, count: 1, minutes: 30, unauthorised: 1 },
    { chart: 'by-antecedent', key: 'noise', label: 'Noise', count: 1, minutes: 30, unauthorised: 1 },
    { chart: 'by-practice-kind', key: 'seclusion', label: null, count: 1, minutes: 30, unauthorised: 1 },
  ];
  const analytics = assembleAnalytics({
    from: '2026-03-01',
    to: '2026-03-07',
    timeZone: 'Australia/Sydney',
    teamId: null,
    incidents,
    uses,
  });

  it('fills every step, hour and weekday and merges both sources', () => {
    expect(analytics.period.bucket).toBe('day');
    expect(analytics.overTime).toHaveLength(7);
    expect(analytics.overTime[1]).toEqual({
      key: '2026-03-02',
      label: '02/03/2026',
      incidents: 2,
      practiceUses: 0,
    });
    expect(analytics.overTime[2]).toMatchObject({ incidents: 1, practiceUses: 1 });
    expect(analytics.byHour).toHaveLength(24);
    expect(analytics.byHour[23]).toMatchObject({ label: '23:00', incidents: 3 });
    expect(analytics.byHour[0]).toMatchObject({ label: '00:00', practiceUses: 1 });
    expect(analytics.byDayOfWeek.map((d) => d.label)[0]).toBe('Monday');
    expect(analytics.byDayOfWeek[1]).toMatchObject({ incidents: 1, practiceUses: 1 });
    expect(analytics.byBehaviour).toEqual([
      { key: 'shouting', label: 'Shouting', incidents: 2, practiceUses: 1 },
    ]);
    expect(analytics.byAntecedent).toEqual([{ key: 'noise', label: 'Noise', incidents: 0, practiceUses: 1 }]);
    expect(analytics.totals).toEqual({
      incidents: 3,
      practiceUses: 1,
      practiceMinutes: 30,
      unauthorisedUses: 1,
      incidentsWithoutBehaviour: 1,
      incidentsWithoutAntecedent: 3,
    });
    expect(analytics.byPracticeKind).toHaveLength(5);
    expect(analytics.byPracticeKind.find((k) => k.kind === 'seclusion')).toEqual({
      kind: 'seclusion',
      label: 'Seclusion',
      uses: 1,
      minutes: 30,
      unauthorised: 1,
    });
  });

  it('writes every chart’s numbers to the CSV with its chart named', () => {
    const rows = analyticsCsvRows(analytics);
    expect(analyticsCsvColumns[0]).toBe('chart');
    expect(rows).toHaveLength(7 + 1 + 24 + 7 + 1 + 5);
    expect(rows).toContainEqual(['by-hour', '23', '23:00', '3', '0', '', '']);
    expect(rows).toContainEqual(['by-practice-kind', 'seclusion', 'Seclusion', '', '1', '30', '1']);
  });
});

describe('the query', () => {
  it('needs a period that ends on or after it starts and spans at most five years', () => {
    expect(BehaviourAnalyticsQuerySchema.safeParse({ from: '2026-01-01', to: '2026-03-31' }).success).toBe(
      true,
    );
    expect(BehaviourAnalyticsQuerySchema.safeParse({ from: '2026-03-01', to: '2026-01-31' }).success).toBe(
      false,
    );
    expect(BehaviourAnalyticsQuerySchema.safeParse({ from: '2016-03-01', to: '2026-01-31' }).success).toBe(
      false,
    );
    expect(BehaviourAnalyticsQuerySchema.safeParse({ from: '2026-02-30', to: '2026-03-31' }).success).toBe(
      false,
    );
  });
});
