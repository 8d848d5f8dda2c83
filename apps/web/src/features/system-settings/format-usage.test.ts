import { describe, expect, it } from 'vitest';
import { formatBytes, formatUptime, usedOf } from './format-usage';

describe('System Settings numbers', () => {
  it('writes bytes in powers of 1024', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 ** 3)).toBe('10 GB');
    expect(formatBytes(250 * 1024 ** 2)).toBe('250 MB');
  });

  it('writes uptime in days, hours and minutes', () => {
    expect(formatUptime(30)).toBe('under a minute');
    expect(formatUptime(93_784)).toBe('1 day 2 h 3 min');
    expect(formatUptime(7200)).toBe('2 h');
  });

  it('writes usage against a limit, or no limit', () => {
    expect(usedOf(3, 25)).toBe('3 of 25');
    expect(usedOf(3, -1)).toBe('3 (no limit)');
  });
});
