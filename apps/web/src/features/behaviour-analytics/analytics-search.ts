import { daysFromTo, maxAnalyticsDays, shiftDay } from '@wattle/domain/behaviour-analytics/period';

/**
 * The period of /behavior-analytics lives in the address (`?period=12m`, or
 * `?period=custom&from=2026-01-01&to=2026-03-31`), so a chart can be shared and the back button
 * returns to it. Presets end today in the tenant's zone; anything unknown falls back to 90 days.
 */
export const analyticsPeriods = ['30d', '90d', '12m', 'custom'] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];
export const analyticsPeriodLabels: Record<AnalyticsPeriod, string> = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
  custom: 'Custom dates',
};
export const defaultAnalyticsPeriod: AnalyticsPeriod = '90d';

export interface AnalyticsSearch {
  period?: AnalyticsPeriod;
  from?: string;
  to?: string;
}

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

export function validateAnalyticsSearch(search: Record<string, unknown>): AnalyticsSearch {
  const result: AnalyticsSearch = {};
  if (typeof search.period === 'string' && (analyticsPeriods as readonly string[]).includes(search.period)) {
    result.period = search.period as AnalyticsPeriod;
  }
  if (isDay(search.from)) result.from = search.from;
  if (isDay(search.to)) result.to = search.to;
  return result;
}

/** The first and last day of a preset ending `today`. */
export function presetPeriod(period: Exclude<AnalyticsPeriod, 'custom'>, today: string) {
  const days = period === '30d' ? 30 : period === '90d' ? 90 : 365;
  return { from: shiftDay(today, -(days - 1)), to: today };
}

/**
 * The days to ask for: a preset's, or the custom ones when both are there, in order and at most
 * about five years apart; otherwise null (the custom dates still need choosing or fixing), with why.
 */
export function periodOf(
  search: AnalyticsSearch,
  today: string,
): { from: string; to: string } | { problem: string } {
  const period = search.period ?? defaultAnalyticsPeriod;
  if (period !== 'custom') return presetPeriod(period, today);
  if (!search.from || !search.to) return { problem: 'Choose the first and last day of the period.' };
  if (search.to < search.from) return { problem: 'The period must end on or after its start.' };
  if (daysFromTo(search.from, search.to) >= maxAnalyticsDays) {
    return { problem: 'Choose a period of at most five years.' };
  }
  return { from: search.from, to: search.to };
}
