import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2026-05-20T12:00:00+10:00');
const ago = (ms: number) => new Date(now.getTime() - ms);
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('formatRelativeTime', () => {
  it('says just now for the last 45 seconds, and for clocks slightly ahead', () => {
    expect(formatRelativeTime(ago(10_000), now)).toBe('just now');
    expect(formatRelativeTime(ago(-5_000), now)).toBe('just now');
  });

  it('counts whole minutes, hours and days', () => {
    expect(formatRelativeTime(ago(50_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * minute + 20_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(hour), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(3 * hour + 59 * minute), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(day + hour), now)).toBe('yesterday');
    expect(formatRelativeTime(ago(6 * day), now)).toBe('6 days ago');
  });

  it('gives the date from a week on', () => {
    expect(formatRelativeTime(ago(7 * day), now)).toMatch(/^13 May 2026$/);
  });
});
