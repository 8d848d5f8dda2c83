import { describe, expect, it } from 'vitest';
import { periodOf, validateAnalyticsSearch } from './analytics-search';

describe('the analytics period in the address', () => {
  it('keeps known periods and days, drops the rest', () => {
    expect(validateAnalyticsSearch({ period: '12m', from: '2026-01-01', to: 'soon' })).toEqual({
      period: '12m',
      from: '2026-01-01',
    });
    expect(validateAnalyticsSearch({ period: 'forever', from: '2026-02-31x' })).toEqual({});
  });

  it('presets end today; 90 days when none is chosen', () => {
    expect(periodOf({}, '2026-11-26')).toEqual({ from: '2026-08-29', to: '2026-11-26' });
    expect(periodOf({ period: '30d' }, '2026-11-26')).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(periodOf({ period: '12m' }, '2026-11-26')).toEqual({ from: '2025-11-27', to: '2026-11-26' });
  });

  it('custom dates need both ends, in order, at most five years apart', () => {
    expect(periodOf({ period: 'custom', from: '2026-01-01', to: '2026-03-31' }, '2026-11-26')).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(periodOf({ period: 'custom', from: '2026-01-01' }, '2026-11-26')).toHaveProperty('problem');
    expect(periodOf({ period: 'custom', from: '2026-03-01', to: '2026-01-01' }, '2026-11-26')).toEqual({
      problem: 'The period must end on or after its start.',
    });
    expect(periodOf({ period: 'custom', from: '2016-03-01', to: '2026-01-01' }, '2026-11-26')).toHaveProperty(
      'problem',
    );
  });
});
