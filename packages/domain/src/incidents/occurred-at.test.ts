import { describe, expect, it } from 'vitest';
import { instantAt, occurredAtFromFields } from './occurred-at';

describe('instantAt', () => {
  it('reads a Sydney wall clock in summer (AEDT, +11) and winter (AEST, +10)', () => {
    expect(instantAt('2026-01-15', '14:30', 'Australia/Sydney').toISOString()).toBe(
      '2026-01-15T03:30:00.000Z',
    );
    expect(instantAt('2026-07-15', '14:30', 'Australia/Sydney').toISOString()).toBe(
      '2026-07-15T04:30:00.000Z',
    );
  });

  it('reads Perth (+8, no daylight saving) and Adelaide (+10:30 in summer)', () => {
    expect(instantAt('2026-01-15', '09:00', 'Australia/Perth').toISOString()).toBe(
      '2026-01-15T01:00:00.000Z',
    );
    expect(instantAt('2026-01-15', '09:00', 'Australia/Adelaide').toISOString()).toBe(
      '2026-01-14T22:30:00.000Z',
    );
  });

  it('reads midnight at a month and year end', () => {
    expect(instantAt('2026-01-01', '00:00', 'Australia/Sydney').toISOString()).toBe(
      '2025-12-31T13:00:00.000Z',
    );
  });

  it('takes the first of an hour that happens twice when daylight saving ends (5 April 2026, 02:30)', () => {
    expect(instantAt('2026-04-05', '02:30', 'Australia/Sydney').toISOString()).toBe(
      '2026-04-04T15:30:00.000Z',
    );
  });

  it('reads an hour skipped when daylight saving starts (4 October 2026, 02:30) as the hour after', () => {
    expect(instantAt('2026-10-04', '02:30', 'Australia/Sydney').toISOString()).toBe(
      '2026-10-03T16:30:00.000Z',
    );
  });
});

describe('occurredAtFromFields', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  it('uses the incident date and time', () => {
    expect(
      occurredAtFromFields(
        { 'incident-date': '2026-02-10', 'incident-time': '16:05' },
        'Australia/Brisbane',
        now,
      ),
    ).toEqual(new Date('2026-02-10T06:05:00Z'));
  });
  it('reads a date without a valid time as midnight', () => {
    expect(
      occurredAtFromFields(
        { 'incident-date': '2026-02-10', 'incident-time': '4pm' },
        'Australia/Brisbane',
        now,
      ),
    ).toEqual(new Date('2026-02-09T14:00:00Z'));
  });
  it('falls back without a date', () => {
    expect(occurredAtFromFields({}, 'Australia/Sydney', now)).toBe(now);
    expect(occurredAtFromFields({ 'incident-date': 'yesterday' }, 'Australia/Sydney', now)).toBe(now);
  });
});
